/**
 * Project API keys: their lifecycle (E6, E12), the rule that a project keeps a usable key, and the filter that
 * authenticates /api/pay calls by key. Owns the project_keys table; offers {@link com.paycore.apikey.ApiKeyService} to the
 * vault (a key's secured properties) and to projects (the first key of a new project). A key's material comes from
 * {@link com.paycore.apikey.KeyMaterial}: JDK RSA, and for OpenPGP keys {@link com.paycore.apikey.OpenPgpKeyRing}
 * (BouncyCastle, loaded with the first OpenPGP key made).
 */
package com.paycore.apikey;

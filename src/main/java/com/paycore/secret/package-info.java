/**
 * Secrets at rest and the master key (docs/operations.md, "Rotating the master key"): the sealing box ({@link SecretBox},
 * AES-256-GCM under the master key, previous keys still open), the sealed columns each feature declares
 * ({@link SecretColumns}), the start-time check that re-seals everything under the current key
 * ({@link MasterKeyStartup}), the wrapped key of every keyed hash ({@link LookupKey}), and the primitives beside them:
 * opaque tokens and their digests ({@link Secrets}), PEM text ({@link Pem}) and owner-only secret files
 * ({@link SecretFiles}). A feature like the others: it uses the platform only.
 */
package com.paycore.secret;

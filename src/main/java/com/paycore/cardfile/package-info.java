/**
 * Card files: a merchant's card book as one OpenPGP message (DESIGN.md section 13). {@link
 * com.paycore.cardfile.CardFileReader} reads such a message as a stream, decrypted with a FileContentPGPKey's secret
 * ring and checked as the whole-file rules require (AES only, integrity protection, signature where required,
 * expansion and row limits, the CSV header), and hands each row to a {@link com.paycore.cardfile.RowSink}; failures of
 * the file are {@link com.paycore.cardfile.CardFileException}s. The signers of a project ({@code
 * /api/adm/cardFileSigners}, {@link com.paycore.cardfile.CardFileSignerService}) are the keys its files must be signed
 * by; {@link com.paycore.cardfile.SignerKeys} checks a key given for one, {@link
 * com.paycore.cardfile.CardExportRecipient} the key a card export goes to, both reading it with {@link
 * com.paycore.cardfile.OpenPgpPublicKeys}. BouncyCastle loads with the first file read
 * or key checked. Its types are package-private until a caller outside the package needs them.
 */
package com.paycore.cardfile;

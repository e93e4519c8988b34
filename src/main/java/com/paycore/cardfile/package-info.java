/**
 * Card files: a merchant's card book as one OpenPGP message (DESIGN.md section 13). {@link
 * com.paycore.cardfile.CardFileReader} reads such a message as a stream, decrypted with a FileContentPGPKey's secret
 * ring and checked as the whole-file rules require (AES only, integrity protection, signature where required,
 * expansion and row limits, the CSV header), and hands each row to a {@link com.paycore.cardfile.RowSink}; failures of
 * the file are {@link com.paycore.cardfile.CardFileException}s. No table and no endpoint yet; BouncyCastle loads with
 * the first file read. Its types are package-private until a caller outside the package needs them.
 */
package com.paycore.cardfile;

package com.paycore.cardfile;

import java.util.List;

/**
 * What a completely read card file was.
 *
 * @param keyId the id of the decryption key it was encrypted to
 * @param cipher the symmetric cipher (AES-128, AES-192 or AES-256)
 * @param signerId the id of the signer whose signature verified, or null when the file was read without signers
 * @param rows the number of card rows
 * @param expandedBytes the decrypted, decompressed size
 * @param columns the header's columns, in file order
 */
record CardFileSummary(String keyId, String cipher, String signerId, long rows, long expandedBytes,
        List<String> columns) {
}

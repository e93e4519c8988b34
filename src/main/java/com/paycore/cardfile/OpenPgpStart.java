package com.paycore.cardfile;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Set;

import org.bouncycastle.bcpg.BCPGInputStream;
import org.bouncycastle.bcpg.PacketTags;
import org.bouncycastle.openpgp.PGPUtil;

/**
 * Whether a body starts as an OpenPGP message: BouncyCastle reads its first packet's tag, through the ASCII armor
 * when there is one, and the tag must be one that can open a message. Only the upload's quick refusal: the whole
 * message is read by {@link CardFileReader} when the file is processed.
 */
final class OpenPgpStart {

    /** Encrypted session keys, one-pass signature, compressed, encrypted and literal data, marker. */
    private static final Set<Integer> OPENING = Set.of(PacketTags.PUBLIC_KEY_ENC_SESSION, PacketTags.SYMMETRIC_KEY_ENC_SESSION,
            PacketTags.ONE_PASS_SIGNATURE, PacketTags.COMPRESSED_DATA, PacketTags.SYMMETRIC_KEY_ENC,
            PacketTags.MARKER, PacketTags.LITERAL_DATA, PacketTags.SYM_ENC_INTEGRITY_PRO);

    private OpenPgpStart() {
    }

    static boolean looksLikeMessage(byte[] start) {
        if (start.length == 0) {
            return false;
        }
        try (InputStream in = PGPUtil.getDecoderStream(new ByteArrayInputStream(start))) {
            return OPENING.contains(new BCPGInputStream(in).nextPacketTag());
        } catch (IOException | RuntimeException notOpenPgp) {
            // BouncyCastle reports a malformed start (bad armor, no packet) as IOExceptions and, for some, runtime ones
            return false;
        }
    }
}

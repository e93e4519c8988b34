package com.paycore.apikey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.security.KeyFactory;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;

import org.bouncycastle.openpgp.PGPPublicKeyRing;
import org.bouncycastle.openpgp.PGPSecretKeyRing;
import org.bouncycastle.openpgp.PGPUtil;
import org.bouncycastle.openpgp.operator.bc.BcKeyFingerprintCalculator;
import org.junit.jupiter.api.Test;

class KeyMaterialTest {

    @Test
    void valuesAreLongRandomAndMaskedToTheLastFour() {
        String a = KeyMaterial.newValue();
        String b = KeyMaterial.newValue();
        assertNotEquals(a, b);
        assertTrue(a.startsWith("pk_") && a.length() >= 40, a);
        assertEquals("****" + a.substring(a.length() - 4), KeyMaterial.mask(a));
    }

    @Test
    void transactionKeysHoldAMatchingRsaKeyPair() throws Exception {
        KeyMaterial.Generated g = KeyMaterial.generate(KeyType.TransactionRSAKey, "project-1");
        assertTrue(g.publicKey().startsWith("-----BEGIN PUBLIC KEY-----"));
        String body = g.publicKey().replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        KeyFactory rsa = KeyFactory.getInstance("RSA");
        RSAPublicKey pub = (RSAPublicKey) rsa.generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(body)));
        RSAPrivateCrtKey priv = (RSAPrivateCrtKey) rsa.generatePrivate(new PKCS8EncodedKeySpec(g.privateKey()));
        assertEquals(pub.getModulus(), priv.getModulus());
        assertEquals(2048, pub.getModulus().bitLength());
    }

    @Test
    void fileKeysHoldAnArmoredOpenPgpKeyRing() throws Exception {
        KeyMaterial.Generated g = KeyMaterial.generate(KeyType.FileContentPGPKey, "project-2");
        assertTrue(g.publicKey().contains("-----BEGIN PGP PUBLIC KEY BLOCK-----"), g.publicKey());
        PGPPublicKeyRing ring = new PGPPublicKeyRing(PGPUtil.getDecoderStream(
                new ByteArrayInputStream(g.publicKey().getBytes())), new BcKeyFingerprintCalculator());
        PGPSecretKeyRing secret = new PGPSecretKeyRing(g.privateKey(), new BcKeyFingerprintCalculator());
        assertEquals(ring.getPublicKey().getKeyID(), secret.getPublicKey().getKeyID());
        assertEquals("project-2", ring.getPublicKey().getUserIDs().next());
    }
}

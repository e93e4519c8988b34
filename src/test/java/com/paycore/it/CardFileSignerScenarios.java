package com.paycore.it;

import static com.paycore.it.Api.aCompany;
import static com.paycore.it.Api.aMember;
import static com.paycore.it.Api.aPlatformAdmin;
import static com.paycore.it.Api.aProject;
import static com.paycore.it.Api.aProjectAssignedTo;
import static com.paycore.it.Api.anAdminOf;
import static com.paycore.it.Api.as;
import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.created;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static com.paycore.it.CompanyScenarios.body;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.restassured.response.Response;

/**
 * The signers of a project's card files (DESIGN.md section 13): added by the company's Admins and platform
 * administrators, listed with their fingerprints, removed; keys that cannot sign, secret keys and garbage refused.
 */
abstract class CardFileSignerScenarios {

    static final String SIGNERS = "/api/adm/cardFileSigners";

    /** Keys made once by GnuPG for all scenarios (its home is removed when the test JVM ends). */
    private static final class Keys {
        static final GpgKeys MADE = new GpgKeys();
        static final String SIGNER = MADE.generate("signer", "sign");
        static final String OTHER = MADE.generate("other", "sign");
        /** A primary that may only certify, with an encryption subkey: nothing in it can sign. */
        static final String ENCRYPT_ONLY = MADE.withEncryptionSubkey("encrypt-only", "cert");
        static final String SECRET = MADE.exportedSecret("signer");
    }

    static Map<String, Object> signer(UUID project, String publicKey) {
        return body("companyProjectId", project, "publicKey", publicKey);
    }

    static String signerPath(UUID id) {
        return SIGNERS + "/" + id;
    }

    static List<Map<String, Object>> signersOf(UUID project) {
        return ok(asRoot().queryParam("CompanyProjectId", project).queryParam("limit", 1000).get(SIGNERS)).getList("entries");
    }

    /** A line of the key's base64 body: none of it may reach an audit row. */
    static String keyText(String armored) {
        return armored.lines().filter(l -> l.length() >= 60 && !l.startsWith("-----")).findFirst().orElseThrow();
    }

    @Test
    void aCompanyAdminAddsListsReadsAndRemovesASignerAndEachIsAudited() {
        OffsetDateTime from = OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(5);
        UUID company = aCompany();
        UUID project = aProject(company);
        String admin = anAdminOf(company).token();
        String fingerprint = Keys.MADE.fingerprint("signer").toUpperCase();

        Response added = as(admin).body(signer(project, Keys.SIGNER)).post(SIGNERS);
        UUID id = created(added);
        assertTrue(added.header("Location") != null && added.header("Location").endsWith(signerPath(id)),
                added.header("Location"));
        assertEquals(fingerprint, JsonBody.of(added).getString("fingerprint"), added.asString());

        List<Map<String, Object>> listed = ok(as(admin).queryParam("CompanyProjectId", project).get(SIGNERS)).getList("entries");
        assertEquals(1, listed.size(), listed.toString());
        Map<String, Object> entry = listed.get(0);
        assertEquals(id.toString(), entry.get("id"));
        assertEquals(project.toString(), entry.get("companyProjectId"));
        assertEquals(fingerprint, entry.get("fingerprint"));
        assertTrue(((String) entry.get("fingerprint")).matches("[0-9A-F]{40}"), entry.toString());
        assertTrue(((String) entry.get("publicKey")).startsWith("-----BEGIN PGP PUBLIC KEY BLOCK-----"), entry.toString());
        assertNotNull(OffsetDateTime.parse((String) entry.get("createdDate")));
        assertEquals(fingerprint, ok(as(admin).get(signerPath(id))).getString("entry.fingerprint"));

        ok(as(admin).delete(signerPath(id)));
        assertEquals(List.of(), ok(as(admin).queryParam("CompanyProjectId", project).get(SIGNERS)).getList("entries"));
        refused(as(admin).get(signerPath(id)), 404);
        refused(as(admin).delete(signerPath(id)), 404);

        Response audit = Api.auditOf(company, from);
        List<Map<String, Object>> events = ok(audit).getList("entries");
        for (String action : List.of("CardFileSignerAdded", "CardFileSignerRemoved")) {
            Map<String, Object> event = events.stream()
                    .filter(e -> action.equals(e.get("action")) && id.toString().equals(e.get("targetId")))
                    .findFirst().orElseThrow(() -> new AssertionError(action + " not audited: " + audit.asString()));
            assertEquals("fingerprint=" + fingerprint, event.get("details"), event.toString());
        }
        assertFalse(audit.asString().contains(keyText(Keys.SIGNER)), "an audit row holds the key: " + audit.asString());
    }

    @Test
    void theSameKeyTwiceForAProjectIs400AndAnotherProjectMayHoldIt() {
        UUID company = aCompany();
        UUID project = aProject(company);
        created(asRoot().body(signer(project, Keys.SIGNER)).post(SIGNERS));
        String message = refused(asRoot().body(signer(project, "\n" + Keys.SIGNER)).post(SIGNERS), 400)
                .getString("errorMessage");
        assertTrue(message.startsWith("publicKey") && message.contains("already"), message);
        created(asRoot().body(signer(aProject(company), Keys.SIGNER)).post(SIGNERS));
        created(asRoot().body(signer(project, Keys.OTHER)).post(SIGNERS));
        assertEquals(
                List.of(Keys.MADE.fingerprint("signer").toUpperCase(), Keys.MADE.fingerprint("other").toUpperCase()),
                signersOf(project).stream().map(e -> e.get("fingerprint")).toList());
    }

    @Test
    void keysThatCannotSignSecretKeysAndGarbageAre400NamingPublicKeyAndNothingIsStored() {
        OffsetDateTime from = OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(5);
        UUID company = aCompany();
        UUID project = aProject(company);
        String admin = anAdminOf(company).token();
        for (String bad : List.of("garbage", Keys.SECRET, Keys.SECRET.replace("PRIVATE KEY", "PUBLIC KEY"),
                Keys.ENCRYPT_ONLY, "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nAAAA\n-----END PGP PUBLIC KEY BLOCK-----\n",
                Keys.SIGNER + "\n".repeat(64 * 1024), "")) {
            String message = refused(as(admin).body(signer(project, bad)).post(SIGNERS), 400).getString("errorMessage");
            assertTrue(message.contains("publicKey"), message);
        }
        String secret = refused(as(admin).body(signer(project, Keys.SECRET)).post(SIGNERS), 400).getString("errorMessage");
        assertTrue(secret.contains("secret key"), secret);
        String encryptOnly = refused(as(admin).body(signer(project, Keys.ENCRYPT_ONLY)).post(SIGNERS), 400)
                .getString("errorMessage");
        assertTrue(encryptOnly.contains("cannot verify signatures"), encryptOnly);
        refused(as(admin).body(body("publicKey", Keys.SIGNER)).post(SIGNERS), 400);
        refused(as(admin).body(body("companyProjectId", "not-a-guid", "publicKey", Keys.SIGNER)).post(SIGNERS), 400);
        assertEquals(List.of(), signersOf(project));
        String audit = Api.auditOf(company, from).asString();
        assertFalse(audit.contains(keyText(Keys.SECRET)), "an audit row holds the secret key: " + audit);
    }

    @Test
    void companyUsersListTheirProjectsSignersAndChangeNothing() {
        UUID company = aCompany();
        Api.Member user = aMember(company, "User");
        UUID project = aProjectAssignedTo(company, user.companyUserId());
        UUID id = created(asRoot().body(signer(project, Keys.SIGNER)).post(SIGNERS));
        String token = user.token();
        assertEquals(List.of(id.toString()),
                ok(as(token).queryParam("CompanyProjectId", project).get(SIGNERS)).getList("entries.id"));
        refused(as(token).body(signer(project, Keys.OTHER)).post(SIGNERS), 403);
        refused(as(token).delete(signerPath(id)), 403);
        assertEquals(1, signersOf(project).size());
    }

    @Test
    void anotherCompanysAdminSeesNeitherTheProjectNorItsSigners() {
        UUID company = aCompany();
        UUID project = aProject(company);
        UUID id = created(asRoot().body(signer(project, Keys.SIGNER)).post(SIGNERS));
        String outsider = anAdminOf(aCompany()).token();
        JsonBody post = refused(as(outsider).body(signer(project, Keys.OTHER)).post(SIGNERS), 404);
        assertTrue(post.getString("errorMessage").startsWith("Project"), post.getString("errorMessage"));
        refused(as(outsider).queryParam("CompanyProjectId", project).get(SIGNERS), 404);
        assertFalse(ok(as(outsider).queryParam("limit", 1000).get(SIGNERS)).getList("entries.id").contains(id.toString()));
        JsonBody get = refused(as(outsider).get(signerPath(id)), 404);
        JsonBody missing = refused(as(outsider).get(signerPath(UUID.randomUUID())), 404);
        assertEquals(missing.getString("errorMessage"), get.getString("errorMessage"), "a foreign signer looks missing");
        refused(as(outsider).delete(signerPath(id)), 404);
        refused(asRoot().delete(SIGNERS + "/not-a-guid"), 400);
        assertEquals(1, signersOf(project).size());
    }

    @Test
    void aPlatformAdministratorMayAddAndRemove() {
        UUID project = aProject(aCompany());
        String platformAdmin = aPlatformAdmin().token();
        UUID id = created(as(platformAdmin).body(signer(project, Keys.SIGNER)).post(SIGNERS));
        assertEquals(List.of(id.toString()), signersOf(project).stream().map(e -> e.get("id")).toList());
        ok(as(platformAdmin).delete(signerPath(id)));
        assertEquals(List.of(), signersOf(project));
    }
}

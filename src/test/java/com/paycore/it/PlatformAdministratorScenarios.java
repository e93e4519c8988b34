package com.paycore.it;

import static com.paycore.it.Api.as;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.restassured.response.Response;

/**
 * The platform never loses its last active platform administrator, also when two of them demote each other at the
 * same moment on two instances. The rule is platform-wide, so the test first demotes the platform administrators
 * earlier tests left behind, keeping the bootstrap one.
 */
abstract class PlatformAdministratorScenarios {

    private static final String USERS = "/api/adm/users";

    private static List<UUID> activePlatformAdmins(String rootToken) {
        List<UUID> admins = new ArrayList<>();
        for (int offset = 0; ; offset += 1000) {
            JsonBody page = ok(as(rootToken).queryParam("limit", 1000).queryParam("offset", offset).get(USERS));
            List<Map<String, Object>> entries = page.getList("entries");
            for (Map<String, Object> user : entries) {
                if (Boolean.TRUE.equals(user.get("platformAdmin")) && Boolean.TRUE.equals(user.get("isActive"))) {
                    admins.add(UUID.fromString((String) user.get("id")));
                }
            }
            if (entries.size() < 1000) {
                return admins;
            }
        }
    }

    private static Map<String, Object> demotion(String email) {
        return Map.of("email", email, "platformAdmin", false);
    }

    @Test
    void theLastActivePlatformAdministratorCannotBeDemotedOrDeactivated() {
        String root = Api.rootToken();
        Api.Person other = Api.aPlatformAdmin();
        for (UUID leftover : activePlatformAdmins(root)) {
            if (!leftover.equals(other.id()) && !leftover.equals(rootId(root))) {
                String email = ok(as(root).get(USERS + "/" + leftover)).getString("entry.email");
                ok(as(root).body(demotion(email)).put(USERS + "/" + leftover));
            }
        }
        ok(as(root).body(demotion(other.email())).put(USERS + "/" + other.id()));
        refused(as(root).body(demotion(Api.ROOT_EMAIL)).put(USERS + "/" + rootId(root)), 400);
        refused(as(root).body(Map.of("email", Api.ROOT_EMAIL, "isActive", false)).put(USERS + "/" + rootId(root)), 400);
    }

    /**
     * Each round: the bootstrap administrator and a fresh one, the only active ones, demote each other at once, one
     * request on each instance. Exactly one demotion wins; the other is refused (400, or 403 if its caller had lost
     * the rights first). The demoted root is restored after each round.
     */
    @Test
    void concurrentMutualDemotionsNeverLeaveThePlatformWithoutAdministrator() throws Exception {
        String root = Api.rootToken();
        UUID rootId = rootId(root);
        try {
            for (UUID leftover : activePlatformAdmins(root)) {
                if (!leftover.equals(rootId)) {
                    String email = ok(as(root).get(USERS + "/" + leftover)).getString("entry.email");
                    ok(as(root).body(demotion(email)).put(USERS + "/" + leftover));
                }
            }
            // Started (and warmed up) before the races, so that no round waits for its boot.
            ok(Api.onSecondInstance(root).get(USERS + "/me"));
            for (int round = 0; round < 12; round++) {
                Api.Person other = Api.aPlatformAdmin();
                String otherToken = other.token();
                String rootToken = Api.rootToken();
                List<Response> answers = Parallel.run(2, i -> i == 0
                        ? as(rootToken).body(demotion(other.email())).put(USERS + "/" + other.id())
                        : Api.onSecondInstance(otherToken).body(demotion(Api.ROOT_EMAIL)).put(USERS + "/" + rootId));
                int byRoot = answers.get(0).statusCode();
                int byOther = answers.get(1).statusCode();
                String statuses = "round " + round + ": root demoting " + byRoot + ", other demoting " + byOther;
                assertTrue(byRoot == 200 ^ byOther == 200, "exactly one demotion wins; " + statuses);
                int refusal = byRoot == 200 ? byOther : byRoot;
                assertTrue(refusal == 400 || refusal == 403, statuses);
                UUID survivor = byRoot == 200 ? rootId : other.id();
                String survivorToken = byRoot == 200 ? Api.rootToken() : other.token();
                assertEquals(List.of(survivor), activePlatformAdmins(survivorToken), statuses);
                if (byOther == 200) {
                    // The fresh administrator won: give the bootstrap one its rights back, then step down.
                    ok(as(survivorToken).body(Map.of("email", Api.ROOT_EMAIL, "platformAdmin", true)).put(USERS + "/" + rootId));
                    ok(Api.asRoot().body(demotion(other.email())).put(USERS + "/" + other.id()));
                }
            }
        } finally {
            restoreRootIfNoAdministratorIsLeft(rootId);
        }
    }

    private static UUID rootId(String rootToken) {
        return UUID.fromString(ok(as(rootToken).get(USERS + "/me")).getString("entry.id"));
    }

    /** Only when the rule broke: later tests need the bootstrap administrator, and no request can restore it. */
    private static void restoreRootIfNoAdministratorIsLeft(UUID rootId) throws Exception {
        try (Connection db = DatabaseDump.connect();
             PreparedStatement st = db.prepareStatement("update users set platform_admin = true, active = true "
                     + "where id = ? and not exists (select 1 from users where platform_admin = true and active = true)")) {
            st.setObject(1, rootId);
            st.executeUpdate();
        }
    }
}

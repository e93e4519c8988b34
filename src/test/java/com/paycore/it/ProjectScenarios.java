package com.paycore.it;

import static com.paycore.it.Api.PROJECTS;
import static com.paycore.it.Api.aCompany;
import static com.paycore.it.Api.aMember;
import static com.paycore.it.Api.aProject;
import static com.paycore.it.Api.aProjectAssignedTo;
import static com.paycore.it.Api.anAdminOf;
import static com.paycore.it.Api.as;
import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.created;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static com.paycore.it.Api.unique;
import static com.paycore.it.CompanyScenarios.body;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.restassured.response.Response;

/** Projects: E7 create, get, E11 list, E4 general update, user assignment and E9 merchant information. */
abstract class ProjectScenarios {

    static String path(UUID project) {
        return PROJECTS + "/" + project;
    }

    static String general(UUID project) {
        return path(project) + "/general";
    }

    static String merchant(UUID project) {
        return path(project) + "/merchant";
    }

    static String users(UUID project) {
        return path(project) + "/users";
    }

    /** The project as the platform administrator reads it. */
    static JsonBody project(UUID id) {
        return ok(asRoot().get(path(id)));
    }

    static String nameOf(UUID id) {
        return project(id).getString("entry.projectName");
    }

    /** E4 isActive=false, keeping the name. */
    static void deactivate(UUID project) {
        ok(asRoot().body(body("projectName", nameOf(project), "isActive", false)).put(general(project)));
    }

    private static List<String> ids(Response list) {
        return ok(list).getList("entries.id");
    }

    private static List<String> strings(UUID... ids) {
        return Arrays.stream(ids).map(UUID::toString).toList();
    }

    private static String ofLength(String prefix, int length) {
        return prefix + "n".repeat(length - prefix.length());
    }

    // ---- E7 create and get ----

    @Test
    void createAcceptsTheDescriptionsNameAndAnswersEveryField() {
        UUID company = aCompany();
        String name = unique("Shop");
        Response r = asRoot().body(body("companyId", company, "name", name, "description", "Web shop",
                "returnUrl", "https://shop.example.com/ok", "cancelUrl", "http://shop.example.com/cancel?x=1",
                "phone", "+1 555 0100", "softDescriptor", "SHOP*WEB", "comments", "first project")).post(PROJECTS);
        UUID id = created(r);
        assertTrue(r.header("Location") != null && r.header("Location").endsWith(path(id)), r.header("Location"));
        JsonBody p = project(id);
        assertEquals(id.toString(), p.getString("entry.id"));
        assertEquals(name, p.getString("entry.projectName"));
        assertEquals(name, p.getString("entry.name"));
        assertEquals(company.toString(), p.getString("entry.companyId"));
        assertEquals("Web shop", p.getString("entry.description"));
        assertEquals("https://shop.example.com/ok", p.getString("entry.returnUrl"));
        assertEquals("http://shop.example.com/cancel?x=1", p.getString("entry.cancelUrl"));
        assertEquals("+1 555 0100", p.getString("entry.phone"));
        assertEquals("SHOP*WEB", p.getString("entry.softDescriptor"));
        assertEquals("first project", p.getString("entry.comments"));
        assertTrue(p.getBoolean("entry.isActive"), "isActive defaults to true");
        assertNotNull(OffsetDateTime.parse(p.getString("entry.createdDate")));
        assertEquals(List.of(), p.getList("entry.companyUserIds"));
        assertFalse(p.getBoolean("entry.merchant.hasApiKey"));
        assertEquals(0, p.getInt("entry.merchant.credentialVersion"));
        String same = unique("Same");
        created(asRoot().body(body("companyId", company, "projectName", same, "name", same)).post(PROJECTS));
        UUID inactive = created(asRoot().body(body("companyId", company, "projectName", unique("Off"), "isActive", false)).post(PROJECTS));
        assertFalse(project(inactive).getBoolean("entry.isActive"));
    }

    @Test
    void createUsesAGivenIdOnlyOnce() {
        UUID company = aCompany();
        UUID wanted = UUID.randomUUID();
        assertEquals(wanted, created(asRoot().body(body("id", wanted, "companyId", company, "projectName", unique("P")))
                .post(PROJECTS)));
        refused(asRoot().body(body("id", wanted, "companyId", company, "projectName", unique("P"))).post(PROJECTS), 400);
        refused(asRoot().body(body("id", wanted, "companyId", aCompany(), "projectName", unique("P"))).post(PROJECTS), 400);
        refused(asRoot().body(body("id", "not-a-guid", "companyId", company, "projectName", unique("P"))).post(PROJECTS), 400);
    }

    @Test
    void createRefusesMissingLongAndConflictingNames() {
        UUID company = aCompany();
        refused(asRoot().body(body("companyId", company, "description", "no name")).post(PROJECTS), 400);
        refused(asRoot().body(body("companyId", company, "projectName", "")).post(PROJECTS), 400);
        refused(asRoot().body(body("companyId", company, "projectName", ofLength(unique("L"), 51))).post(PROJECTS), 400);
        refused(asRoot().body(body("companyId", company, "projectName", unique("One"), "name", unique("Two"))).post(PROJECTS), 400);
        String longest = ofLength(unique("L"), 50);
        assertEquals(longest, nameOf(created(asRoot().body(body("companyId", company, "projectName", longest)).post(PROJECTS))));
        assertEquals(1, ok(asRoot().queryParam("CompanyId", company).get(PROJECTS)).getList("entries").size(),
                "refused creates left nothing behind");
    }

    @Test
    void createRefusesRelativeOrNonHttpUrlsAndLongPhones() {
        UUID company = aCompany();
        for (String bad : new String[] {"shop.example.com/ok", "/relative/ok", "ftp://files.example.com/ok", "not a url",
                "javascript:alert(1)", "mailto:ops@example.com"}) {
            refused(asRoot().body(body("companyId", company, "projectName", unique("U"), "returnUrl", bad)).post(PROJECTS), 400);
            refused(asRoot().body(body("companyId", company, "projectName", unique("U"), "cancelUrl", bad)).post(PROJECTS), 400);
        }
        refused(asRoot().body(body("companyId", company, "projectName", unique("U"), "phone", "1".repeat(26))).post(PROJECTS), 400);
        UUID accepted = created(asRoot().body(body("companyId", company, "projectName", unique("U"), "phone", "1".repeat(25),
                "returnUrl", "https://example.com", "cancelUrl", "http://localhost:8080/cancel")).post(PROJECTS));
        assertEquals("1".repeat(25), project(accepted).getString("entry.phone"));
        assertEquals(1, ok(asRoot().queryParam("CompanyId", company).get(PROJECTS)).getList("entries").size());
    }

    @Test
    void namesAreUniqueWithinACompanyIgnoringCaseButMayRepeatAcrossCompanies() {
        UUID company = aCompany();
        String name = unique("Dup");
        created(asRoot().body(body("companyId", company, "projectName", name)).post(PROJECTS));
        refused(asRoot().body(body("companyId", company, "projectName", name.toUpperCase())).post(PROJECTS), 400);
        refused(asRoot().body(body("companyId", company, "name", name.toLowerCase())).post(PROJECTS), 400);
        UUID elsewhere = created(asRoot().body(body("companyId", aCompany(), "projectName", name)).post(PROJECTS));
        assertEquals(name, nameOf(elsewhere));
    }

    @Test
    void createNeedsAnExistingCompanyOfTheCaller() {
        refused(asRoot().body(body("projectName", unique("NoCo"))).post(PROJECTS), 400);
        refused(asRoot().body(body("companyId", "not-a-guid", "projectName", unique("NoCo"))).post(PROJECTS), 400);
        refused(asRoot().body(body("companyId", UUID.randomUUID(), "projectName", unique("NoCo"))).post(PROJECTS), 404);
        UUID theirs = aCompany();
        String outsider = anAdminOf(aCompany()).token();
        refused(as(outsider).body(body("companyId", theirs, "projectName", unique("Takeover"))).post(PROJECTS), 404);
        assertEquals(0, ok(asRoot().queryParam("CompanyId", theirs).get(PROJECTS)).getList("entries").size());
    }

    @Test
    void createAssignsCompanyUsersOfTheSameCompanyOnly() {
        UUID company = aCompany();
        Api.Member a = aMember(company, "User");
        Api.Member b = anAdminOf(company);
        UUID id = created(asRoot().body(body("companyId", company, "projectName", unique("Team"),
                "companyUsersToAdd", List.of(a.companyUserId(), b.companyUserId()))).post(PROJECTS));
        assertEquals(Set.copyOf(strings(a.companyUserId(), b.companyUserId())),
                new HashSet<>(project(id).<String>getList("entry.companyUserIds")));
        Api.Member foreign = aMember(aCompany(), "User");
        String name = unique("Refused");
        refused(asRoot().body(body("companyId", company, "projectName", name,
                "companyUsersToAdd", List.of(a.companyUserId(), foreign.companyUserId()))).post(PROJECTS), 400);
        refused(asRoot().body(body("companyId", company, "projectName", name,
                "companyUsersToAdd", List.of(UUID.randomUUID()))).post(PROJECTS), 400);
        refused(asRoot().body(body("companyId", company, "projectName", name,
                "companyUsersToAdd", List.of(a.person().id()))).post(PROJECTS), 400);
        assertEquals(0, ok(asRoot().queryParam("CompanyId", company).queryParam("name", name).get(PROJECTS))
                .getList("entries").size(), "a refused create leaves no project");
    }

    @Test
    void aNewProjectHasExactlyOneActiveTransactionKey() {
        UUID project = aProject(aCompany());
        List<Map<String, Object>> keys = Api.keysOf(project);
        assertEquals(1, keys.size(), keys.toString());
        assertEquals("TransactionRSAKey", keys.get(0).get("type"));
        assertEquals(Boolean.TRUE, keys.get(0).get("isActive"));
        assertEquals(project.toString(), keys.get(0).get("companyProjectId"));
    }

    @Test
    void getOfAMissingOrMalformedProjectIsRefused() {
        refused(asRoot().get(path(UUID.randomUUID())), 404);
        refused(asRoot().get(PROJECTS + "/not-a-guid"), 400);
    }

    // ---- E11 list ----

    @Test
    void listCarriesBothNamesAndFiltersByNameIdAndActivityInCreationOrder() {
        UUID company = aCompany();
        String stem = unique("Lst");
        UUID a = created(asRoot().body(body("companyId", company, "projectName", stem + "-a")).post(PROJECTS));
        UUID b = created(asRoot().body(body("companyId", company, "projectName", stem + "-b")).post(PROJECTS));
        UUID c = created(asRoot().body(body("companyId", company, "projectName", stem + "-c", "isActive", false)).post(PROJECTS));
        String partial = stem.substring(3).toUpperCase();
        JsonBody all = ok(asRoot().queryParam("CompanyId", company).queryParam("name", partial).get(PROJECTS));
        assertEquals(List.of(stem + "-a", stem + "-b", stem + "-c"), all.getList("entries.projectName"));
        assertEquals(List.of(stem + "-a", stem + "-b", stem + "-c"), all.getList("entries.name"));
        assertEquals(strings(a, b, c), all.getList("entries.id"));
        assertEquals(List.of(company.toString(), company.toString(), company.toString()), all.getList("entries.companyId"));
        assertEquals(List.of(true, true, false), all.getList("entries.isActive"));
        assertTrue(all.getList("entries.createdDate").stream().allMatch(d -> d != null && OffsetDateTime.parse((String) d) != null));
        assertEquals(strings(c), ids(asRoot().queryParam("companyId", company).queryParam("isActive", false).get(PROJECTS)));
        assertEquals(strings(a, b), ids(asRoot().queryParam("CompanyId", company).queryParam("isActive", true).get(PROJECTS)));
        assertEquals(strings(b), ids(asRoot().queryParam("CompanyId", company).queryParam("Id", b).get(PROJECTS)));
        assertEquals(strings(b), ids(asRoot().queryParam("CompanyId", company).queryParam("limit", 1).queryParam("offset", 1).get(PROJECTS)));
        assertEquals(List.of(), ids(asRoot().queryParam("CompanyId", company).queryParam("name", stem + "-z").get(PROJECTS)));
    }

    @Test
    void listPagesByTwentyByDefaultAndRefusesBadLimitsAndMissingCompanies() {
        UUID company = aCompany();
        for (int i = 0; i < 21; i++) {
            aProject(company);
        }
        assertEquals(20, ok(asRoot().queryParam("CompanyId", company).get(PROJECTS)).getList("entries").size());
        assertEquals(21, ok(asRoot().queryParam("CompanyId", company).queryParam("limit", 1000).get(PROJECTS)).getList("entries").size());
        assertEquals(1, ok(asRoot().queryParam("CompanyId", company).queryParam("offset", 20).get(PROJECTS)).getList("entries").size());
        refused(asRoot().queryParam("CompanyId", company).queryParam("limit", 0).get(PROJECTS), 400);
        refused(asRoot().queryParam("CompanyId", company).queryParam("limit", 1001).get(PROJECTS), 400);
        refused(asRoot().queryParam("CompanyId", UUID.randomUUID()).get(PROJECTS), 404);
        refused(asRoot().queryParam("CompanyId", "not-a-guid").get(PROJECTS), 400);
    }

    @Test
    void aCompanyUserSeesOnlyTheProjectsAssignedToThem() {
        UUID company = aCompany();
        Api.Member user = aMember(company, "User");
        UUID assigned = aProjectAssignedTo(company, user.companyUserId());
        UUID other = aProject(company);
        String token = user.token();
        assertEquals(strings(assigned), ids(as(token).queryParam("CompanyId", company).get(PROJECTS)));
        assertEquals(strings(assigned), ids(as(token).queryParam("limit", 1000).get(PROJECTS)));
        assertEquals(assigned.toString(), ok(as(token).get(path(assigned))).getString("entry.id"));
        ok(asRoot().body(body("companyUserIds", List.of(user.companyUserId()))).put(users(other)));
        assertEquals(strings(assigned, other), ids(as(token).queryParam("CompanyId", company).get(PROJECTS)));
        ok(asRoot().body(body("companyUserIds", List.of())).put(users(assigned)));
        assertEquals(strings(other), ids(as(token).queryParam("CompanyId", company).get(PROJECTS)));
        assertEquals(strings(other), ids(as(token).queryParam("limit", 1000).get(PROJECTS)));
    }

    @Test
    void adminsSeeTheWholeCompanyAndOtherTenantsNothing() {
        UUID company = aCompany();
        String stem = unique("Vis");
        UUID p1 = created(asRoot().body(body("companyId", company, "projectName", stem + "-1")).post(PROJECTS));
        UUID p2 = created(asRoot().body(body("companyId", company, "projectName", stem + "-2")).post(PROJECTS));
        String admin = anAdminOf(company).token();
        assertEquals(strings(p1, p2), ids(as(admin).queryParam("CompanyId", company).get(PROJECTS)));
        assertEquals(strings(p1, p2), ids(as(admin).queryParam("limit", 1000).get(PROJECTS)));
        assertEquals(strings(p1, p2), ids(as(Api.aPlatformAdmin().token()).queryParam("CompanyId", company).get(PROJECTS)));
        String outsider = anAdminOf(aCompany()).token();
        refused(as(outsider).queryParam("CompanyId", company).get(PROJECTS), 404);
        List<String> seen = ids(as(outsider).queryParam("limit", 1000).get(PROJECTS));
        assertFalse(seen.contains(p1.toString()) || seen.contains(p2.toString()), seen.toString());
        assertEquals(List.of(), ids(as(outsider).queryParam("name", stem).get(PROJECTS)));
        refused(as(outsider).get(path(p1)), 404);
    }

    // ---- E4 general information ----

    @Test
    void updateGeneralChangesSuppliedFieldsAndKeepsTheRest() {
        UUID company = aCompany();
        UUID id = created(asRoot().body(body("companyId", company, "projectName", unique("Gen"), "description", "keep me",
                "returnUrl", "https://keep.example.com/r", "cancelUrl", "https://keep.example.com/c", "phone", "+1 555",
                "softDescriptor", "KEEP*ME", "comments", "kept")).post(PROJECTS));
        String renamed = unique("Renamed");
        ok(asRoot().body(body("id", id, "name", renamed, "phone", "+44 20 7946 0000")).put(general(id)));
        JsonBody p = project(id);
        assertEquals(renamed, p.getString("entry.projectName"));
        assertEquals(renamed, p.getString("entry.name"));
        assertEquals("+44 20 7946 0000", p.getString("entry.phone"));
        assertEquals("keep me", p.getString("entry.description"));
        assertEquals("https://keep.example.com/r", p.getString("entry.returnUrl"));
        assertEquals("https://keep.example.com/c", p.getString("entry.cancelUrl"));
        assertEquals("KEEP*ME", p.getString("entry.softDescriptor"));
        assertEquals("kept", p.getString("entry.comments"));
        assertTrue(p.getBoolean("entry.isActive"));
        ok(asRoot().body(body("projectName", renamed.toUpperCase(), "isActive", false, "description", "d2",
                "returnUrl", "http://new.example.com/r", "cancelUrl", "http://new.example.com/c", "softDescriptor", "NEW*ME",
                "comments", "c2")).put(general(id)));
        p = project(id);
        assertEquals(renamed.toUpperCase(), p.getString("entry.projectName"), "its own name in another case is no duplicate");
        assertFalse(p.getBoolean("entry.isActive"));
        assertEquals("d2", p.getString("entry.description"));
        assertEquals("http://new.example.com/r", p.getString("entry.returnUrl"));
        assertEquals("http://new.example.com/c", p.getString("entry.cancelUrl"));
        assertEquals("NEW*ME", p.getString("entry.softDescriptor"));
        assertEquals("c2", p.getString("entry.comments"));
        assertEquals("+44 20 7946 0000", p.getString("entry.phone"));
        ok(asRoot().body(body("projectName", renamed, "isActive", true)).put(general(id)));
        assertTrue(project(id).getBoolean("entry.isActive"));
    }

    @Test
    void updateGeneralRefusesInvalidInputAndChangesNothing() {
        UUID company = aCompany();
        UUID id = aProject(company);
        String name = nameOf(id);
        String otherName = nameOf(aProject(company));
        String p = general(id);
        refused(asRoot().body(body("phone", "+1")).put(p), 400);
        refused(asRoot().body(body("projectName", "")).put(p), 400);
        refused(asRoot().body(body("projectName", ofLength("L", 51))).put(p), 400);
        refused(asRoot().body(body("projectName", unique("A"), "name", unique("B"))).put(p), 400);
        refused(asRoot().body(body("id", UUID.randomUUID(), "projectName", name)).put(p), 400);
        refused(asRoot().body(body("projectName", name, "phone", "1".repeat(26))).put(p), 400);
        refused(asRoot().body(body("projectName", name, "returnUrl", "/relative")).put(p), 400);
        refused(asRoot().body(body("projectName", name, "cancelUrl", "example.com/cancel")).put(p), 400);
        refused(asRoot().body(body("projectName", name, "isActive", "sometimes")).put(p), 400);
        refused(asRoot().body(body("projectName", otherName.toLowerCase())).put(p), 400);
        refused(asRoot().body(body("projectName", name, "isActive", false)).put(general(UUID.randomUUID())), 404);
        refused(asRoot().body(body("projectName", name)).put(PROJECTS + "/not-a-guid/general"), 400);
        JsonBody after = project(id);
        assertEquals(name, after.getString("entry.projectName"));
        assertTrue(after.getBoolean("entry.isActive"));
        assertNull(after.getString("entry.returnUrl"));
    }

    @Test
    void companyUsersAndOtherTenantsCannotChangeAProject() {
        UUID company = aCompany();
        Api.Member user = aMember(company, "User");
        UUID id = aProjectAssignedTo(company, user.companyUserId());
        String name = nameOf(id);
        String outsider = anAdminOf(aCompany()).token();
        refused(as(user.token()).body(body("projectName", unique("Mine"), "isActive", false)).put(general(id)), 403);
        refused(as(outsider).body(body("projectName", unique("Ours"), "isActive", false)).put(general(id)), 404);
        refused(as(user.token()).body(body("processorGateway", 1, "merchantId", "m-user", "apiKey", "user-key-123")).put(merchant(id)), 403);
        refused(as(outsider).body(body("processorGateway", 1, "merchantId", "m-out", "apiKey", "outsider-key-1")).put(merchant(id)), 404);
        refused(as(outsider).body(body("companyUserIds", List.of())).put(users(id)), 404);
        JsonBody p = project(id);
        assertEquals(name, p.getString("entry.projectName"));
        assertTrue(p.getBoolean("entry.isActive"));
        assertFalse(p.getBoolean("entry.merchant.hasApiKey"));
        assertEquals(0, p.getInt("entry.merchant.credentialVersion"));
        assertEquals(strings(user.companyUserId()), p.getList("entry.companyUserIds"));
    }

    // ---- users assignment ----

    @Test
    void userAssignmentReplacesTheSetWithMembersOfTheSameCompanyOnly() {
        UUID company = aCompany();
        Api.Member a = aMember(company, "User");
        Api.Member b = aMember(company, "User");
        UUID id = aProject(company);
        ok(asRoot().body(body("companyUserIds", List.of(a.companyUserId(), b.companyUserId()))).put(users(id)));
        assertEquals(Set.copyOf(strings(a.companyUserId(), b.companyUserId())),
                new HashSet<>(project(id).<String>getList("entry.companyUserIds")));
        ok(asRoot().body(body("companyUserIds", List.of(b.companyUserId()))).put(users(id)));
        assertEquals(strings(b.companyUserId()), project(id).getList("entry.companyUserIds"));
        Api.Member foreign = aMember(aCompany(), "User");
        refused(asRoot().body(body("companyUserIds", List.of(a.companyUserId(), foreign.companyUserId()))).put(users(id)), 400);
        refused(asRoot().body(body("companyUserIds", List.of(UUID.randomUUID()))).put(users(id)), 400);
        refused(asRoot().body(body("companyUserIds", List.of("not-a-guid"))).put(users(id)), 400);
        assertEquals(strings(b.companyUserId()), project(id).getList("entry.companyUserIds"), "refusals changed nothing");
        refused(as(b.token()).body(body("companyUserIds", List.of(a.companyUserId(), b.companyUserId()))).put(users(id)), 403);
        refused(asRoot().body(body("companyUserIds", List.of())).put(users(UUID.randomUUID())), 404);
        ok(as(anAdminOf(company).token()).body(body("companyUserIds", List.of())).put(users(id)));
        assertEquals(List.of(), project(id).getList("entry.companyUserIds"));
    }

    // ---- E9 merchant information ----

    @Test
    void merchantCredentialsAreStoredButTheApiKeyIsNeverShownOrAudited() {
        OffsetDateTime from = OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(5);
        UUID company = aCompany();
        Api.Member admin = anAdminOf(company);
        UUID id = aProject(company);
        String apiKey = "sk_test_" + UUID.randomUUID().toString().replace("-", "");
        ok(as(admin.token()).body(body("id", id, "merchantId", "merchant_001-A", "apiKey", apiKey, "processorGateway", 1,
                "isTestMode", true, "merchantPhone", "+1 555 0142", "softDescriptor", "ACME*STORE", "comments", "live soon"))
                .put(merchant(id)));
        Response got = asRoot().get(path(id));
        JsonBody p = ok(got);
        assertEquals("merchant_001-A", p.getString("entry.merchant.merchantId"));
        assertEquals(1, p.getInt("entry.merchant.processorGateway"));
        assertTrue(p.getBoolean("entry.merchant.isTestMode"));
        assertEquals("+1 555 0142", p.getString("entry.merchant.merchantPhone"));
        assertEquals("ACME*STORE", p.getString("entry.merchant.softDescriptor"));
        assertEquals("live soon", p.getString("entry.merchant.comments"));
        assertTrue(p.getBoolean("entry.merchant.hasApiKey"));
        assertEquals(1, p.getInt("entry.merchant.credentialVersion"));
        assertFalse(got.asString().contains(apiKey), "GET project leaks the merchant apiKey");
        assertFalse(as(admin.token()).get(path(id)).asString().contains(apiKey), "GET project as Admin leaks the apiKey");
        assertFalse(asRoot().queryParam("CompanyId", company).get(PROJECTS).asString().contains(apiKey), "E11 leaks the apiKey");
        Response audit = Api.auditOf(company, from);
        List<Map<String, Object>> events = ok(audit).getList("entries");
        assertTrue(Api.audited(events, "MerchantCredentialsChanged", id), events.toString());
        assertFalse(audit.asString().contains(apiKey), "the audit trail leaks the apiKey");
    }

    @Test
    void everyCredentialChangeAndOnlyThatIncrementsTheCredentialVersion() {
        OffsetDateTime from = OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(5);
        UUID company = aCompany();
        UUID id = aProject(company);
        ok(asRoot().body(body("processorGateway", 1, "merchantId", "m-1", "apiKey", "first-key-123")).put(merchant(id)));
        assertEquals(1, project(id).getInt("entry.merchant.credentialVersion"));
        ok(asRoot().body(body("processorGateway", 1, "merchantId", "m-2")).put(merchant(id)));
        JsonBody p = project(id);
        assertEquals(2, p.getInt("entry.merchant.credentialVersion"));
        assertEquals("m-2", p.getString("entry.merchant.merchantId"));
        assertTrue(p.getBoolean("entry.merchant.hasApiKey"), "the stored apiKey is kept");
        ok(asRoot().body(body("id", id, "processorGateway", 1, "merchantId", "m-2", "apiKey", "second-key-456")).put(merchant(id)));
        assertEquals(3, project(id).getInt("entry.merchant.credentialVersion"));
        ok(asRoot().body(body("merchantPhone", "+1 555 0199", "softDescriptor", "NEW*DESC")).put(merchant(id)));
        p = project(id);
        assertEquals(3, p.getInt("entry.merchant.credentialVersion"), "a non-credential change is not a credential change");
        assertEquals("+1 555 0199", p.getString("entry.merchant.merchantPhone"));
        assertTrue(p.getBoolean("entry.merchant.hasApiKey"));
        long audited = Api.auditEventsOf(company, from).stream()
                .filter(e -> "MerchantCredentialsChanged".equals(e.get("action")) && id.toString().equals(e.get("targetId"))).count();
        assertEquals(3, audited);
    }

    @Test
    void merchantRefusesUnsupportedGatewaysAndMissingOrMalformedCredentials() {
        UUID id = aProject(aCompany());
        String p = merchant(id);
        for (int gateway : new int[] {0, 3, 99}) {
            String message = refused(asRoot().body(body("processorGateway", gateway, "merchantId", "m-1", "apiKey", "valid-key-1"))
                    .put(p), 400).getString("errorMessage");
            assertTrue(message.toLowerCase().contains("unsupported gateway"), message);
        }
        for (Map<String, Object> missing : List.of(body("processorGateway", 1, "merchantId", "m-1"),
                body("processorGateway", 1, "apiKey", "valid-key-1"), body("merchantId", "m-1", "apiKey", "valid-key-1"))) {
            String message = refused(asRoot().body(missing).put(p), 400).getString("errorMessage");
            assertTrue(message.toLowerCase().contains("missing credentials"), missing + ": " + message);
        }
        for (String badMerchant : new String[] {"", "has space", "slash/id", "m".repeat(65), "caf\u00e9", "semi;colon"}) {
            refused(asRoot().body(body("processorGateway", 1, "merchantId", badMerchant, "apiKey", "valid-key-1")).put(p), 400);
        }
        for (String badKey : new String[] {"", "short-7", "k".repeat(257), "with space 123", "tab\tkey12345", "line\nbreak99"}) {
            refused(asRoot().body(body("processorGateway", 1, "merchantId", "m-1", "apiKey", badKey)).put(p), 400);
        }
        refused(asRoot().body(body("processorGateway", "one", "merchantId", "m-1", "apiKey", "valid-key-1")).put(p), 400);
        refused(asRoot().body(body("id", UUID.randomUUID(), "merchantPhone", "+1")).put(p), 400);
        JsonBody untouched = project(id);
        assertEquals(0, untouched.getInt("entry.merchant.credentialVersion"), "refusals stored nothing");
        assertFalse(untouched.getBoolean("entry.merchant.hasApiKey"));
        ok(asRoot().body(body("processorGateway", 1, "merchantId", "A_b-9" + "m".repeat(59), "apiKey", "12345678")).put(p));
        ok(asRoot().body(body("processorGateway", 1, "merchantId", "x", "apiKey", "k".repeat(256))).put(p));
        assertEquals(2, project(id).getInt("entry.merchant.credentialVersion"));
        refused(asRoot().body(body("processorGateway", 1, "merchantId", "m-1", "apiKey", "valid-key-1"))
                .put(merchant(UUID.randomUUID())), 404);
        refused(asRoot().body(body("merchantPhone", "+1")).put(PROJECTS + "/not-a-guid/merchant"), 400);
    }
}

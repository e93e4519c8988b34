package com.paycore.it;

import static com.paycore.it.Api.PROCESSORS;
import static com.paycore.it.Api.aCompany;
import static com.paycore.it.Api.aMember;
import static com.paycore.it.Api.aProcessor;
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
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.restassured.response.Response;

/** Payment processor configurations: create, E15 list, update, E19 soft delete and its rules, settings never shown. */
abstract class ProcessorScenarios {

    static String processorPath(UUID id) {
        return PROCESSORS + "/" + id;
    }

    static Map<String, Object> configuration(UUID project, String name, boolean active, Map<String, Object> settings) {
        return body("companyProjectId", project, "projectPaymentProcessorName", name, "gateway", 1, "paymentType", 1,
                "isActive", active, "settings", settings);
    }

    static UUID anInactiveProcessor(UUID project) {
        return created(asRoot().body(configuration(project, unique("Off"), false, Map.of("simulatorLatencyMs", 0))).post(PROCESSORS));
    }

    /** E15 ids of the project, in list order, as the platform administrator sees them. */
    static List<String> processorsOf(UUID project) {
        return ok(asRoot().queryParam("CompanyProjectId", project).queryParam("limit", 1000).get(PROCESSORS)).getList("entries.id");
    }

    private static List<String> ids(Response list) {
        return ok(list).getList("entries.id");
    }

    private static List<String> strings(UUID... ids) {
        return Arrays.stream(ids).map(UUID::toString).toList();
    }

    private static String secret() {
        return "sim-secret-" + UUID.randomUUID().toString().replace("-", "");
    }

    @Test
    void createdProcessorsAreListedWithoutTheirSettings() {
        OffsetDateTime from = OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(5);
        UUID company = aCompany();
        UUID project = aProject(company);
        String secret = secret();
        Response r = asRoot().body(body("companyProjectId", project, "projectPaymentProcessorName", "Main simulator",
                "gateway", 1, "paymentType", 1, "settings", Map.of("simulatorLatencyMs", 0, "webhookSecret", secret))).post(PROCESSORS);
        UUID id = created(r);
        assertFalse(r.asString().contains(secret), "the create answer shows settings");
        Response list = asRoot().queryParam("CompanyProjectId", project).get(PROCESSORS);
        List<Map<String, Object>> entries = ok(list).getList("entries");
        assertEquals(1, entries.size(), list.asString());
        Map<String, Object> e = entries.get(0);
        assertEquals(id.toString(), e.get("id"));
        assertEquals(project.toString(), e.get("companyProjectId"));
        assertEquals("Main simulator", e.get("projectPaymentProcessorName"));
        assertEquals(1, e.get("gateway"));
        assertEquals(1, e.get("paymentType"));
        assertEquals(Boolean.TRUE, e.get("isActive"), "isActive defaults to true");
        assertNotNull(OffsetDateTime.parse((String) e.get("createdDate")));
        assertFalse(e.containsKey("settings"), "settings are listed");
        assertFalse(list.asString().contains(secret) || list.asString().contains("webhookSecret"), list.asString());
        Response byId = asRoot().queryParam("Id", id).get(PROCESSORS);
        assertEquals(strings(id), ids(byId));
        assertFalse(byId.asString().contains(secret));
        Response audit = Api.auditOf(company, from);
        assertTrue(Api.audited(ok(audit).getList("entries"), "ProcessorCreated", id), audit.asString());
        assertFalse(audit.asString().contains(secret), "the audit trail holds a settings value");
    }

    @Test
    void createRefusesInvalidConfigurations() {
        UUID project = aProject(aCompany());
        Map<String, Object> settings = Map.of("simulatorLatencyMs", 0);
        refused(asRoot().body(body("companyProjectId", project, "gateway", 1, "paymentType", 1)).post(PROCESSORS), 400);
        refused(asRoot().body(configuration(project, "", true, settings)).post(PROCESSORS), 400);
        refused(asRoot().body(configuration(project, "p".repeat(101), true, settings)).post(PROCESSORS), 400);
        for (int gateway : new int[] {0, 3, 42}) {
            Map<String, Object> b = configuration(project, unique("Gw"), true, settings);
            b.put("gateway", gateway);
            String message = refused(asRoot().body(b).post(PROCESSORS), 400).getString("errorMessage");
            assertTrue(message.toLowerCase().contains("unsupported gateway"), message);
        }
        for (int paymentType : new int[] {0, 2}) {
            Map<String, Object> b = configuration(project, unique("Pt"), true, settings);
            b.put("paymentType", paymentType);
            refused(asRoot().body(b).post(PROCESSORS), 400);
        }
        Map<String, Object> notAnObject = configuration(project, unique("S"), true, settings);
        notAnObject.put("settings", "simulatorLatencyMs=0");
        refused(asRoot().body(notAnObject).post(PROCESSORS), 400);
        refused(asRoot().body(configuration(UUID.randomUUID(), unique("S"), true, settings)).post(PROCESSORS), 404);
        Map<String, Object> malformed = configuration(project, unique("S"), true, settings);
        malformed.put("companyProjectId", "not-a-guid");
        refused(asRoot().body(malformed).post(PROCESSORS), 400);
        assertEquals(List.of(), processorsOf(project), "refused creates left nothing");
        UUID longest = created(asRoot().body(configuration(project, "p".repeat(100), true, settings)).post(PROCESSORS));
        assertEquals(strings(longest), processorsOf(project));
    }

    @Test
    void updateChangesTheConfigurationAndKeepsSettingsHidden() {
        OffsetDateTime from = OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(5);
        UUID company = aCompany();
        UUID project = aProject(company);
        UUID id = aProcessor(project);
        aProcessor(project);
        String secret = secret();
        Map<String, Object> changed = configuration(project, "Renamed simulator", false,
                Map.of("simulatorLatencyMs", 5, "webhookSecret", secret));
        changed.put("id", id);
        Response answer = as(anAdminOf(company).token()).body(changed).put(processorPath(id));
        ok(answer);
        assertFalse(answer.asString().contains(secret));
        Response list = asRoot().queryParam("Id", id).get(PROCESSORS);
        Map<String, Object> e = ok(list).getMap("entries[0]");
        assertEquals("Renamed simulator", e.get("projectPaymentProcessorName"));
        assertEquals(Boolean.FALSE, e.get("isActive"));
        assertFalse(list.asString().contains(secret), "settings are listed after an update");
        Response audit = Api.auditOf(company, from);
        assertTrue(Api.audited(ok(audit).getList("entries"), "ProcessorUpdated", id), audit.asString());
        assertFalse(audit.asString().contains(secret), "the audit trail holds a settings value");
    }

    @Test
    void updateRefusesInvalidInputAndUnknownOrDeletedProcessors() {
        UUID project = aProject(aCompany());
        UUID id = aProcessor(project);
        UUID other = aProcessor(project);
        Map<String, Object> settings = Map.of("simulatorLatencyMs", 0);
        Map<String, Object> gateway = configuration(project, "x", true, settings);
        gateway.put("gateway", 3);
        String message = refused(asRoot().body(gateway).put(processorPath(id)), 400).getString("errorMessage");
        assertTrue(message.toLowerCase().contains("unsupported gateway"), message);
        Map<String, Object> paymentType = configuration(project, "x", true, settings);
        paymentType.put("paymentType", 2);
        refused(asRoot().body(paymentType).put(processorPath(id)), 400);
        refused(asRoot().body(configuration(project, "p".repeat(101), true, settings)).put(processorPath(id)), 400);
        Map<String, Object> mismatch = configuration(project, "x", true, settings);
        mismatch.put("id", other);
        refused(asRoot().body(mismatch).put(processorPath(id)), 400);
        refused(asRoot().body(configuration(project, "x", true, settings)).put(processorPath(UUID.randomUUID())), 404);
        refused(asRoot().body(configuration(project, "x", true, settings)).put(PROCESSORS + "/not-a-guid"), 400);
        assertTrue(ok(asRoot().queryParam("Id", id).get(PROCESSORS)).getString("entries[0].projectPaymentProcessorName").startsWith("Sim"),
                "refused updates changed the processor");
        ok(asRoot().delete(processorPath(id)));
        refused(asRoot().body(configuration(project, "Revived", true, settings)).put(processorPath(id)), 404);
    }

    @Test
    void listFiltersByActivityAndIdAndPagesInCreationOrder() {
        UUID project = aProject(aCompany());
        UUID a = aProcessor(project);
        UUID b = anInactiveProcessor(project);
        UUID c = aProcessor(project);
        aProcessor(aProject(aCompany()));
        assertEquals(strings(a, b, c), processorsOf(project));
        assertEquals(strings(a, c), ids(asRoot().queryParam("CompanyProjectId", project).queryParam("isActive", true).get(PROCESSORS)));
        assertEquals(strings(b), ids(asRoot().queryParam("companyProjectId", project).queryParam("isActive", false).get(PROCESSORS)));
        assertEquals(strings(b), ids(asRoot().queryParam("CompanyProjectId", project).queryParam("limit", 1).queryParam("offset", 1).get(PROCESSORS)));
        assertEquals(strings(c), ids(asRoot().queryParam("CompanyProjectId", project).queryParam("Id", c).get(PROCESSORS)));
        refused(asRoot().queryParam("CompanyProjectId", project).queryParam("limit", 1001).get(PROCESSORS), 400);
        refused(asRoot().queryParam("CompanyProjectId", "not-a-guid").get(PROCESSORS), 400);
    }

    // ---- E19 ----

    @Test
    void theOnlyActiveOrLastProcessorOfAnActiveProjectCannotBeDeleted() {
        UUID project = aProject(aCompany());
        UUID a = aProcessor(project);
        refused(asRoot().delete(processorPath(a)), 400);
        UUID b = anInactiveProcessor(project);
        refused(asRoot().delete(processorPath(a)), 400);
        ok(asRoot().delete(processorPath(b)));
        refused(asRoot().delete(processorPath(a)), 400);
        assertEquals(strings(a), processorsOf(project));
        UUID other = aProject(aCompany());
        UUID lastInactive = anInactiveProcessor(other);
        refused(asRoot().delete(processorPath(lastInactive)), 400);
        assertEquals(strings(lastInactive), processorsOf(other));
    }

    @Test
    void deletionIsSoftAndHidesTheProcessorEverywhere() {
        OffsetDateTime from = OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(5);
        UUID company = aCompany();
        UUID project = aProject(company);
        UUID a = aProcessor(project);
        UUID b = aProcessor(project);
        JsonBody deleted = ok(as(anAdminOf(company).token()).delete(processorPath(a)));
        assertEquals(Boolean.TRUE, deleted.get("success"));
        assertEquals(strings(b), processorsOf(project));
        assertEquals(List.of(), ids(asRoot().queryParam("Id", a).get(PROCESSORS)));
        assertEquals(List.of(), ids(asRoot().queryParam("CompanyProjectId", project).queryParam("Id", a).get(PROCESSORS)));
        assertEquals(List.of(), ids(asRoot().queryParam("CompanyProjectId", project).queryParam("isActive", true).queryParam("Id", a).get(PROCESSORS)));
        refused(asRoot().body(configuration(project, "back", true, Map.of())).put(processorPath(a)), 404);
        refused(asRoot().delete(processorPath(a)), 404);
        refused(asRoot().delete(processorPath(b)), 400);
        assertTrue(Api.audited(Api.auditEventsOf(company, from), "ProcessorDeleted", a));
    }

    @Test
    void anInactiveProjectMayDeleteItsLastProcessor() {
        UUID project = aProject(aCompany());
        UUID a = aProcessor(project);
        refused(asRoot().delete(processorPath(a)), 400);
        ProjectScenarios.deactivate(project);
        ok(asRoot().delete(processorPath(a)));
        assertEquals(List.of(), processorsOf(project));
    }

    @Test
    void deleteRefusesMalformedAndUnknownIds() {
        refused(asRoot().delete(PROCESSORS + "/not-a-guid"), 400);
        refused(asRoot().delete(processorPath(UUID.randomUUID())), 404);
    }

    @Test
    void companyUsersSeeProcessorsOfTheirAssignedProjectsOnlyAndChangeNothing() {
        UUID company = aCompany();
        Api.Member user = aMember(company, "User");
        UUID assigned = aProjectAssignedTo(company, user.companyUserId());
        UUID unassigned = aProject(company);
        UUID mine = aProcessor(assigned);
        UUID spare = aProcessor(assigned);
        UUID notMine = aProcessor(unassigned);
        String token = user.token();
        assertEquals(strings(mine, spare), ids(as(token).queryParam("CompanyProjectId", assigned).get(PROCESSORS)));
        List<String> all = ids(as(token).queryParam("limit", 1000).get(PROCESSORS));
        assertTrue(all.contains(mine.toString()) && !all.contains(notMine.toString()), all.toString());
        Response foreign = as(token).queryParam("CompanyProjectId", unassigned).get(PROCESSORS);
        assertTrue(foreign.statusCode() == 403 || foreign.statusCode() == 404
                || (foreign.statusCode() == 200 && JsonBody.of(foreign).getList("entries").isEmpty()), foreign.asString());
        refused(as(token).body(configuration(assigned, "by user", true, Map.of())).post(PROCESSORS), 403);
        refused(as(token).body(configuration(assigned, "by user", false, Map.of())).put(processorPath(mine)), 403);
        refused(as(token).delete(processorPath(spare)), 403);
        String outsider = anAdminOf(aCompany()).token();
        refused(as(outsider).queryParam("CompanyProjectId", assigned).get(PROCESSORS), 404);
        List<String> seen = ids(as(outsider).queryParam("limit", 1000).get(PROCESSORS));
        assertFalse(seen.contains(mine.toString()) || seen.contains(notMine.toString()), seen.toString());
        refused(as(outsider).body(configuration(assigned, "by outsider", true, Map.of())).post(PROCESSORS), 404);
        refused(as(outsider).body(configuration(assigned, "by outsider", false, Map.of())).put(processorPath(mine)), 404);
        refused(as(outsider).delete(processorPath(spare)), 404);
        assertEquals(strings(mine, spare), processorsOf(assigned));
        assertEquals(List.of(true, true), ok(asRoot().queryParam("CompanyProjectId", assigned).get(PROCESSORS)).getList("entries.isActive"));
    }
}

package com.paycore.it;

import static com.paycore.it.Api.as;
import static com.paycore.it.Api.asRoot;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import io.restassured.response.Response;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

/**
 * Every field DESIGN.md or the spec lists for an answer is in it, as {@code null} when unset (a key entry's
 * {@code deactivationDate}, a user's {@code lastName}, ...), while the envelope itself carries only what the
 * operation adds ({@code entries} only on lists, {@code id} only on creates). Read as raw JSON: a missing key and a
 * null value are told apart.
 */
abstract class ListedFieldsScenarios {

    private static final List<String> KEY_ENTRY = List.of("id", "companyProjectId", "type", "name", "description",
            "isActive", "expirationDate", "deactivationDate", "createdDate", "maskedValue", "publicKey");

    /** A shop whose optional fields are all left unset, with a sale, an authorization and a chargeback. */
    record Fixture(Cards.Shop shop, UUID bareUser, UUID sale, UUID authorization, UUID chargeback, UUID invitation) {
        static Fixture create() {
            Cards.Shop shop = Cards.aShop();
            UUID bareUser = Api.created(asRoot().body(Map.of("email", Api.unique("bare") + "@example.com"))
                    .post("/api/adm/users"));
            Api.created(asRoot().body(Map.of("companyId", shop.companyId(), "userId", bareUser, "roles", "User"))
                    .post("/api/adm/companyUsers"));
            UUID sale = shop.anAuthorization("4111111111111111", "10.00", true);
            UUID chargeback = Api.created(ChargebackScenarios.record(sale, Map.of("amount", 1)));
            return new Fixture(shop, bareUser, sale, shop.anAuthorization("4111111111111111", "5.00", false), chargeback,
                    InvitationScenarios.invite(Api.rootToken(), shop.companyId(), "User").id());
        }
    }

    /** An answer, where its object sits ("" the envelope, "entry", "entries/0", "entry/merchant"), its listed fields. */
    record Row(String answer, Function<Fixture, Response> call, String at, List<String> listed, List<String> unset) {
    }

    private static List<Row> rows() {
        List<String> e12 = new ArrayList<>(KEY_ENTRY);
        e12.add("keyValue");
        return List.of(
                new Row("key list entry", f -> asRoot().queryParam("CompanyProjectId", f.shop().projectId()).get(Api.KEYS),
                        "entries/0", KEY_ENTRY, List.of("deactivationDate")),
                new Row("E12 entry", f -> asRoot().queryParam("keyId", f.shop().keyId()).get(Api.KEYS + "/actual"),
                        "entry", e12, List.of("deactivationDate")),
                new Row("user", f -> asRoot().get("/api/adm/users/" + f.bareUser()), "entry",
                        List.of("id", "email", "firstName", "lastName", "phoneNumber", "isActive"),
                        List.of("firstName", "lastName", "phoneNumber")),
                new Row("company", f -> asRoot().get("/api/adm/companies/" + f.shop().companyId()), "entry",
                        List.of("id", "companyName", "contactEmail", "contactPhone", "isActive"),
                        List.of("contactEmail", "contactPhone")),
                new Row("company user", f -> asRoot().queryParam("CompanyId", f.shop().companyId())
                        .queryParam("UserId", f.bareUser()).get("/api/adm/companyUsers"), "entries/0",
                        List.of("id", "userId", "companyId", "roles", "firstName", "lastName", "phoneNumber", "isActive"),
                        List.of("firstName", "lastName", "phoneNumber")),
                new Row("project", f -> asRoot().get(Api.PROJECTS + "/" + f.shop().projectId()), "entry",
                        List.of("id", "projectName", "companyId", "description", "returnUrl", "cancelUrl", "phone",
                                "softDescriptor", "comments", "isActive", "createdDate"),
                        List.of("description", "returnUrl", "cancelUrl", "phone", "softDescriptor", "comments")),
                new Row("project merchant information", f -> asRoot().get(Api.PROJECTS + "/" + f.shop().projectId()),
                        "entry/merchant", List.of("merchantId", "processorGateway", "isTestMode", "merchantPhone",
                                "softDescriptor", "comments"),
                        List.of("merchantId", "processorGateway", "merchantPhone", "softDescriptor", "comments")),
                new Row("E11 entry", f -> asRoot().queryParam("Id", f.shop().projectId()).get(Api.PROJECTS), "entries/0",
                        List.of("id", "name", "projectName", "companyId", "isActive", "createdDate", "description", "phone"),
                        List.of("description", "phone")),
                new Row("E15 entry", f -> asRoot().queryParam("CompanyProjectId", f.shop().projectId()).get(Api.PROCESSORS),
                        "entries/0", List.of("id", "companyProjectId", "projectPaymentProcessorName", "gateway",
                                "paymentType", "isActive", "createdDate"), List.of()),
                new Row("E10 answer", f -> f.shop().tokenize(Cards.body("4242424242424242", "123")), "",
                        List.of("id", "paymentToken", "maskedCardNumber", "ccType", "last4", "expirationMonth",
                                "expirationYear"), List.of()),
                new Row("E16 entry", f -> f.shop().pay().queryParam("id", f.sale()).get(f.shop().transactions()),
                        "entries/0", List.of("id", "amount", "status", "maskedCardNumber", "resultCode"), List.of()),
                new Row("E2 entry", f -> f.shop().pay().body(Map.of("chargebackId", f.chargeback().toString(),
                                "startDate", "2020-01-01T00:00:00Z", "offset", 0, "limit", 10))
                        .post("/api/pay/" + f.shop().projectId() + "/chargeEvents/chargeback"), "entries/0",
                        List.of("chargebackId", "transactionId", "amount", "reason", "reasonCode", "chargebackDate",
                                "respondByDate", "status"), List.of("reason", "reasonCode")),
                new Row("E13 row", f -> e13(f), "entries/0",
                        List.of("transactionId", "chargebackDate", "amount", "reason", "status", "dueDate"),
                        List.of("reason")),
                new Row("E13 answer", f -> e13(f), "", List.of("entries", "total", "totalAmount"), List.of()),
                new Row("keystore list entry", f -> asRoot().get("/api/adm/KeyStores"), "entries/0",
                        List.of("keystoreId", "activationDate", "expirationDate", "keyStrength", "keyBase64", "ivBase64"),
                        List.of("keyBase64", "ivBase64")),
                new Row("E17 answer", f -> asRoot().queryParam("companyProjectId", f.shop().projectId())
                        .post("/api/adm/transactions/" + f.authorization() + "/reverse"), "",
                        List.of("transactionId", "reversalId", "status", "message"), List.of()),
                new Row("E20 answer", f -> asRoot().queryParam("CompanyId", f.shop().companyId())
                        .queryParam("UserInvitationId", f.invitation()).get("/api/adm/invitations/isEntryBelongsToCompany"),
                        "", List.of("result"), List.of()));
    }

    private static Response e13(Fixture f) {
        return ChargebackScenarios.report(f.shop().companyId(), OffsetDateTime.now().minusDays(1),
                OffsetDateTime.now().plusDays(1), Map.of());
    }

    @TestFactory
    Stream<DynamicTest> everyListedFieldIsPresentNullWhenUnset() {
        Fixture f = Fixture.create();
        return rows().stream().map(row -> DynamicTest.dynamicTest(row.answer(), () -> {
            Response r = row.call().apply(f);
            assertTrue(r.statusCode() == 200 || r.statusCode() == 201, row.answer() + ": " + r.asString());
            JsonObject object = at(json(r), row.at());
            assertAll(row.listed().stream().map(field -> () ->
                    assertTrue(object.containsKey(field), row.answer() + " lacks " + field + ": " + object)));
            assertAll(row.unset().stream().map(field -> () ->
                    assertEquals(JsonValue.NULL, object.get(field), row.answer() + "." + field + ": " + object)));
        }));
    }

    /** The envelope's own fields stay as DESIGN.md section 3 says, nulls kept or not. */
    @Test
    void theEnvelopeAddsOnlyWhatTheOperationAdds() {
        UUID company = Api.aCompany();
        Set<String> fixed = Set.of("success", "code", "errorMessage");
        assertEquals(fixed, okJson((asRoot().body(Map.of("companyName", Api.unique("C")))
                .put("/api/adm/companies/" + company))).keySet());
        assertEquals(Set.of("success", "code", "errorMessage", "entries"), okJson((asRoot()
                .queryParam("Id", company).get("/api/adm/companies"))).keySet());
        assertEquals(Set.of("success", "code", "errorMessage", "entry"), okJson((asRoot()
                .get("/api/adm/companies/" + company))).keySet());
        Response created = asRoot().body(Map.of("companyId", company, "projectName", Api.unique("P"))).post(Api.PROJECTS);
        Api.created(created);
        assertEquals(Set.of("success", "code", "errorMessage", "id"), json(created).keySet());
        Response refused = as(Api.rootToken()).get("/api/adm/companies/" + UUID.randomUUID());
        Api.refused(refused, 404);
        assertEquals(fixed, json(refused).keySet());
    }

    private static JsonObject okJson(Response r) {
        Api.ok(r);
        return json(r);
    }

    private static JsonObject json(Response r) {
        return Api.jsonObject(r.asString());
    }

    private static JsonObject at(JsonObject root, String path) {
        JsonValue value = root;
        for (String step : path.isEmpty() ? new String[0] : path.split("/")) {
            value = step.matches("\\d+") ? value.asJsonArray().get(Integer.parseInt(step)) : value.asJsonObject().get(step);
        }
        return value.asJsonObject();
    }
}

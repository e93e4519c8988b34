package com.paycore.it;

import static com.paycore.it.Api.as;
import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import io.restassured.response.Response;

/**
 * Existence and tenancy come before the body (DESIGN.md section 4: guessing ids must reveal nothing): on every
 * operation naming an id in its path or body, another tenant's id with an invalid body answers exactly like an
 * unknown id (404, same envelope), while the caller's own id with the same body answers the validation error (400),
 * which proves the body really is invalid.
 */
abstract class TenancyBeforeBodyScenarios {

    private static final String LONG_51 = "x".repeat(51);
    private static final String LONG_101 = "x".repeat(101);
    private static final String LONG_151 = "x".repeat(151);

    /** Company "own" with its Admin (the caller) and a shop; company "other" with the same things. */
    record Fixture(Cards.Shop own, Cards.Shop other, String adminToken, Api.Member ownMember, Api.Member otherMember,
                   UUID ownProcessor, UUID otherProcessor, UUID ownSale, UUID otherSale, UUID ownAuthorization,
                   UUID otherAuthorization, UUID ownChargeback, UUID otherChargeback) {

        static Fixture create() {
            Cards.Shop own = Cards.aShop();
            Cards.Shop other = Cards.aShop();
            UUID ownSale = own.anAuthorization("4111111111111111", "10.00", true);
            UUID otherSale = other.anAuthorization("4111111111111111", "10.00", true);
            return new Fixture(own, other, Api.anAdminOf(own.companyId()).token(),
                    Api.aMember(own.companyId(), "User"), Api.aMember(other.companyId(), "User"),
                    Api.aProcessor(own.projectId()), Api.aProcessor(other.projectId()), ownSale, otherSale,
                    own.anAuthorization("4111111111111111", "10.00", false),
                    other.anAuthorization("4111111111111111", "10.00", false),
                    ChargebackScenarios.aChargeback(own), ChargebackScenarios.aChargeback(other));
        }
    }

    /**
     * One operation: the caller's own id and another tenant's (null where the caller sees every tenant: then only
     * existence is at stake), and the call with an invalid body for a given id.
     */
    record Row(String operation, Function<Fixture, UUID> own, Function<Fixture, UUID> foreign,
               BiFunction<Fixture, UUID, Response> call) {
    }

    private static Map<String, Object> body(Object... pairs) {
        Map<String, Object> body = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            body.put((String) pairs[i], pairs[i + 1]);
        }
        return body;
    }

    private static List<Row> rows() {
        return List.of(
                new Row("E8 update company", f -> f.own().companyId(), f -> f.other().companyId(),
                        (f, id) -> as(f.adminToken()).body(body("companyName", LONG_51)).put("/api/adm/companies/" + id)),
                new Row("E8 body id differing from the path", f -> f.own().companyId(), f -> f.other().companyId(),
                        (f, id) -> as(f.adminToken()).body(body("id", UUID.randomUUID(), "companyName", Api.unique("C")))
                                .put("/api/adm/companies/" + id)),
                new Row("E5 update company user", f -> f.ownMember().companyUserId(), f -> f.otherMember().companyUserId(),
                        (f, id) -> as(f.adminToken()).body(body("firstName", LONG_151)).put("/api/adm/companyUsers/" + id)),
                new Row("add company user", f -> f.own().companyId(), f -> f.other().companyId(),
                        // a user the Admin may add (one of his own company's people): any other user is 404 itself
                        (f, id) -> as(f.adminToken()).body(body("companyId", id, "userId", f.ownMember().person().id(),
                                "firstName", LONG_151)).post("/api/adm/companyUsers")),
                new Row("invite", f -> f.own().companyId(), f -> f.other().companyId(),
                        (f, id) -> as(f.adminToken()).body(body("companyId", id, "email", "not-an-email"))
                                .post("/api/adm/invitations")),
                new Row("E7 create project", f -> f.own().companyId(), f -> f.other().companyId(),
                        (f, id) -> as(f.adminToken()).body(body("companyId", id, "projectName", LONG_51))
                                .post(Api.PROJECTS)),
                new Row("E4 update project", f -> f.own().projectId(), f -> f.other().projectId(),
                        (f, id) -> as(f.adminToken()).body(body("projectName", LONG_51)).put(Api.PROJECTS + "/" + id + "/general")),
                new Row("E4 body id differing from the path", f -> f.own().projectId(), f -> f.other().projectId(),
                        (f, id) -> as(f.adminToken()).body(body("id", UUID.randomUUID(), "projectName", Api.unique("P")))
                                .put(Api.PROJECTS + "/" + id + "/general")),
                new Row("assign project users", f -> f.own().projectId(), f -> f.other().projectId(),
                        (f, id) -> as(f.adminToken()).body(body()).put(Api.PROJECTS + "/" + id + "/users")),
                new Row("E9 update merchant", f -> f.own().projectId(), f -> f.other().projectId(),
                        (f, id) -> as(f.adminToken()).body(body("merchantPhone", "1".repeat(26)))
                                .put(Api.PROJECTS + "/" + id + "/merchant")),
                new Row("create key", f -> f.own().projectId(), f -> f.other().projectId(),
                        (f, id) -> as(f.adminToken()).body(body("companyProjectId", id, "type", "TransactionRSAKey",
                                "name", LONG_101)).post(Api.KEYS)),
                new Row("E6 update key", f -> f.own().keyId(), f -> f.other().keyId(),
                        (f, id) -> as(f.adminToken()).body(body("name", LONG_101)).put(Api.KEYS + "/" + id)),
                new Row("create processor", f -> f.own().projectId(), f -> f.other().projectId(),
                        (f, id) -> as(f.adminToken()).body(body("companyProjectId", id, "projectPaymentProcessorName",
                                LONG_101, "gateway", 1, "paymentType", 1)).post(Api.PROCESSORS)),
                new Row("update processor", f -> f.ownProcessor(), f -> f.otherProcessor(),
                        (f, id) -> as(f.adminToken()).body(body("projectPaymentProcessorName", LONG_101))
                                .put(Api.PROCESSORS + "/" + id)),
                new Row("E3 report", f -> f.own().companyId(), f -> f.other().companyId(),
                        (f, id) -> as(f.adminToken()).body(body("companyId", id))
                                .post("/api/adm/reportTransactions/reports")),
                // Project API key operations: the key's own project, ids of another company's project.
                new Row("capture", f -> f.ownAuthorization(), f -> f.otherAuthorization(),
                        (f, id) -> f.own().move(id, "capture", body("amount", new BigDecimal("-1")))),
                new Row("refund", f -> f.ownSale(), f -> f.otherSale(),
                        (f, id) -> f.own().move(id, "refund", body("amount", new BigDecimal("-1")))),
                new Row("dispute", f -> f.ownChargeback(), f -> f.otherChargeback(),
                        (f, id) -> f.own().pay().body(body("evidence", ""))
                                .post(ChargebackScenarios.path(f.own(), id, "dispute"))),
                new Row("E2 by chargebackId", f -> f.ownChargeback(), f -> f.otherChargeback(),
                        (f, id) -> f.own().pay().body(body("chargebackId", id.toString(), "startDate", "2020-01-01T00:00:00Z",
                                "offset", 0, "limit", 0)).post("/api/pay/" + f.own().projectId() + "/chargeEvents/chargeback")),
                new Row("E2 by transactionId", f -> f.ownSale(), f -> f.otherSale(),
                        (f, id) -> f.own().pay().body(body("transactionId", id.toString(), "offset", 0, "limit", 10))
                                .post("/api/pay/" + f.own().projectId() + "/chargeEvents/chargeback")),
                // Platform administrators see every tenant: existence alone comes before the body.
                new Row("E1 update user", f -> f.ownMember().person().id(), null,
                        (f, id) -> asRoot().body(body("email", "not-an-email")).put("/api/adm/users/" + id)),
                new Row("record chargeback", f -> f.ownSale(), null,
                        (f, id) -> asRoot().body(body("transactionId", id, "reason", "x".repeat(251)))
                                .post(ChargebackScenarios.CHARGEBACKS)),
                new Row("resolve chargeback", f -> f.ownChargeback(), null,
                        (f, id) -> asRoot().body(body("outcome", "Maybe"))
                                .post(ChargebackScenarios.CHARGEBACKS + "/" + id + "/resolve")),
                // No bearer at all: the invitation id is looked up before the body.
                new Row("accept invitation", f -> InvitationScenarios.invite(Api.rootToken(), f.own().companyId(), "User").id(),
                        null, (f, id) -> Api.anonymous().body(body("token", "t", "password", "short"))
                                .post("/api/auth/invitations/" + id + "/accept")));
    }

    @TestFactory
    Stream<DynamicTest> anotherTenantsIdWithAnInvalidBodyAnswersLikeAnUnknownId() {
        Fixture f = Fixture.create();
        return rows().stream().map(row -> DynamicTest.dynamicTest(row.operation(), () -> {
            refused(row.call().apply(f, row.own().apply(f)), 400); // the body is invalid
            Response unknown = row.call().apply(f, UUID.randomUUID());
            refused(unknown, 404);
            if (row.foreign() != null) {
                Response foreign = row.call().apply(f, row.foreign().apply(f));
                refused(foreign, 404);
                assertEquals(unknown.asString(), foreign.asString(), row.operation());
            }
        }));
    }
}

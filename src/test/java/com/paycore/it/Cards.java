package com.paycore.it;

import static io.restassured.RestAssured.given;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

/** Tokenization requests for the tests: a project with its key, and card bodies. */
final class Cards {

    /** DESIGN.md section 6's simulator cards. */
    static final List<String> SIMULATOR_CARDS = List.of("4111111111111111", "4242424242424242", "5555555555554444",
            "378282246310005", "6011111111111117", "4000000000000002", "4000000000009995", "4000000000000119",
            "4000000000000259", "4000000000000069", "4000000000000341", "4000000000000010", "4000000000000036");

    private Cards() {
    }

    /** A project of a fresh company, with its first key's value and a simulator processor. */
    record Shop(UUID companyId, UUID projectId, UUID keyId, String key) {
        RequestSpecification pay() {
            return given().baseUri(Deployments.baseUri()).contentType(ContentType.JSON).accept(ContentType.JSON)
                    .header("X-API-Key", key);
        }

        RequestSpecification paySecond() {
            return given().baseUri(SecondInstance.baseUri()).contentType(ContentType.JSON).accept(ContentType.JSON)
                    .header("X-API-Key", key);
        }

        String tokens() {
            return "/api/pay/" + projectId + "/companyProjectCreditCardPaymentsInfo";
        }

        Response tokenize(Map<String, Object> body) {
            return pay().body(body).post(tokens());
        }

        String transactions() {
            return "/api/pay/" + projectId + "/transactions";
        }

        /** A token of the card (CVV 123), its paymentToken value. */
        String aToken(String number) {
            Response r = tokenize(body(number, "123"));
            Api.created(r);
            return JsonBody.of(r).getString("paymentToken");
        }

        /** Authorize (or sale) on a token. */
        Response authorize(String paymentToken, String amount, boolean capture) {
            Map<String, Object> request = new HashMap<>();
            request.put("paymentToken", paymentToken);
            request.put("amount", new BigDecimal(amount));
            request.put("currency", "USD");
            request.put("capture", capture);
            return pay().body(request).post(transactions());
        }

        /** An approved authorization (or sale) of a fresh token of the card; the transaction id. */
        UUID anAuthorization(String number, String amount, boolean capture) {
            return Api.created(authorize(aToken(number), amount, capture));
        }

        Response move(UUID transactionId, String move, Map<String, Object> body) {
            return pay().body(body).post(transactions() + "/" + transactionId + "/" + move);
        }

        /** A move under an Idempotency-Key. */
        Response move(UUID transactionId, String move, Map<String, Object> body, String idempotencyKey) {
            return pay().header("Idempotency-Key", idempotencyKey).body(body)
                    .post(transactions() + "/" + transactionId + "/" + move);
        }

        /** E16 by id: the one entry (as a map with exact decimal amounts); fails when there is not exactly one. */
        Map<String, Object> transaction(UUID id) {
            Response r = pay().queryParam("id", id).get(transactions());
            List<Map<String, Object>> entries = Api.ok(r).exact().getList("entries");
            if (entries.size() != 1) {
                throw new AssertionError("expected one transaction " + id + ", got " + r.asString());
            }
            return entries.get(0);
        }
    }

    static Shop aShop() {
        UUID company = Api.aCompany();
        UUID project = Api.aProject(company);
        UUID keyId = PayAuthenticationScenarios.firstKeyOf(project);
        Api.aProcessor(project);
        return new Shop(company, project, keyId, PayAuthenticationScenarios.valueOf(keyId));
    }

    static Map<String, Object> card(String number, Object month, Object year, String cvv) {
        Map<String, Object> card = new HashMap<>();
        card.put("cardNumber", number);
        card.put("expirationMonth", month);
        card.put("expirationYear", year);
        card.put("cvv", cvv);
        card.put("cardholderName", "Ada Lovelace");
        return card;
    }

    static Map<String, Object> address() {
        Map<String, Object> a = new HashMap<>();
        a.put("firstName", "Ada");
        a.put("lastName", "Lovelace");
        a.put("email", "ada@example.com");
        a.put("addressLine1", "12 St James's Square");
        a.put("city", "London");
        a.put("state", "LDN");
        a.put("zip", "SW1Y 4JH");
        a.put("country", "GB");
        return a;
    }

    static Map<String, Object> body(Map<String, Object> card) {
        Map<String, Object> body = new HashMap<>();
        body.put("creditCard", card);
        body.put("personAddress", address());
        return body;
    }

    static Map<String, Object> body(String number, String cvv) {
        return body(card(number, 12, 2031, cvv));
    }
}

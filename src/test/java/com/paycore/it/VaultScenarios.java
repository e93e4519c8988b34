package com.paycore.it;

import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static com.paycore.it.Cards.aShop;
import static com.paycore.it.Cards.body;
import static com.paycore.it.Cards.card;
import static com.paycore.it.CompanyScenarios.body;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

import javax.crypto.Cipher;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;

import org.junit.jupiter.api.Test;

import io.restassured.response.Response;

/** E10 tokens: validation, masking, CVV, securedProperties, get and delete, and no card data anywhere in clear. */
abstract class VaultScenarios {

    @Test
    void tokenizesAndAnswersOnlyTheMaskedCard() {
        Cards.Shop shop = aShop();
        Response r = shop.tokenize(body("4242424242424242", "123"));
        UUID id = Api.created(r);
        JsonBody json = JsonBody.of(r);
        assertTrue(json.getString("paymentToken").startsWith("tok_"));
        assertEquals("************4242", json.getString("maskedCardNumber"));
        assertEquals("VISA", json.getString("ccType"));
        assertEquals("4242", json.getString("last4"));
        assertEquals(12, json.getInt("expirationMonth"));
        assertEquals(2031, json.getInt("expirationYear"));
        assertTrue(json.getBoolean("validCVV"));
        assertFalse(r.asString().contains("4242424242424242") || r.asString().contains("\"cvv\""), r.asString());
        var entry = ok(shop.pay().get(shop.tokens() + "/" + id));
        assertEquals("************4242", entry.getString("entry.maskedCardNumber"));
        assertEquals("Ada", entry.getString("entry.personAddress.firstName"));
        assertFalse(shop.pay().get(shop.tokens() + "/" + id).asString().contains("4242424242424242"));
    }

    @Test
    void everySimulatorCardAndBrandTokenizes() {
        Cards.Shop shop = aShop();
        Map<String, String> brands = Map.of("4111111111111111", "VISA", "5555555555554444", "MASTERCARD",
                "378282246310005", "AMEX", "6011111111111117", "DISCOVER");
        for (String pan : Cards.SIMULATOR_CARDS) {
            Response r = shop.tokenize(body(pan, pan.startsWith("37") ? "1234" : "123"));
            Api.created(r);
            if (brands.containsKey(pan)) {
                assertEquals(brands.get(pan), JsonBody.of(r).getString("ccType"));
            }
        }
    }

    @Test
    void invalidCardsAre400WithoutEchoingTheNumber() {
        Cards.Shop shop = aShop();
        for (Map<String, Object> card : List.of(
                card("4242424242424241", 12, 2031, "123"),   // Luhn
                card("42424242424", 12, 2031, "123"),        // too short
                card("9999999999999995", 12, 2031, "123"),   // no brand
                card("4242424242424242", 13, 2031, "123"),   // month
                card("4242424242424242", 1, 2020, "123"),    // expired
                card("4242424242424242", 12, 2031, "12"),    // CVV length
                card("4242424242424242", 12, 2031, "1234"),  // 4 digits on VISA
                card("378282246310005", 12, 2031, "123"))) { // 3 digits on AMEX
            String response = refused(shop.tokenize(body(card)), 400).prettyPrint();
            assertFalse(response.contains((String) card.get("cardNumber")), response);
        }
        refused(shop.pay().body(Map.of("personAddress", Cards.address())).post(shop.tokens()), 400);
        refused(shop.pay().body(Map.of("creditCard", card("4242424242424242", 12, 2031, "123"))).post(shop.tokens()), 400);
        refused(shop.pay().body("{\"creditCard\": 12}").post(shop.tokens()), 400);
    }

    @Test
    void cvv000FailsVerificationButTheTokenIsMade() {
        Cards.Shop shop = aShop();
        Response r = shop.tokenize(body("4111111111111111", "000"));
        Api.created(r);
        assertFalse(JsonBody.of(r).getBoolean("validCVV"));
    }

    @Test
    void inactiveProjectOrCompanyTakesNoTokens() {
        Cards.Shop shop = aShop();
        String name = ok(asRoot().get("/api/adm/companyProjects/" + shop.projectId())).getString("entry.projectName");
        ok(asRoot().body(body("projectName", name, "isActive", false)).put("/api/adm/companyProjects/" + shop.projectId() + "/general"));
        refused(shop.tokenize(body("4242424242424242", "123")), 400);
        ok(asRoot().body(body("projectName", name, "isActive", true)).put("/api/adm/companyProjects/" + shop.projectId() + "/general"));
        Api.created(shop.tokenize(body("4242424242424242", "123")));
        String company = ok(asRoot().get("/api/adm/companies/" + shop.companyId())).getString("entry.companyName");
        ok(asRoot().body(body("companyName", company, "isActive", false)).put("/api/adm/companies/" + shop.companyId()));
        refused(shop.tokenize(body("4242424242424242", "123")), 400);
    }

    @Test
    void securedPropertiesArriveEncryptedUnderTheProjectKey() throws Exception {
        Cards.Shop shop = aShop();
        String pem = (String) Api.keysOf(shop.projectId()).get(0).get("publicKey");
        PublicKey key = KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(
                Base64.getDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", ""))));
        Map<String, Object> card = card(oaep(key, "5555555555554444"), 12, 2031, oaep(key, "321"));
        Map<String, Object> request = body(card);
        request.put("securedProperties", List.of("creditCard.cardNumber", "creditCard.cvv"));
        Response r = shop.tokenize(request);
        Api.created(r);
        assertEquals("5555555555554444".substring(12), JsonBody.of(r).getString("last4"));
        assertEquals("MASTERCARD", JsonBody.of(r).getString("ccType"));
        assertTrue(JsonBody.of(r).getBoolean("validCVV"));

        Map<String, Object> garbage = body(card(Base64.getEncoder().encodeToString(new byte[256]), 12, 2031, "123"));
        garbage.put("securedProperties", List.of("creditCard.cardNumber"));
        refused(shop.tokenize(garbage), 400);
        Map<String, Object> unknownPath = body("4242424242424242", "123");
        unknownPath.put("securedProperties", List.of("creditCard.pin"));
        refused(shop.tokenize(unknownPath), 400);
    }

    /**
     * At most five securedProperties entries, so one tokenization costs at most 25 RSA decryptions (five keys each):
     * five encrypted values are taken; a sixth entry is 400 naming the bound, before anything is decrypted.
     */
    @Test
    void securedPropertiesTakeFiveEntriesAndASixthIs400() throws Exception {
        Cards.Shop shop = aShop();
        String pem = (String) Api.keysOf(shop.projectId()).get(0).get("publicKey");
        PublicKey key = KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(
                Base64.getDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", ""))));
        Map<String, Object> card = card(oaep(key, "5555555555554444"), 12, 2031, oaep(key, "321"));
        card.put("cardholderName", oaep(key, "Ada Lovelace"));
        Map<String, Object> request = body(card);
        @SuppressWarnings("unchecked")
        Map<String, Object> person = (Map<String, Object>) request.get("personAddress");
        person.put("firstName", oaep(key, "Ada"));
        person.put("lastName", oaep(key, "Lovelace"));
        List<String> five = List.of("creditCard.cardNumber", "creditCard.cvv", "creditCard.cardholderName",
                "personAddress.firstName", "personAddress.lastName");
        request.put("securedProperties", five);
        Response r = shop.tokenize(request);
        Api.created(r);
        assertEquals("4444", JsonBody.of(r).getString("last4"));

        person.put("city", oaep(key, "London"));
        List<String> six = new ArrayList<>(five);
        six.add("personAddress.city");
        request.put("securedProperties", six);
        String message = refused(shop.tokenize(request), 400).getString("errorMessage");
        assertTrue(message.contains("securedProperties") && message.contains("at most 5"), message);
        List<String> repeated = new ArrayList<>(five);
        repeated.add("creditCard.cardNumber");
        request.put("securedProperties", repeated);
        refused(shop.tokenize(request), 400);
    }

    /**
     * A securedProperties value is tried with the TransactionRSAKey that authenticated the request, then with
     * the four newest other usable ones, no more. A project of 8 keys, called with its second oldest key.
     */
    @Test
    void securedPropertiesTryTheAuthenticatingKeyThenTheFourNewestOthersOnly() throws Exception {
        Cards.Shop first = aShop();
        List<UUID> keys = new ArrayList<>(List.of(first.keyId())); // oldest first
        for (int i = 0; i < 7; i++) {
            keys.add(Api.aKey(first.projectId(), "TransactionRSAKey"));
        }
        Cards.Shop shop = new Cards.Shop(first.companyId(), first.projectId(), keys.get(1),
                PayAuthenticationScenarios.valueOf(keys.get(1)));
        Map<String, PublicKey> publicKeys = new HashMap<>();
        for (Map<String, Object> key : Api.keysOf(shop.projectId())) {
            String pem = (String) key.get("publicKey");
            publicKeys.put((String) key.get("id"), KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(
                    Base64.getDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "")))));
        }
        assertEquals(8, publicKeys.size());
        Function<Integer, Response> tokenizeUnder = k -> {
            try {
                Map<String, Object> request = body(card(oaep(publicKeys.get(keys.get(k).toString()), "5555555555554444"),
                        12, 2031, "321"));
                request.put("securedProperties", List.of("creditCard.cardNumber"));
                return shop.tokenize(request);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
        Response authenticating = tokenizeUnder.apply(1);
        Api.created(authenticating);
        assertEquals("4444", JsonBody.of(authenticating).getString("last4"));
        Api.created(tokenizeUnder.apply(4)); // the fourth newest other key
        Api.created(tokenizeUnder.apply(7)); // the newest
        String message = refused(tokenizeUnder.apply(0), 400).getString("errorMessage"); // the oldest: not tried
        assertTrue(message.contains("creditCard.cardNumber") && message.contains("cannot be decrypted"), message);
        assertFalse(message.contains("5555"), message);
        refused(tokenizeUnder.apply(3), 400); // the fifth newest other key: not tried
        Map<String, Object> garbage = body(card(Base64.getEncoder().encodeToString(new byte[256]), 12, 2031, "123"));
        garbage.put("securedProperties", List.of("creditCard.cardNumber"));
        refused(shop.tokenize(garbage), 400);
    }

    @Test
    void deleteErasesAndHidesTheToken() {
        Cards.Shop shop = aShop();
        UUID id = Api.created(shop.tokenize(body("4242424242424242", "123")));
        ok(shop.pay().delete(shop.tokens() + "/" + id));
        refused(shop.pay().get(shop.tokens() + "/" + id), 404);
        refused(shop.pay().delete(shop.tokens() + "/" + id), 404);
        refused(shop.pay().get(shop.tokens() + "/" + UUID.randomUUID()), 404);
        refused(shop.pay().get(shop.tokens() + "/not-a-uuid"), 400);
    }

    @Test
    void anotherProjectsTokenIsInvisible() {
        Cards.Shop mine = aShop();
        Cards.Shop theirs = aShop();
        UUID id = Api.created(theirs.tokenize(body("4242424242424242", "123")));
        refused(mine.pay().get("/api/pay/" + mine.projectId() + "/companyProjectCreditCardPaymentsInfo/" + id), 404);
        refused(mine.pay().delete("/api/pay/" + mine.projectId() + "/companyProjectCreditCardPaymentsInfo/" + id), 404);
        refused(mine.pay().get(theirs.tokens() + "/" + id), 401);
        ok(theirs.pay().get(theirs.tokens() + "/" + id));
    }

    @Test
    void noCardNumberOrCvvInTheServerLogOrAnyDatabaseTable() throws Exception {
        Cards.Shop shop = aShop();
        for (String pan : Cards.SIMULATOR_CARDS) {
            String cvv = pan.startsWith("37") ? "7391" : "739";
            Api.created(shop.paySecond().body(body(pan, cvv)).post(shop.tokens()));
            refused(shop.paySecond().body(body(brokenLuhn(pan), cvv)).post(shop.tokens()), 400);
        }
        String log = Files.readString(SecondInstance.log(), StandardCharsets.UTF_8);
        String dump = DatabaseDump.all();
        assertTrue(dump.contains("payment_tokens") || dump.contains("PAYMENT_TOKENS"), "the dump covers the token table");
        for (String pan : Cards.SIMULATOR_CARDS) {
            assertFalse(log.contains(pan), "a card number in the server log");
            assertFalse(dump.contains(pan), "a card number in the database");
            assertFalse(dump.contains(brokenLuhn(pan)), "a refused card number in the database");
            assertFalse(log.contains(brokenLuhn(pan)), "a refused card number in the server log");
        }
        assertFalse(log.contains("\"cvv\"") || log.contains("cvv="), "a CVV in the server log");
    }

    /** The same number with its check digit off by one: fails the Luhn check. */
    static String brokenLuhn(String pan) {
        char last = pan.charAt(pan.length() - 1);
        return pan.substring(0, pan.length() - 1) + (char) ('0' + (last - '0' + 1) % 10);
    }

    static String oaep(PublicKey key, String value) throws Exception {
        Cipher rsa = Cipher.getInstance("RSA/ECB/OAEPPadding");
        rsa.init(Cipher.ENCRYPT_MODE, key, new OAEPParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256,
                PSource.PSpecified.DEFAULT));
        return Base64.getEncoder().encodeToString(rsa.doFinal(value.getBytes(StandardCharsets.UTF_8)));
    }
}

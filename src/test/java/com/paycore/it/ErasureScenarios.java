package com.paycore.it;

import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.restassured.response.Response;

/**
 * Erasure: deleting a payment token blanks its cardholder name, e-mail, phone and street lines
 * wherever the token put them (the token, its past events, its transactions' billing copies, the report facts), while
 * its transactions, their events and what the reports count and group by (the country among them) stay.
 */
abstract class ErasureScenarios {

    @Test
    void deletingATokenErasesItsPersonalDataEverywhereAndKeepsTheFigures() throws Exception {
        Cards.Shop shop = Cards.aShop();
        String tag = Api.unique("Erasure").replaceAll("[^A-Za-z0-9]", "");
        String holder = "Grace " + tag;
        String first = "Gracefirst" + tag;
        String last = "Hopperlast" + tag;
        String street = tag + " Erasure Lane";
        String flat = "Flat " + tag;
        String email = tag.toLowerCase() + "@erasure.example.com";
        String phone = "+44 20 " + Math.abs(tag.hashCode());
        Map<String, Object> card = Cards.card(CardUpdaterScenarios.EXPIRED, 12, 2031, "123");
        card.put("cardholderName", holder);
        Map<String, Object> person = new HashMap<>(Cards.address());
        person.put("firstName", first);
        person.put("lastName", last);
        person.put("email", email);
        person.put("phone", phone);
        person.put("addressLine1", street);
        person.put("addressLine2", flat);
        person.put("country", "IS");
        Map<String, Object> body = new HashMap<>();
        body.put("creditCard", card);
        body.put("personAddress", person);
        Response tokenized = shop.tokenize(body);
        UUID tokenId = Api.created(tokenized);
        String paymentToken = JsonBody.of(tokenized).getString("paymentToken");

        // a payment_token.updated event (the card updater renews the expiry): its data is the token, name and address
        CardUpdaterScenarios.run(asRoot(), shop.companyId());
        // two sales whose billing address is the token's (none given in the request)
        UUID first1 = Api.created(shop.authorize(paymentToken, "10.00", true));
        UUID second = Api.created(shop.authorize(paymentToken, "15.00", true));
        ReportScenarios.sync();
        List<String> personal = List.of(holder, first, last, street, flat, email, phone);
        String before = DatabaseDump.all();
        for (String value : personal) {
            assertTrue(before.contains(value), "the data set holds " + value + " before the delete");
        }
        Map<String, Object> figures = figures(shop);
        assertEquals(4, ((Number) figures.get("eventCount")).intValue(), figures.toString());
        assertEquals(2, ((Number) figures.get("paymentAuthorizationsCount")).intValue(), figures.toString());

        ok(shop.pay().delete(shop.tokens() + "/" + tokenId));
        ReportScenarios.sync();

        String after = DatabaseDump.all();
        for (String value : personal) {
            assertFalse(after.contains(value), "no table holds " + value + " after the delete");
        }
        // the transactions and their figures stay, and so does what the reports group by
        assertEquals("Captured", shop.transaction(first1).get("status"));
        assertEquals("Captured", shop.transaction(second).get("status"));
        assertEquals(figures, figures(shop));
        List<Map<String, Object>> events = EventScenarios.events(shop, Map.of("type", "payment_token.updated"));
        assertEquals(1, events.size(), events.toString());
        @SuppressWarnings("unchecked")
        Map<String, Object> data = (Map<String, Object>) events.get(0).get("data");
        assertNull(data.get("cardholderName"));
        @SuppressWarnings("unchecked")
        Map<String, Object> address = (Map<String, Object>) data.get("personAddress");
        assertNull(address.get("addressLine1"));
        assertNull(address.get("email"));
        assertEquals("IS", address.get("country"));
        assertEquals(tokenId.toString(), data.get("id"));
    }

    /** The report row of the shop's company grouped by billing country: the IS row (the only one). */
    private static Map<String, Object> figures(Cards.Shop shop) {
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        Map<String, Object> body = new HashMap<>();
        body.put("companyId", shop.companyId());
        body.put("startDate", today.minusDays(2).toString());
        body.put("endDate", today.plusDays(2).toString());
        body.put("group", ReportScenarios.group("billingCountry"));
        List<Map<String, Object>> rows = ReportScenarios.entries(ReportScenarios.answer(Api.rootToken(), body));
        assertEquals(1, rows.size(), rows.toString());
        assertEquals("IS", rows.get(0).get("billingCountry"));
        return rows.get(0);
    }
}

package com.paycore.it;

import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.ok;
import static com.paycore.it.ChargebackScenarios.CHARGEBACKS;
import static com.paycore.it.ChargebackScenarios.e2;
import static com.paycore.it.ChargebackScenarios.path;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The console's chargeback queue in a real browser: chargebacks recorded through the API are queued by the date they
 * must be answered by, with the time left; company Admins accept or dispute them there through the API's own moves
 * (the API then shows the same, with the same audit rows and events); a platform administrator resolves a dispute;
 * a company User reads the queue without buttons, and another company's chargebacks never appear.
 */
abstract class ConsoleChargebackScenarios {

    @Test
    void aChargebackRecordedThroughTheApiIsQueuedWithItsCountdownAndAcceptedFromTheQueue() {
        Cards.Shop shop = Cards.aShop();
        Api.Member admin = Api.anAdminOf(shop.companyId());
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        UUID sale = shop.anAuthorization("4111111111111111", "40.00", true);
        UUID soon = record(sale, "12.50", now.plusDays(3).plusHours(4).plusMinutes(30));
        UUID later = record(sale, "3.25", now.plusDays(8).plusHours(12).plusMinutes(30));
        UUID answered = record(sale, "2.00", now.plusDays(1));
        ok(shop.pay().post(path(shop, answered, "accept")));
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            List<String> navigation = browser.driver.findElements(By.cssSelector("nav a")).stream()
                    .map(WebElement::getText).toList();
            assertTrue(navigation.contains("Chargebacks"), navigation.toString());
            browser.clickToLoad(browser.driver.findElement(By.xpath("//nav//a[normalize-space()='Chargebacks']")));
            assertEquals("/console/chargebacks", browser.path());
            assertEquals(List.of(soon, later, answered), queued(browser),
                    "the open ones first, the one due soonest at the top; then the answered one");
            String row = row(browser, soon).getText();
            assertTrue(row.contains("3 days 4 hours left") && row.contains("12.50 USD") && row.contains("Pending")
                    && row.contains("Item not received (13.1)"), row);
            assertTrue(row(browser, later).getText().contains("8 days 12 hours left"), row(browser, later).getText());
            String closed = row(browser, answered).getText();
            assertTrue(closed.contains("Accepted") && closed.contains("closed"), closed);
            assertTrue(row(browser, answered).findElements(By.tagName("button")).isEmpty(),
                    "nothing left to answer on an accepted chargeback");
            browser.screenshot("chargebacks");
            List<String> violations = browser.consoleMessages().stream()
                    .filter(m -> m.contains("Content Security Policy") || m.contains("Refused to")).toList();
            assertEquals(List.of(), violations, "the queue runs under the console's policy");

            accept(browser, soon);
            assertEquals("Accepted the chargeback of 12.50 USD.", browser.waitFor(By.cssSelector("[role=status]"))
                    .getText().strip());
            assertTrue(row(browser, soon).getText().contains("Accepted"), row(browser, soon).getText());
            assertEquals(List.of(later, soon, answered), queued(browser),
                    "the open one now leads; the answered ones follow, latest respond-by date first");

            browser.clickToLoad(row(browser, later).findElement(By.linkText("Open transaction")));
            assertEquals("/console/transactions/" + sale, browser.path(), "each row opens its transaction");
            browser.open("/console/chargebacks?from=not-a-number");
            assertEquals(later, queued(browser).get(0), "a bad page offset reads as the first page, not an error");
        }
        Map<String, Object> entry = e2(shop, Map.of("chargebackId", soon.toString())).get(0);
        assertEquals("Accepted", entry.get("status"), "the API shows what the console did");
        assertEquals(false, entry.get("acceptedAutomatically"));
        List<Map<String, Object>> audit = Api.auditEventsOf(shop.companyId(), now.minusMinutes(1));
        assertTrue(audit.stream().anyMatch(e -> "ChargebackAccepted".equals(e.get("action"))
                && soon.toString().equals(e.get("targetId")) && admin.person().id().toString().equals(e.get("actorUserId"))),
                "audited as the signed-in Admin's: " + audit);
        assertEquals(List.of("chargeback.opened", "chargeback.accepted"),
                EventScenarios.chargebackTypes(EventScenarios.events(shop, Map.of("limit", 1000)), soon),
                "the same events as an accept through the API");
    }

    @Test
    void aStaleButtonIsRefusedInWordsNeverA500() {
        Cards.Shop shop = Cards.aShop();
        Api.Member admin = Api.anAdminOf(shop.companyId());
        UUID chargeback = ChargebackScenarios.aChargeback(shop);
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            browser.open("/console/chargebacks");
            ok(shop.pay().post(path(shop, chargeback, "accept"))); // answered meanwhile through the API
            accept(browser, chargeback);
            assertEquals("A chargeback in status Accepted cannot be accepted",
                    browser.waitFor(By.cssSelector("[role=alert]")).getText().strip());
            assertEquals("/console/chargebacks.xhtml", browser.path());
            assertTrue(row(browser, chargeback).getText().contains("Accepted"), "the queue is read again");
        }
    }

    @Test
    void aChargebackIsDisputedWithEvidenceAndAPlatformAdministratorResolvesIt() {
        Cards.Shop shop = Cards.aShop();
        Api.Member admin = Api.anAdminOf(shop.companyId());
        OffsetDateTime since = OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(1);
        UUID chargeback = ChargebackScenarios.aChargeback(shop);
        String evidence = "Signed delivery receipt 42, delivered to the cardholder's address";
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            browser.open("/console/chargebacks");
            assertTrue(row(browser, chargeback).findElements(button("Won")).isEmpty(),
                    "resolving is the platform administrators'");
            dispute(browser, chargeback, "");
            assertEquals("evidence: 1 to 4000 characters required",
                    browser.waitFor(By.cssSelector("[role=alert]")).getText().strip());
            assertEquals("Pending", e2(shop, Map.of("chargebackId", chargeback.toString())).get(0).get("status"));
            dispute(browser, chargeback, evidence);
            assertEquals("Disputed the chargeback of 1.00 USD with your evidence.",
                    browser.waitFor(By.cssSelector("[role=status]")).getText().strip());
            assertTrue(browser.driver.findElements(By.cssSelector("[role=alert]")).isEmpty(), "the old alert is gone");
            String row = row(browser, chargeback).getText();
            assertTrue(row.contains("Disputed") && row.contains("awaiting the processor"), row);
            assertTrue(row(browser, chargeback).findElements(By.tagName("button")).isEmpty(), row);
        }
        Map<String, Object> entry = e2(shop, Map.of("chargebackId", chargeback.toString())).get(0);
        assertEquals("Disputed", entry.get("status"));
        assertEquals(evidence, entry.get("evidence"), "the evidence as typed");
        assertTrue(Api.audited(Api.auditEventsOf(shop.companyId(), since), "ChargebackDisputed", chargeback));

        Api.Person platformAdmin = Api.aPlatformAdmin();
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(platformAdmin.email(), platformAdmin.password());
            browser.open("/console/chargebacks");
            browser.clickToLoad(row(browser, chargeback).findElement(button("Won")));
            assertEquals("Resolved the chargeback of 1.00 USD: Won.", browser.waitFor(By.cssSelector("[role=status]"))
                    .getText().strip());
        }
        assertEquals("Won", e2(shop, Map.of("chargebackId", chargeback.toString())).get(0).get("status"));
        assertEquals(List.of("chargeback.opened", "chargeback.disputed", "chargeback.won"),
                EventScenarios.chargebackTypes(EventScenarios.events(shop, Map.of("limit", 1000)), chargeback));
    }

    @Test
    void aCompanyUserReadsTheQueueWithoutButtonsAndAnotherCompanysChargebacksNeverAppear() {
        Cards.Shop mine = Cards.aShop();
        Api.Member user = Api.aMember(mine.companyId(), "User");
        ok(asRoot().body(Map.of("companyUserIds", List.of(user.companyUserId())))
                .put(Api.PROJECTS + "/" + mine.projectId() + "/users"));
        UUID own = ChargebackScenarios.aChargeback(mine);
        Cards.Shop theirs = Cards.aShop();
        UUID foreign = ChargebackScenarios.aChargeback(theirs);
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(user.person().email(), user.person().password());
            browser.open("/console/chargebacks");
            List<UUID> queued = queued(browser);
            assertTrue(queued.contains(own), "the User's assigned project's chargeback: " + queued);
            assertFalse(queued.contains(foreign), "another company's chargeback: " + queued);
            assertFalse(browser.driver.getPageSource().contains(foreign.toString()), "nothing of it in the page");
            WebElement row = row(browser, own);
            assertTrue(row.getText().contains("Pending") && row.getText().contains("left"), row.getText());
            assertTrue(row.findElements(By.cssSelector("details, input[type=submit], button")).isEmpty(),
                    "read-only for a company User: " + row.getAttribute("innerHTML"));
            assertTrue(browser.driver.findElements(By.cssSelector("main button")).isEmpty(),
                    "no button anywhere in the queue");
        }
        Api.Member stranger = Api.anAdminOf(theirs.companyId());
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(stranger.person().email(), stranger.person().password());
            browser.open("/console/chargebacks");
            assertEquals(List.of(foreign), queued(browser), "another company's Admin sees only his company's");
        }
    }

    @Test
    void anAdminDemotedToUserWhileTheQueueIsOpenIsRefusedByTheServer() {
        Cards.Shop shop = Cards.aShop();
        Api.anAdminOf(shop.companyId()); // the company keeps an Admin
        Api.Member admin = Api.anAdminOf(shop.companyId());
        ok(asRoot().body(Map.of("companyUserIds", List.of(admin.companyUserId())))
                .put(Api.PROJECTS + "/" + shop.projectId() + "/users"));
        UUID chargeback = ChargebackScenarios.aChargeback(shop);
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            browser.open("/console/chargebacks");
            ok(asRoot().body(Map.of("roles", "User")).put("/api/adm/companyUsers/" + admin.companyUserId()));
            accept(browser, chargeback); // the button drawn while he was an Admin
            assertEquals("You may see this chargeback but not answer it: a platform administrator or an Admin of its "
                    + "company can.", browser.waitFor(By.cssSelector("[role=alert]")).getText().strip());
            assertTrue(row(browser, chargeback).findElements(By.tagName("button")).isEmpty(),
                    "the queue, read again, has no buttons for him");
        }
        assertEquals("Pending", e2(shop, Map.of("chargebackId", chargeback.toString())).get(0).get("status"));
    }

    // ---- helpers ----

    private static UUID record(UUID sale, String amount, OffsetDateTime respondBy) {
        Map<String, Object> body = new HashMap<>(Map.of("transactionId", sale, "amount", new BigDecimal(amount),
                "reason", "Item not received", "reasonCode", "13.1", "respondByDate", respondBy.toString()));
        return Api.created(asRoot().body(body).post(CHARGEBACKS));
    }

    /** The queue's chargeback ids, top to bottom. */
    private static List<UUID> queued(Browser browser) {
        return browser.driver.findElements(By.cssSelector("tr[data-chargeback]")).stream()
                .map(r -> UUID.fromString(r.getAttribute("data-chargeback"))).toList();
    }

    private static WebElement row(Browser browser, UUID chargeback) {
        return browser.driver.findElement(By.cssSelector("tr[data-chargeback='" + chargeback + "']"));
    }

    private static By button(String label) {
        return By.xpath(".//button[normalize-space()='" + label + "']");
    }

    private static void accept(Browser browser, UUID chargeback) {
        WebElement row = row(browser, chargeback);
        row.findElement(By.xpath(".//summary[starts-with(normalize-space(), 'Accept')]")).click();
        browser.clickToLoad(row.findElement(button("Accept chargeback")));
    }

    private static void dispute(Browser browser, UUID chargeback, String evidence) {
        WebElement row = row(browser, chargeback);
        row.findElement(By.xpath(".//summary[starts-with(normalize-space(), 'Dispute')]")).click();
        WebElement text = row.findElement(By.tagName("textarea"));
        text.clear();
        text.sendKeys(evidence);
        browser.clickToLoad(row.findElement(button("Send dispute")));
    }
}

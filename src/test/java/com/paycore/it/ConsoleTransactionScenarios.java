package com.paycore.it;

import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.ok;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.restassured.response.Response;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The console's transaction actions and search in a real browser (ApiIT.ConsoleTransactions): capture, partial refund
 * and reverse behind a confirmation dialog, run by the API's own moves (E16, the audit trail and the events show them
 * as if the API had made them), refused in the API's words, absent and refused for company Users, never run twice
 * for one form; the list's filters.
 */
abstract class ConsoleTransactionScenarios {

    private static final String CHANGED = "The transaction changed since it was shown (another move, or this one sent "
            + "twice): nothing was done; look at it again before you act";

    @Test
    void aCompanyAdminCapturesAndPartlyRefundsAnAuthorizationFoundInTheSearchAndTheApiShowsTheSame() {
        Cards.Shop shop = Cards.aShop();
        Api.Member admin = Api.anAdminOf(shop.companyId());
        String projectName = ok(asRoot().get(Api.PROJECTS + "/" + shop.projectId())).getString("entry.projectName");
        OffsetDateTime before = OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(1);
        UUID id = shop.anAuthorization("4111111111111111", "40.00", false);
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            WebElement search = browser.driver.findElement(By.cssSelector("input[type=search]"));
            search.sendKeys(projectName);
            search.submit();
            browser.waitForPage();
            browser.clickToLoad(browser.driver.findElement(By.cssSelector("a[href$='/console/transactions/" + id + "']")));
            assertEquals("Approved", text(browser, "status"));
            assertTrue(present(browser, "actions:capture") && present(browser, "actions:reverse"), browser.text());
            assertFalse(present(browser, "actions:refund"), "nothing captured yet to refund");

            browser.driver.findElement(By.id("actions:capture")).click();
            answerTheDialog(browser, false);
            assertEquals("Approved", text(browser, "status"), "No in the dialog: nothing done");
            browser.driver.findElement(By.id("actions:capture")).click();
            answerTheDialog(browser, true);
            waitForText(browser, "status", "Captured");
            assertEquals("40.00 USD", text(browser, "captured"));
            assertTrue(text(browser, "notice").startsWith("Captured: Capture Approved 40.00 USD"), text(browser, "notice"));

            WebElement amount = browser.driver.findElement(By.id("actions:refundAmount"));
            assertEquals("40.00", amount.getAttribute("value"), "the refund's amount is what is left by default");
            amount.clear();
            amount.sendKeys("15.25");
            browser.driver.findElement(By.id("actions:refund")).click();
            answerTheDialog(browser, true);
            waitForText(browser, "status", "PartiallyRefunded");
            assertEquals("15.25 USD", text(browser, "refunded"));
            assertEquals("24.75", browser.driver.findElement(By.id("actions:refundAmount")).getAttribute("value"));
            assertTrue(browser.text().contains("No chargebacks."), browser.text());
            assertFalse(browser.driver.getPageSource().contains("4111111111111111"), "the card number is masked");
            browser.screenshot("transaction-actions");
        }
        Map<String, Object> e16 = shop.transaction(id);
        assertAll(() -> assertEquals("PartiallyRefunded", e16.get("status")),
                () -> assertEquals(new BigDecimal("40.00"), e16.get("capturedAmount")),
                () -> assertEquals(new BigDecimal("15.25"), e16.get("refundedAmount")),
                () -> assertEquals(List.of("Authorize", "Capture", "Refund"), TransactionScenarios.types(e16)));
        List<Map<String, Object>> audit = Api.auditEventsOf(shop.companyId(), before);
        Map<String, Object> refunded = audit.stream().filter(e -> "TransactionRefunded".equals(e.get("action"))
                && id.toString().equals(e.get("targetId"))).findFirst().orElseThrow(() -> new AssertionError(audit));
        assertAll(() -> assertEquals(admin.person().email(), refunded.get("actor"), "the console's user is the actor"),
                () -> assertEquals(admin.person().id().toString(), refunded.get("actorUserId")),
                () -> assertEquals("amount=15.25 USD, result=Approved", refunded.get("details")));
        List<String> events = EventScenarios.typesOf(EventScenarios.events(shop, Map.of()), id);
        assertEquals(List.of("transaction.authorized", "transaction.captured", "transaction.refunded"), events,
                "the same events (and so webhooks) as the API's moves");
    }

    @Test
    void aRefundAboveWhatIsLeftShowsTheApisMessageAndChangesNothing() {
        Cards.Shop shop = Cards.aShop();
        Api.Member admin = Api.anAdminOf(shop.companyId());
        OffsetDateTime before = OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(1);
        UUID id = shop.anAuthorization("5555555555554444", "20.00", true);
        Response api = shop.move(id, "refund", Map.of("amount", new BigDecimal("25.00")));
        assertEquals(400, api.statusCode(), api.asString());
        String message = JsonBody.of(api).getString("errorMessage");
        assertTrue(message.contains("25.00"), message);
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            browser.open("/console/transactions/" + id);
            WebElement amount = browser.driver.findElement(By.id("actions:refundAmount"));
            amount.clear();
            amount.sendKeys("25.00");
            browser.driver.findElement(By.id("actions:refund")).click();
            answerTheDialog(browser, true);
            WebElement alert = browser.waitFor(By.cssSelector("[role=alert]"));
            assertEquals(message, alert.getText().strip(), "the API's words");
            assertEquals("Captured", text(browser, "status"));
            assertEquals("No webhook deliveries for this transaction.", text(browser, "no-deliveries"),
                    "an Admin sees the section, empty in words: the project has no endpoint");

            amount = browser.driver.findElement(By.id("actions:refundAmount"));
            amount.clear();
            amount.sendKeys("ten");
            browser.driver.findElement(By.id("actions:refund")).click();
            answerTheDialog(browser, true);
            browser.waiting(Duration.ofSeconds(30)).ignoring(StaleElementReferenceException.class)
                    .until(d -> d.findElement(By.cssSelector("[role=alert]")).getText().startsWith("Refund amount:"));
            assertEquals("Captured", text(browser, "status"));
        }
        Map<String, Object> e16 = shop.transaction(id);
        assertAll(() -> assertEquals("Captured", e16.get("status")),
                () -> assertEquals(new BigDecimal("0.00"), e16.get("refundedAmount")),
                () -> assertEquals(List.of("Authorize", "Capture"), TransactionScenarios.types(e16)));
        assertFalse(Api.audited(Api.auditEventsOf(shop.companyId(), before), "TransactionRefunded", id));
    }

    @Test
    void aCompanyUserSeesNoActionAndAForgedPostbackChangesNothing() {
        Cards.Shop shop = Cards.aShop();
        Api.Member user = Api.aMember(shop.companyId(), "User");
        ok(asRoot().body(Map.of("companyUserIds", List.of(user.companyUserId())))
                .put(Api.PROJECTS + "/" + shop.projectId() + "/users"));
        UUID authorized = shop.anAuthorization("4111111111111111", "9.00", false);
        UUID sale = shop.anAuthorization("4242424242424242", "8.00", true);
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(user.person().email(), user.person().password());
            for (UUID id : List.of(authorized, sale)) {
                browser.open("/console/transactions/" + id);
                assertTrue(browser.text().contains("Timeline"), "the User reads it: " + browser.text());
                assertFalse(browser.text().contains("Webhook deliveries") || present(browser, "no-deliveries"),
                        "no delivery log for a company User (the API answers them 403): " + browser.text());
                assertEquals(List.of(), browser.driver.findElements(By.cssSelector("#actions button, #actions input[type=text]")),
                        "no action for a company User");
            }
            browser.open("/console/transactions/" + authorized);
            for (String button : List.of("actions:capture", "actions:reverse")) {
                String answer = postBack(browser, button, Map.of("actions:seen", "1"));
                assertFalse(answer.contains("notice"), answer);
            }
            browser.open("/console/transactions/" + sale);
            String answer = postBack(browser, "actions:refund", Map.of("actions:seen", "2", "actions:refundAmount", "8.00"));
            assertFalse(answer.contains("notice"), answer);
        }
        assertEquals("Approved", shop.transaction(authorized).get("status"));
        assertEquals(List.of("Authorize"), TransactionScenarios.types(shop.transaction(authorized)));
        assertEquals(List.of("Authorize", "Capture"), TransactionScenarios.types(shop.transaction(sale)));
    }

    @Test
    void theTransactionPageShowsTheWebhookDeliveriesOfItsEventsToAdminsButNotToUsers() throws Exception {
        Cards.Shop shop = Cards.aShop();
        Api.Member admin = Api.anAdminOf(shop.companyId());
        Api.Member user = Api.aMember(shop.companyId(), "User");
        ok(asRoot().body(Map.of("companyUserIds", List.of(user.companyUserId())))
                .put(Api.PROJECTS + "/" + shop.projectId() + "/users"));
        try (Receiver receiver = Receiver.start()) {
            WebhookScenarios.Endpoint endpoint = WebhookScenarios.anEndpoint(shop.projectId(), receiver.url(),
                    "transaction.authorized");
            try {
                UUID id = shop.anAuthorization("4111111111111111", "33.00", false);
                UUID other = shop.anAuthorization("4111111111111111", "34.00", false);
                String eventId = WebhookScenarios.awaitEvent(receiver, id, "transaction.authorized").eventId();
                Receiver.await(Duration.ofSeconds(30), "the delivery logged", () ->
                        WebhookScenarios.log(endpoint, eventId).stream().anyMatch(a -> Integer.valueOf(200).equals(a.get("httpStatus"))));
                try (Browser browser = Browser.english()) {
                    browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
                    By rows = By.cssSelector("#deliveries tbody tr");
                    Receiver.await(Duration.ofSeconds(30), "the page shows the delivery Delivered", () -> {
                        browser.open("/console/transactions/" + id);
                        return browser.driver.findElements(rows).stream().anyMatch(r -> r.getText().contains("Delivered"));
                    });
                    List<WebElement> shown = browser.driver.findElements(rows);
                    assertEquals(1, shown.size(), "one event of this transaction, one endpoint: " + browser.text());
                    List<String> cells = shown.get(0).findElements(By.tagName("td")).stream()
                            .map(c -> c.getText().strip()).toList();
                    assertAll(() -> assertEquals(receiver.url(), cells.get(0)),
                            () -> assertEquals("transaction.authorized", cells.get(1)),
                            () -> assertEquals("Delivered", cells.get(3)),
                            () -> assertEquals("1", cells.get(4)),
                            () -> assertEquals("200", cells.get(5)),
                            () -> assertEquals("", cells.get(6), "no next attempt once delivered"));
                    assertFalse(present(browser, "no-deliveries"));
                    assertFalse(browser.driver.getPageSource().contains(other.toString()),
                            "another transaction's delivery is not this one's");
                    browser.screenshot("transaction-deliveries");
                }
                try (Browser browser = Browser.english()) {
                    browser.open("/console/signin").signIn(user.person().email(), user.person().password());
                    browser.open("/console/transactions/" + id);
                    assertTrue(browser.text().contains("Timeline"), "the User reads the transaction: " + browser.text());
                    assertFalse(browser.text().contains("Webhook deliveries") || present(browser, "deliveries")
                            || browser.driver.getPageSource().contains(receiver.url()),
                            "no delivery log for a company User: " + browser.text());
                }
            } finally {
                WebhookScenarios.deleteQuietly(endpoint);
            }
        }
    }

    @Test
    void aFormSentTwiceOrAfterAnotherMoveMovesNothingTwice() {
        Cards.Shop shop = Cards.aShop();
        Api.Member admin = Api.anAdminOf(shop.companyId());
        UUID sale = shop.anAuthorization("4111111111111111", "30.00", true);
        UUID authorized = shop.anAuthorization("4111111111111111", "12.00", false);
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            browser.open("/console/transactions/" + sale);
            Map<String, String> refund = Map.of("actions:refundAmount", "5.00");
            String first = postBack(browser, "actions:refund", refund);
            assertTrue(first.contains("Refunded: Refund Approved 5.00 USD"), first);
            String again = postBack(browser, "actions:refund", refund); // the same body: the version seen before
            assertTrue(again.contains(CHANGED), again);

            browser.open("/console/transactions/" + authorized);
            ok(shop.move(authorized, "capture", Map.of())); // meanwhile, through the API
            browser.driver.findElement(By.id("actions:reverse")).click();
            answerTheDialog(browser, true);
            assertEquals(CHANGED, browser.waitFor(By.cssSelector("[role=alert]")).getText().strip());
            assertEquals("Captured", text(browser, "status"), "read again: captured by the API");
        }
        Map<String, Object> refunded = shop.transaction(sale);
        assertEquals(new BigDecimal("5.00"), refunded.get("refundedAmount"), "one refund, not two");
        assertEquals(List.of("Authorize", "Capture", "Refund"), TransactionScenarios.types(refunded));
        assertEquals(List.of("Authorize", "Capture"), TransactionScenarios.types(shop.transaction(authorized)));
    }

    @Test
    void aCompanyAdminReversesAnApprovedAuthorization() {
        Cards.Shop shop = Cards.aShop();
        Api.Member admin = Api.anAdminOf(shop.companyId());
        OffsetDateTime before = OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(1);
        UUID id = shop.anAuthorization("4111111111111111", "17.00", false);
        UUID chargedBack = shop.anAuthorization("4242424242424242", "10.00", true);
        Api.created(ChargebackScenarios.record(chargedBack, Map.of("amount", 4, "reasonCode", "13.1")));
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            browser.open("/console/transactions/" + id);
            browser.driver.findElement(By.id("actions:reverse")).click();
            answerTheDialog(browser, true);
            waitForText(browser, "status", "Reversed");
            assertFalse(present(browser, "actions:capture") || present(browser, "actions:reverse")
                    || present(browser, "actions:refund"), "nothing left to do");

            browser.open("/console/transactions/" + chargedBack);
            String chargebacks = browser.driver.findElement(By.id("chargebacks")).getText();
            assertTrue(chargebacks.contains("4.00 USD") && chargebacks.contains("Pending") && chargebacks.contains("13.1"),
                    chargebacks);
            assertEquals("6.00", browser.driver.findElement(By.id("actions:refundAmount")).getAttribute("value"),
                    "what is left: captured less the standing chargeback");
        }
        Map<String, Object> e16 = shop.transaction(id);
        assertEquals("Reversed", e16.get("status"));
        assertEquals(List.of("Authorize", "ReverseAuthorize"), TransactionScenarios.types(e16));
        List<Map<String, Object>> audit = Api.auditEventsOf(shop.companyId(), before);
        assertTrue(audit.stream().anyMatch(e -> "TransactionReversed".equals(e.get("action"))
                && id.toString().equals(e.get("targetId")) && admin.person().email().equals(e.get("actor"))), audit.toString());
        assertTrue(EventScenarios.typesOf(EventScenarios.events(shop, Map.of()), id).contains("transaction.reversed"));
    }

    /**
     * A search that PostgreSQL cancels at its time limit (TransactionSearch.SEARCH_SECONDS) answers the page with a
     * sentence and an empty table, never a 500: here the table is held locked, so the search waits past the limit.
     */
    @Test
    void aSearchCancelledAtItsTimeLimitIsSaidInWordsNeverA500() throws Exception {
        Cards.Shop shop = Cards.aShop();
        Api.Member admin = Api.anAdminOf(shop.companyId());
        shop.anAuthorization("4111111111111111", "13.00", false);
        Assumptions.assumeTrue(String.valueOf(System.getenv("PAYMENTS_DB_URL")).startsWith("jdbc:postgresql:"),
                "a table lock held from outside the server");
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            assertTrue(browser.text().contains("13.00 USD"), browser.text());
            try (Connection db = DatabaseDump.connect()) {
                db.setAutoCommit(false);
                try (Statement lock = db.createStatement()) {
                    lock.execute("lock table transactions in access exclusive mode");
                }
                browser.open("/console/transactions?project=" + shop.projectId());
                WebElement alert = browser.waitFor(By.id("too-broad"));
                assertEquals("alert", alert.getAttribute("role"));
                assertTrue(alert.getText().contains("This search reads too many transactions to answer quickly"), alert.getText());
                assertFalse(browser.text().contains("13.00 USD"), "an empty table: " + browser.text());
                db.rollback();
            }
            browser.open("/console/transactions?project=" + shop.projectId());
            assertTrue(browser.text().contains("13.00 USD"), "the same search once the table is free: " + browser.text());
            assertTrue(browser.driver.findElements(By.id("too-broad")).isEmpty());
        }
    }

    @Test
    void statusLastFourAmountAndDateFiltersNarrowTheList() {
        Cards.Shop shop = Cards.aShop();
        Api.Member admin = Api.anAdminOf(shop.companyId());
        shop.anAuthorization("4111111111111111", "10.00", false);
        shop.anAuthorization("5555555555554444", "11.00", true);
        shop.anAuthorization("4242424242424242", "12.00", false);
        String project = "&project=" + shop.projectId();
        String today = LocalDate.now(ZoneOffset.UTC).toString();
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            assertListed(browser, List.of("10.00 USD", "11.00 USD", "12.00 USD"), List.of());

            new Select(browser.driver.findElement(By.id("filter-status"))).selectByValue("Captured");
            browser.clickToLoad(browser.driver.findElement(By.id("filter-apply")));
            assertTrue(browser.driver.getCurrentUrl().contains("status=Captured"), "a bookmarkable search");
            assertListed(browser, List.of("11.00 USD"), List.of("10.00 USD", "12.00 USD"));

            browser.open("/console/transactions?last4=4242" + project);
            assertListed(browser, List.of("12.00 USD"), List.of("10.00 USD", "11.00 USD"));
            browser.open("/console/transactions?status=Approved&last4=1111" + project);
            assertListed(browser, List.of("10.00 USD"), List.of("11.00 USD", "12.00 USD"));
            browser.open("/console/transactions?status=Captured&last4=1111" + project);
            assertTrue(browser.text().contains("No transaction matches this search."), browser.text());
            browser.open("/console/transactions?min=10.50&max=" + URLEncoder.encode("11.50", StandardCharsets.UTF_8)
                    + "&from=" + today + "&to=" + today + project);
            assertListed(browser, List.of("11.00 USD"), List.of("10.00 USD", "12.00 USD"));
            browser.open("/console/transactions?to=" + LocalDate.now(ZoneOffset.UTC).minusDays(1) + project);
            assertTrue(browser.text().contains("No transaction matches this search."), browser.text());
            browser.open("/console/transactions?q=11.00&status=Captured");
            assertListed(browser, List.of("11.00 USD"), List.of("10.00 USD", "12.00 USD"));

            browser.open("/console/transactions?last4=12a&min=lots&from=yesterday&status=Nope");
            String problems = browser.waitFor(By.cssSelector("[role=alert]")).getText();
            assertTrue(problems.contains("Last 4 digits: four digits") && problems.contains("Lowest amount:")
                    && problems.contains("From: a date") && problems.contains("Status: one of"), problems);
            assertFalse(browser.text().contains("USD"), "a filter in error lists nothing");
            browser.open("/console/transactions?project=" + UUID.randomUUID());
            assertTrue(browser.waitFor(By.cssSelector("[role=alert]")).getText().contains("Project: choose one"));
        }
    }

    // ---- helpers ----

    private static void assertListed(Browser browser, List<String> listed, List<String> absent) {
        String table = browser.driver.findElement(By.cssSelector("[id$='transactions']")).getText();
        for (String amount : listed) {
            assertTrue(table.contains(amount), amount + " in " + table);
        }
        for (String amount : absent) {
            assertFalse(table.contains(amount), amount + " not in " + table);
        }
    }

    /** Clicks Yes or No in the PrimeFaces confirmation dialog the last click opened. */
    private static void answerTheDialog(Browser browser, boolean yes) {
        WebDriverWait wait = browser.waiting(Duration.ofSeconds(30));
        By button = By.cssSelector(yes ? ".ui-confirmdialog-yes" : ".ui-confirmdialog-no");
        wait.until(ExpectedConditions.elementToBeClickable(button)).click();
        wait.until(ExpectedConditions.invisibilityOfElementLocated(By.cssSelector(".ui-confirm-dialog")));
    }

    private static void waitForText(Browser browser, String id, String expected) {
        browser.waiting(Duration.ofSeconds(30)).ignoring(StaleElementReferenceException.class)
                .until(d -> expected.equals(d.findElement(By.id(id)).getText().strip())); // replaced by each Ajax answer
    }

    private static String text(Browser browser, String id) {
        return browser.driver.findElement(By.id(id)).getText().strip();
    }

    private static boolean present(Browser browser, String id) {
        return !browser.driver.findElements(By.id(id)).isEmpty();
    }

    /**
     * A Faces Ajax postback of the page's actions form pressing the given button, sent by the page itself (same
     * origin, the page's view state and session), with the form's fields as they are unless overridden; the answer.
     */
    private static String postBack(Browser browser, String button, Map<String, String> fields) {
        Object answer = ((JavascriptExecutor) browser.driver).executeAsyncScript(
                "var done = arguments[arguments.length - 1];"
                        + "var form = document.getElementById('actions');"
                        + "var body = new URLSearchParams(new FormData(form));"
                        + "var extra = arguments[1];"
                        + "for (var k in extra) { body.set(k, extra[k]); }"
                        + "body.set('jakarta.faces.partial.ajax', 'true');"
                        + "body.set('jakarta.faces.source', arguments[0]);"
                        + "body.set('jakarta.faces.partial.execute', 'actions');"
                        + "body.set('jakarta.faces.partial.render', 'transaction');"
                        + "body.set(arguments[0], arguments[0]);"
                        + "fetch(form.action, {method: 'POST', body: body, credentials: 'same-origin', headers: "
                        + "{'Faces-Request': 'partial/ajax', 'Content-Type': 'application/x-www-form-urlencoded'}})"
                        + ".then(function (r) { return r.text().then(function (t) { done(r.status + ' ' + t); }); })"
                        + ".catch(function (e) { done('failed ' + e); });",
                button, fields);
        String text = String.valueOf(answer);
        assertTrue(text.startsWith("200 "), "never a 500: " + text);
        return text;
    }
}

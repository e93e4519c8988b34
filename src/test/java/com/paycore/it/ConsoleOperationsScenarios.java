package com.paycore.it;

import static com.paycore.it.Api.as;
import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;


import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * The console's operations pages in a real browser (headless Chromium) against the real WAR: a webhook delivery that
 * failed is retried from the console and reaches a real receiver; a settlement run started in the console is followed
 * by its progress bar to its end without a reload; the audit trail filtered by action shows the rows the API shows;
 * another company's endpoints and audit rows are not shown (and its id answers as the API's 404).
 */
abstract class ConsoleOperationsScenarios {

    private static final String CARD = "4111111111111111";

    @Test
    void aFailedWebhookDeliveryIsRetriedFromTheConsoleAndTheReceiverGetsIt() throws Exception {
        Cards.Shop shop = Cards.aShop();
        Api.Member admin = Api.anAdminOf(shop.companyId());
        Receiver.Reply[] failures = new Receiver.Reply[200];
        Arrays.fill(failures, Receiver.Reply.status(500));
        try (Receiver receiver = Receiver.start(failures)) {
            WebhookScenarios.Endpoint endpoint = WebhookScenarios.anEndpoint(shop.projectId(), receiver.url(),
                    "transaction.authorized");
            try {
                UUID transaction = shop.anAuthorization(CARD, "21.00", false);
                String eventId = WebhookScenarios.awaitEvent(receiver, transaction, "transaction.authorized").eventId();
                Receiver.await(Duration.ofSeconds(30), "a failed attempt logged",
                        () -> !WebhookScenarios.log(endpoint, eventId).isEmpty());
                try (Browser overview = Browser.english()) {
                    overview.open("/console/signin").signIn(admin.person().email(), admin.person().password());
                    overview.open("/console/overview");
                    assertEquals("1", overview.figure("webhooks-failing"), "the company's one endpoint fails: " + overview.text());
                    assertTrue(overview.text().contains("failing since"), overview.text());
                }
                // Three days of failed attempts end the delivery Failed (DESIGN.md section 10): written here as the worker
                // writes it then (its lease dropped, so an attempt in flight changes nothing), rather than waited for.
                giveUp(endpoint.id(), UUID.fromString(eventId));
                WebhookScenarios.settled(endpoint); // an attempt claimed before has been answered (500) by now
                int before = receiver.requestsFor(eventId).size();
                receiver.answerOk();
                WebhookScenarios.settled(endpoint);
                assertEquals(before, receiver.requestsFor(eventId).size(), "a Failed delivery is not attempted again by itself");

                try (Browser browser = Browser.english()) {
                    browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
                    browser.open("/console/webhooks");
                    By row = By.cssSelector("section[data-endpoint='" + endpoint.id() + "'] tr[data-event='" + eventId + "']");
                    WebElement delivery = browser.waitFor(row);
                    assertEquals("Failed", delivery.findElement(By.cssSelector(".status")).getText().strip());
                    assertEquals("500", delivery.findElement(By.cssSelector(".http-status")).getText().strip());
                    assertEquals("the receiver answered HTTP 500, not a 2xx",
                            delivery.findElement(By.cssSelector(".error")).getText().strip());
                    assertTrue(delivery.findElement(By.cssSelector(".next")).getText().contains("given up"), delivery.getText());
                    browser.screenshot("webhooks");

                    delivery.findElement(By.xpath(".//button[normalize-space()='Retry']")).click();
                    browser.waiting(Duration.ofSeconds(30)).until(ExpectedConditions
                            .textToBePresentInElementLocated(By.cssSelector("[role=status]"), "Retry queued"));
                    Receiver.await(Duration.ofSeconds(30), "the console's retry received", () ->
                            receiver.requestsFor(eventId).size() == before + 1);
                    Receiver.Request retried = receiver.requestsFor(eventId).get(before);
                    assertEquals(200, retried.answered());
                    assertTrue(WebhookScenarios.signedWith(retried, endpoint.secret()), "signed as every delivery");
                    Receiver.await(Duration.ofSeconds(30), "the retry's attempt logged", () -> {
                        List<Map<String, Object>> log = WebhookScenarios.log(endpoint, eventId);
                        return Integer.valueOf(200).equals(log.get(log.size() - 1).get("httpStatus"));
                    });

                    browser.open("/console/webhooks");
                    delivery = browser.waitFor(row);
                    assertEquals("200", delivery.findElement(By.cssSelector(".http-status")).getText().strip(), delivery.getText());
                    assertTrue(delivery.getText().contains("(manual retry)"), delivery.getText());
                    assertEquals("Failed", delivery.findElement(By.cssSelector(".status")).getText().strip(),
                            "as the API's retry: the automatic schedule (and its state) is unchanged");
                    assertTrue(delivery.findElements(By.xpath(".//button[normalize-space()='Retry']")).isEmpty(),
                            "no Retry on a delivery whose latest attempt succeeded");
                    WebhookScenarios.settled(endpoint);
                    assertEquals(before + 1, receiver.requestsFor(eventId).size(), "sent once");
                    assertNoPolicyViolation(browser);

                    browser.open("/console/overview");
                    assertEquals("0", browser.figure("webhooks-failing"), "a delivered attempt ends the failing: "
                            + browser.text());
                    assertTrue(browser.text().contains("every endpoint delivers"), browser.text());
                }
            } finally {
                WebhookScenarios.deleteQuietly(endpoint);
            }
        }
    }

    @Test
    void aSettlementRunStartedInTheConsoleIsFollowedToItsEndWithoutAReload() throws Exception {
        Cards.Shop shop = Cards.aShop();
        UUID sale = shop.anAuthorization(CARD, "33.00", true);
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(Api.ROOT_EMAIL, Api.ROOT_PASSWORD);
            browser.open("/console/runs");
            UUID run;
            WebElement page;
            // The sale's row is held locked here, so the run waits at it: the page meets the run Running, then follows it.
            try (Connection db = DatabaseDump.connect()) {
                db.setAutoCommit(false);
                try (PreparedStatement lock = db.prepareStatement("select id from transactions where id = ? for update")) {
                    lock.setObject(1, sale);
                    try (ResultSet locked = lock.executeQuery()) {
                        assertTrue(locked.next());
                    }
                }
                browser.clickToLoad(browser.driver.findElement(By.xpath("//button[normalize-space()='Start settlement run']")));
                String query = URI.create(browser.driver.getCurrentUrl()).getQuery();
                assertTrue(query != null && query.startsWith("started="), browser.driver.getCurrentUrl() + " " + browser.text());
                run = UUID.fromString(query.substring("started=".length()));
                page = browser.driver.findElement(By.tagName("html"));
                browser.waitFor(runRow(run));
                assertEquals("Running", fromRow(browser, run, r -> r.getAttribute("data-state")),
                        fromRow(browser, run, WebElement::getText));
                assertTrue(browser.text().contains("The Settlement run " + run + " started"), browser.text());
                Thread.sleep(1500); // polled meanwhile: still Running while the lock is held
                assertEquals("Running", fromRow(browser, run, r -> r.getAttribute("data-state")));
                try (Browser overview = Browser.english()) {
                    overview.open("/console/signin").signIn(Api.ROOT_EMAIL, Api.ROOT_PASSWORD);
                    overview.open("/console/overview");
                    List<String> running = overview.driver.findElements(By.cssSelector(".console-run .console-run-kind"))
                            .stream().map(WebElement::getText).toList();
                    assertTrue(running.contains("Settlement"), "the overview's runs in progress: " + overview.text());
                    WebElement bar = overview.driver.findElement(By.cssSelector("progress[aria-label='Settlement progress']"));
                    assertTrue(bar.isDisplayed(), overview.text());
                }
                db.rollback();
            }
            browser.waiting(Duration.ofSeconds(60)).ignoring(StaleElementReferenceException.class)
                    .until(d -> "Succeeded".equals(d.findElement(runRow(run)).getAttribute("data-state")));
            assertFalse(isStale(page), "followed by the poll in the same page, not by a reload");
            String doneText = fromRow(browser, run, WebElement::getText);
            assertTrue(fromRow(browser, run, r -> r.findElement(By.cssSelector(".progress")).getText()).contains("100%"),
                    doneText);
            JsonBody api = ok(asRoot().get(LongRuns.RUNS + run));
            assertEquals("Succeeded", api.getString("entry.state"));
            assertEquals(0L, api.getLong("entry.itemsLeft"));
            assertTrue(api.getInt("entry.outcome.settled") >= 1, api.prettify());
            assertTrue(doneText.contains(api.getLong("entry.itemsDone") + " of " + api.getLong("entry.itemsTotal") + " done"),
                    doneText);
            assertEquals("Settled", shop.transaction(sale).get("status"));
            browser.screenshot("runs");
            assertNoPolicyViolation(browser);

            // another kind of run, on the same page: a report sync started here and followed to its end
            browser.clickToLoad(browser.driver.findElement(By.xpath("//button[normalize-space()='Start report sync']")));
            String started = URI.create(browser.driver.getCurrentUrl()).getQuery();
            assertTrue(started != null && started.startsWith("started="), browser.driver.getCurrentUrl() + " " + browser.text());
            UUID sync = UUID.fromString(started.substring("started=".length()));
            browser.waiting(Duration.ofSeconds(60)).ignoring(StaleElementReferenceException.class)
                    .until(d -> "Succeeded".equals(d.findElement(runRow(sync)).getAttribute("data-state")));
            String syncText = fromRow(browser, sync, WebElement::getText);
            assertTrue(syncText.contains("ReportSync"), syncText);
            JsonBody syncApi = ok(asRoot().get(LongRuns.RUNS + sync));
            assertEquals("ReportSync", syncApi.getString("entry.kind"));
            assertEquals("Succeeded", syncApi.getString("entry.state"));
        }
    }

    @Test
    void theAuditTrailFilteredByActionShowsTheRowsTheApiShows() {
        Cards.Shop shop = Cards.aShop();
        Api.Member admin = Api.anAdminOf(shop.companyId());
        Api.aProject(shop.companyId());
        Api.aProject(shop.companyId());
        List<Map<String, Object>> all = ok(as(admin.token()).queryParam("CompanyId", shop.companyId())
                .queryParam("limit", 1000).get("/api/adm/auditEvents")).getList("entries");
        Set<String> projectsCreated = all.stream().filter(e -> "ProjectCreated".equals(e.get("action")))
                .map(e -> "Project " + e.get("targetId")).collect(Collectors.toSet());
        assertEquals(3, projectsCreated.size(), all.toString());
        assertTrue(all.stream().anyMatch(e -> !"ProjectCreated".equals(e.get("action"))), "other actions too");
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            browser.open("/console/audit");
            WebElement filter = browser.waitFor(By.id("auditFilter"));
            filter.findElement(By.name("action")).sendKeys("ProjectCreated");
            browser.clickToLoad(filter.findElement(By.xpath(".//button[normalize-space()='Filter']")));
            List<WebElement> rows = browser.driver.findElements(By.cssSelector("tr.audit-row"));
            assertEquals(projectsCreated, rows.stream().map(r -> r.findElement(By.cssSelector(".target")).getText().strip())
                    .collect(Collectors.toSet()), browser.text());
            assertEquals(projectsCreated.size(), rows.size());
            assertTrue(rows.stream().allMatch(r -> "ProjectCreated".equals(r.findElement(By.cssSelector(".action")).getText())));
            browser.screenshot("audit");

            browser.open("/console/audit?action=ProjectCreated&from=not-a-date");
            assertTrue(browser.text().contains("From: not a date (yyyy-mm-dd): not-a-date"), browser.text());
            browser.open("/console/audit?action=NoSuchAction");
            assertTrue(browser.text().contains("No audit row matches these filters."), browser.text());
        }
    }

    @Test
    void anotherCompanysEndpointsAndAuditRowsAreNotShown() throws Exception {
        Cards.Shop mine = Cards.aShop();
        Api.Member admin = Api.anAdminOf(mine.companyId());
        Cards.Shop theirs = Cards.aShop();
        WebhookScenarios.Endpoint own = WebhookScenarios.anEndpoint(mine.projectId(), "https://hooks.example.com/mine",
                "transaction.authorized");
        WebhookScenarios.Endpoint foreign = WebhookScenarios.anEndpoint(theirs.projectId(), "https://hooks.example.com/theirs",
                "transaction.authorized");
        Api.Member user = Api.aMember(mine.companyId(), "User");
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            browser.open("/console/webhooks");
            String webhooks = browser.driver.getPageSource();
            assertTrue(webhooks.contains(own.id().toString()) && webhooks.contains("hooks.example.com/mine"), browser.text());
            assertFalse(webhooks.contains(foreign.id().toString()) || webhooks.contains("hooks.example.com/theirs"),
                    "another company's endpoint is not listed");

            browser.open("/console/audit");
            String audit = browser.driver.getPageSource();
            assertTrue(audit.contains(own.id().toString()), "the own endpoint's WebhookEndpointCreated row: " + browser.text());
            assertFalse(audit.contains(foreign.id().toString()) || audit.contains(theirs.projectId().toString()),
                    "no row of another company");
            refused(as(admin.token()).queryParam("CompanyId", theirs.companyId()).get("/api/adm/auditEvents"), 404);
            browser.open("/console/audit?company=" + theirs.companyId());
            assertTrue(browser.text().contains("No such company, or not one whose audit trail you may read."), browser.text());
            assertFalse(browser.driver.getPageSource().contains(foreign.id().toString()));
        }
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(user.person().email(), user.person().password());
            refused(as(user.token()).get(WebhookScenarios.ENDPOINTS), 403);
            browser.open("/console/webhooks");
            assertTrue(browser.text().contains("Webhook endpoints are shown to platform administrators and to the Admins"),
                    browser.text());
            assertFalse(browser.driver.getPageSource().contains(own.id().toString()));
            refused(as(user.token()).get("/api/adm/auditEvents"), 403);
            browser.open("/console/audit");
            assertTrue(browser.text().contains("The audit trail is shown to platform administrators and to company Admins"),
                    browser.text());
            browser.open("/console/runs");
            assertTrue(browser.text().contains("Runs are shown to platform administrators"), browser.text());
            assertTrue(browser.driver.findElements(By.xpath("//button[normalize-space()='Start settlement run']")).isEmpty());
        } finally {
            WebhookScenarios.deleteQuietly(own);
            WebhookScenarios.deleteQuietly(foreign);
        }
    }

    private static By runRow(UUID run) {
        return By.cssSelector("tr.run[data-run='" + run + "']");
    }

    /**
     * Reads a run's row found afresh, and again when the page's poll replaced the row between the lookup and the read
     * (the table is re-rendered every few seconds while the page is open).
     */
    private static <T> T fromRow(Browser browser, UUID run, Function<WebElement, T> read) {
        for (int attempt = 1; ; attempt++) {
            try {
                return read.apply(browser.driver.findElement(runRow(run)));
            } catch (StaleElementReferenceException replaced) {
                if (attempt == 5) {
                    throw replaced;
                }
            }
        }
    }

    private static boolean isStale(WebElement element) {
        try {
            element.isEnabled();
            return false;
        } catch (StaleElementReferenceException gone) {
            return true;
        }
    }

    /** A delivery ended Failed, as the delivery worker leaves it after its give-up time. */
    private static void giveUp(UUID endpoint, UUID event) throws Exception {
        try (Connection db = DatabaseDump.connect();
             PreparedStatement update = db.prepareStatement("update webhook_deliveries set status = 'Failed', "
                     + "lease_id = null where endpoint_id = ? and event_id = ?")) {
            update.setObject(1, endpoint);
            update.setObject(2, event);
            assertEquals(1, update.executeUpdate());
        }
    }

    private static void assertNoPolicyViolation(Browser browser) {
        List<String> violations = browser.consoleMessages().stream()
                .filter(m -> m.contains("Content Security Policy") || m.contains("Refused to")).toList();
        assertEquals(List.of(), violations, "the page runs under its policy");
    }
}

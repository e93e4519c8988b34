package com.paycore.it;

import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.restassured.response.Response;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * The console's overview and report builder in a real browser against the real WAR: the overview's figures follow
 * authorizations and chargebacks made through the API, for the company's Admin only (another company's Admin and an
 * unassigned company User see none of them), with a chart drawn under the console's CSP; the report builder answers
 * the rows E3 answers through the API, downloads them as CSV, and shows E3's refusal of a bad filter in words.
 */
abstract class ConsoleOverviewScenarios {

    private static final String REPORTS = "/api/adm/reportTransactions/reports";

    /** Three authorizations (two approved: 12.34 and 20.00 USD; one declined) and one chargeback due in two days. */
    private static Cards.Shop aShopWithTodaysAuthorizations() {
        Cards.Shop shop = Cards.aShop();
        shop.anAuthorization("4111111111111111", "12.34", false);
        UUID sale = shop.anAuthorization("5555555555554444", "20.00", true);
        Response declined = shop.authorize(shop.aToken("4000000000000002"), "5.00", false);
        assertTrue(declined.statusCode() == 200 || declined.statusCode() == 201, declined.asString());
        assertEquals("Declined", JsonBody.of(declined).getString("status"), declined.asString());
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        Api.created(ChargebackScenarios.record(sale, Map.of("amount", 1, "chargebackDate", now.minusHours(1).toString(),
                "respondByDate", now.plusDays(2).toString())));
        Api.created(ChargebackScenarios.record(sale, Map.of("amount", 2, "chargebackDate", now.minusHours(1).toString(),
                "respondByDate", now.plusDays(9).toString())));
        return shop;
    }

    @Test
    void theOverviewCountsTheCompanysAuthorizationsOfTodayAndDrawsTheLast24Hours() {
        Cards.Shop shop = aShopWithTodaysAuthorizations();
        Api.Member admin = Api.anAdminOf(shop.companyId());
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            List<String> navigation = browser.driver.findElements(By.cssSelector("nav a")).stream()
                    .map(WebElement::getText).toList();
            assertTrue(navigation.containsAll(List.of("Overview", "Transactions", "Projects", "Companies", "Reports")),
                    navigation.toString());
            browser.clickToLoad(browser.driver.findElement(By.linkText("Overview")));
            assertEquals("/console/overview", browser.path());
            assertEquals("3", browser.figure("authorizations"), browser.text());
            assertEquals("66.7%", browser.figure("approval-rate"));
            assertEquals(List.of("32.34 USD"), browser.figures("volume"));
            assertEquals("1", browser.figure("chargebacks-due"), "the one due in 2 days, not the one due in 9");
            assertEquals("0", browser.figure("webhooks-failing"), "an Admin sees the webhook card");
            assertTrue(browser.text().contains("2 approved, 1 not approved"), browser.text());

            // the chart: a canvas drawn by Chart.js with the three authorizations (two approved, one not) in its bars
            WebElement canvas = browser.waitFor(By.cssSelector("#hourly canvas"));
            assertTrue(canvas.getSize().getWidth() > 0 && canvas.getSize().getHeight() > 0, "a drawn canvas");
            Object plotted = ((JavascriptExecutor) browser.driver).executeScript(
                    "var c = Chart.getChart(document.querySelector('#hourly canvas'));"
                            + "return c.data.datasets.map(function (d) { return d.data.reduce(function (a, b) { return a + b; }, 0); });");
            assertEquals(List.of(2L, 1L), plotted, "the bars of the last 24 hours: approved, then not approved");
            List<String> problems = browser.consoleMessages().stream().filter(m -> !m.contains("favicon")).toList();
            assertEquals(List.of(), problems, "no script error and no CSP refusal");
            browser.screenshot("overview");
        }
    }

    @Test
    void anotherCompanysAdminAndAnUnassignedCompanyUserSeeNoneOfIt() {
        Cards.Shop shop = aShopWithTodaysAuthorizations();
        Cards.Shop other = Cards.aShop();
        other.anAuthorization("4242424242424242", "7.00", false);
        Api.Member otherAdmin = Api.anAdminOf(other.companyId());
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(otherAdmin.person().email(), otherAdmin.person().password());
            browser.open("/console/overview");
            assertEquals("1", browser.figure("authorizations"), "their own authorization only: " + browser.text());
            assertEquals(List.of("7.00 USD"), browser.figures("volume"));
            assertEquals("0", browser.figure("chargebacks-due"));
            assertFalse(browser.text().contains("32.34"), browser.text());
        }
        Api.Member user = Api.aMember(shop.companyId(), "User"); // of the same company, assigned to no project
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(user.person().email(), user.person().password());
            browser.open("/console/overview");
            assertEquals("0", browser.figure("authorizations"), browser.text());
            assertEquals("–", browser.figure("approval-rate"));
            assertEquals("0", browser.figure("chargebacks-due"));
            assertTrue(browser.figures("webhooks-failing").isEmpty(), "a company User reads no webhook endpoints (403 on the API)");
            assertFalse(browser.text().contains("Runs in progress"), "nor runs");
        }
    }

    @Test
    void theReportBuilderAnswersE3sRowsAndDownloadsThemAsCsv() throws Exception {
        Cards.Shop shop = aShopWithTodaysAuthorizations();
        Cards.Shop sibling = ChargebackScenarios.siblingOf(shop);
        sibling.anAuthorization("4242424242424242", "3.00", false);
        Api.Member admin = Api.anAdminOf(shop.companyId());
        ReportScenarios.sync();
        LocalDate today = LocalDate.now(ZoneId.of("America/New_York"));
        Map<String, Object> body = new HashMap<>();
        body.put("companyId", shop.companyId());
        body.put("startDate", today.minusDays(1).toString());
        body.put("endDate", today.plusDays(1).toString());
        body.put("timeZoneId", "America/New_York");
        body.put("limit", 1000);
        body.put("group", Map.of("projectName", Map.of("index", 0)));
        List<Map<String, Object>> expected = ReportScenarios.entries(admin.token(), body);
        assertEquals(2, expected.size(), expected.toString());

        Path downloads = Files.createTempDirectory("console-csv-");
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            browser.open("/console/reports");
            fill(browser, "startDate", today.minusDays(1).toString());
            fill(browser, "endDate", today.plusDays(1).toString());
            fill(browser, "timeZone", "America/New_York");
            new Select(browser.driver.findElement(By.id("company"))).selectByValue(shop.companyId().toString());
            new Select(browser.driver.findElement(By.id("groups"))).selectByVisibleText("projectName");
            browser.clickToLoad(browser.driver.findElement(By.id("run")));
            assertTrue(browser.driver.findElements(By.cssSelector("[role=alert]")).isEmpty(), browser.text());
            assertTrue(browser.text().contains("2 rows, dates read in America/New_York"), browser.text());

            List<WebElement> headers = browser.driver.findElements(By.cssSelector("#reportTable th"));
            assertEquals("projectName", headers.get(0).getText());
            assertEquals("paymentAuthorizationsCount", headers.get(1).getText());
            assertEquals("paymentAuthorizationsValue", headers.get(2).getText());
            List<List<String>> shown = new ArrayList<>();
            for (WebElement tr : browser.driver.findElements(By.cssSelector("#reportTable tbody tr"))) {
                List<String> cells = tr.findElements(By.tagName("td")).stream().map(WebElement::getText).toList();
                shown.add(cells.subList(0, 3));
            }
            List<List<String>> fromApi = expected.stream().map(e -> List.of(String.valueOf(e.get("projectName")),
                    String.valueOf(e.get("paymentAuthorizationsCount")),
                    ((BigDecimal) e.get("paymentAuthorizationsValue")).setScale(2).toPlainString())).toList();
            assertEquals(fromApi, shown, "the same rows as E3, in its order");
            assertTrue(browser.driver.findElements(By.cssSelector("#reportChart canvas")).size() == 1, "a chart");
            browser.screenshot("reports");

            browser.driver.executeCdpCommand("Browser.setDownloadBehavior",
                    Map.of("behavior", "allow", "downloadPath", downloads.toString()));
            browser.driver.findElement(By.id("csv")).click();
            Path csv = downloads.resolve("report.csv");
            browser.waiting(Duration.ofSeconds(30)).until(d -> Files.exists(csv));
            List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
            List<String> columns = new ArrayList<>(List.of(lines.get(0).split(",")));
            assertEquals("projectName", columns.get(0));
            assertEquals(List.copyOf(expected.get(0).keySet()), columns, "the group key, then every metric in E3's order");
            assertEquals(expected.size() + 1, lines.size(), String.join("\n", lines));
            for (int i = 0; i < expected.size(); i++) {
                Map<String, Object> entry = expected.get(i);
                String line = columns.stream().map(key -> entry.get(key) == null ? ""
                        : entry.get(key) instanceof BigDecimal d ? d.toPlainString() : String.valueOf(entry.get(key)))
                        .reduce((a, b) -> a + "," + b).orElseThrow();
                assertEquals(line, lines.get(i + 1), "row " + i + " as E3 answered it");
            }
        } finally {
            Deployments.emptied(downloads);
        }
    }

    @Test
    void aBadFilterIsRefusedInE3sWordsNeverA500() {
        Cards.Shop shop = Cards.aShop();
        Api.Member admin = Api.anAdminOf(shop.companyId());
        Map<String, Object> body = new HashMap<>();
        body.put("companyId", shop.companyId());
        body.put("startDate", "2026-01-01");
        body.put("endDate", "2026-01-31");
        body.put("limit", 1000);
        body.put("group", Map.of());
        body.put("filter", Map.of("week", List.of(Map.of("value", "fifty", "condition", "Equals"))));
        String words = refused(Api.as(admin.token()).body(body).post(REPORTS), 400).getString("errorMessage");
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            browser.open("/console/reports");
            fill(browser, "startDate", "2026-01-01");
            fill(browser, "endDate", "2026-01-31");
            List<WebElement> line = browser.driver.findElements(By.cssSelector("[data-filter]"));
            new Select(line.get(0)).selectByVisibleText("week");
            new Select(line.get(1)).selectByVisibleText("Equals");
            line.get(2).sendKeys("fifty");
            browser.clickToLoad(browser.driver.findElement(By.id("run")));
            String alert = browser.waitFor(By.cssSelector("[role=alert]")).getText().strip();
            assertEquals(words, alert, "E3's own words");
            assertTrue(alert.contains("week"), alert);
            assertTrue(browser.driver.findElements(By.id("reportTable")).isEmpty(), "no rows");
            assertEquals("fifty", browser.driver.findElements(By.cssSelector("[data-filter=value]")).get(0)
                    .getAttribute("value"), "the form keeps what was typed");

            new Select(browser.driver.findElements(By.cssSelector("[data-filter=key]")).get(0)).selectByVisibleText("No filter");
            fill(browser, "timeZone", "Mars/Olympus_Mons");
            browser.clickToLoad(browser.driver.findElement(By.id("run")));
            String zone = browser.waitFor(By.cssSelector("[role=alert]")).getText();
            assertTrue(zone.contains("Mars/Olympus_Mons") || zone.toLowerCase().contains("time zone"), zone);
        }
    }

    private static void fill(Browser browser, String id, String text) {
        WebElement input = browser.driver.findElement(By.id(id));
        input.clear();
        input.sendKeys(text);
    }
}

package com.paycore.it;

import static com.paycore.it.Api.as;
import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.ok;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

import com.paycore.apikey.Gpg;

/**
 * The console's companies and projects in a real browser, against the API's own answers: a company Admin creates a
 * project, a key (its value shown once, and it authenticates /api/pay) and a Simulator processor; the last active key
 * is not deactivated; a company User meets the same 404 as the API for another company's project, and sees only the
 * projects assigned to them, without key or processor controls; lists search and page. A project's card files are
 * listed with their state, counts and failure, followed while processed, their results downloaded from the session;
 * its card file signers are added and removed by Admins, read by the project's Users.
 */
abstract class ConsoleProjectScenarios {

    private static final String LAST_KEY = "The project's last active key cannot be deactivated";

    @Test
    void aCompanyAdminCreatesAProjectThenAKeyShownOnceThenASimulatorProcessor() {
        UUID company = Api.aCompany();
        String companyName = ok(asRoot().get("/api/adm/companies/" + company)).getString("entry.companyName");
        Api.Member admin = Api.anAdminOf(company);
        String projectName = Api.unique("Shop");
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            browser.open("/console/companies");
            assertTrue(browser.text().contains(companyName), browser.text());
            browser.screenshot("companies");
            browser.clickToLoad(browser.driver.findElement(By.cssSelector("a[href$='/console/companies/" + company + "']")));
            assertEquals("/console/companies/" + company, browser.path());

            browser.driver.findElement(By.id("newproject:name")).sendKeys(projectName);
            browser.clickToLoad(button("Create project", browser));
            assertTrue(browser.path().startsWith("/console/projects/"), browser.path() + ": " + browser.text());
            UUID project = UUID.fromString(browser.path().substring("/console/projects/".length()));
            String asApi = ok(as(admin.token()).get(Api.PROJECTS + "/" + project)).getString("entry.projectName");
            assertEquals(projectName, asApi, "the API reads the project the console created");
            assertTrue(browser.text().contains(projectName), browser.text());

            browser.driver.findElement(By.id("newkey:name")).sendKeys("console key");
            button("Create key", browser).click();
            String value = browser.waitFor(By.id("new-key-value")).getText().strip();
            assertTrue(value.startsWith("pk_"), value);
            assertTrue(browser.text().contains("shown only this once"), browser.text());
            assertFalse(browser.driver.findElements(By.cssSelector("button[data-copy='new-key-value']")).isEmpty(),
                    "a copy button beside the value");
            Response pay = given().baseUri(Deployments.baseUri()).header("Authorization", "Bearer " + value)
                    .get("/api/pay/" + project);
            assertEquals(200, pay.statusCode(), pay.asString());
            UUID keyId = UUID.fromString(JsonBody.of(pay).getString("entry.keyId"));
            Response events = given().baseUri(Deployments.baseUri()).header("X-API-Key", value)
                    .get("/api/pay/" + project + "/events");
            assertEquals(200, events.statusCode(), events.asString());
            Map<String, Object> listed = Api.keysOf(project).stream().filter(k -> keyId.toString().equals(k.get("id")))
                    .findFirst().orElseThrow();
            assertEquals("console key", listed.get("name"), "the key the console created authenticates /api/pay");

            browser.driver.navigate().refresh();
            browser.waitForPage();
            assertEquals("/console/projects/" + project, browser.path(), "a reload is the bookmarkable GET");
            assertFalse(browser.driver.getPageSource().contains(value), "the value is never shown again");
            assertTrue(browser.text().contains("****" + value.substring(value.length() - 4)), "listed masked: " + browser.text());

            String processorName = Api.unique("Sim");
            browser.driver.findElement(By.id("simulator:name")).sendKeys(processorName);
            browser.driver.findElement(By.id("simulator:latency")).sendKeys("0");
            button("Add Simulator processor", browser).click();
            waitForText(browser, By.id("processors"), "Processor " + processorName + " added.");
            List<Map<String, Object>> processors = ok(as(admin.token()).queryParam("CompanyProjectId", project)
                    .get(Api.PROCESSORS)).getList("entries");
            assertEquals(1, processors.size(), processors.toString());
            assertEquals(processorName, processors.get(0).get("projectPaymentProcessorName"));
            assertEquals(1, processors.get(0).get("gateway"));
            assertEquals(Boolean.TRUE, processors.get(0).get("isActive"));
            browser.driver.navigate().refresh();
            browser.waitForPage();
            assertTrue(browser.text().contains(processorName), browser.text());
            browser.driver.executeScript("window.scrollTo(0, 0)");
            browser.screenshot("project");

            browser.open("/console/projects");
            assertTrue(browser.text().contains(projectName), browser.text());
            browser.screenshot("projects");
        }
    }

    @Test
    void deactivatingTheLastActiveKeyIsRefusedInWordsAndAnotherKeyIsDeactivated() {
        UUID company = Api.aCompany();
        Api.Member admin = Api.anAdminOf(company);
        UUID project = Api.aProject(company);
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            browser.open("/console/projects/" + project);
            List<WebElement> deactivate = deactivateButtons(browser);
            assertEquals(1, deactivate.size(), "the project's one key, created with it");
            deactivate.get(0).click();
            WebElement alert = browser.waitFor(By.cssSelector("#keys [role=alert]"));
            assertEquals(LAST_KEY, alert.getText().strip());
            assertEquals(List.of(true), Api.keysOf(project).stream().map(k -> k.get("isActive")).toList(),
                    "the key is still active");

            UUID second = Api.aKey(project, "TransactionRSAKey");
            browser.open("/console/projects/" + project);
            String name = Api.keysOf(project).stream().filter(k -> second.toString().equals(k.get("id")))
                    .map(k -> (String) k.get("name")).findFirst().orElseThrow();
            browser.driver.findElement(By.cssSelector("button[aria-label='Deactivate key " + name + "']")).click();
            waitForText(browser, By.id("keys"), "The key was deactivated");
            assertEquals(Boolean.FALSE, Api.keysOf(project).stream().filter(k -> second.toString().equals(k.get("id")))
                    .map(k -> k.get("isActive")).findFirst().orElseThrow(), "deactivated through the same service");
            assertEquals(1, deactivateButtons(browser).size(), "one usable key left");
        }
    }

    @Test
    void anIso8583ProcessorIsConfiguredWithWriteOnlySettingsChangedAndDeletedUnderE19sRules() {
        UUID company = Api.aCompany();
        Api.Member admin = Api.anAdminOf(company);
        UUID project = Api.aProject(company);
        // An endpoint the operator allows (written in a case of its own, so the page cannot hold it by chance).
        String host = "LocalHost";
        int allowedPort = IsoPorts.take();
        String port = String.valueOf(allowedPort);
        String terminal = "T" + UUID.randomUUID().toString().substring(0, 7).toUpperCase();
        String name = Api.unique("Iso");
        // Gateway 2 belongs to the platform: a company Admin's console gets the API's 403, in words.
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            browser.open("/console/projects/" + project);
            browser.driver.findElement(By.id("acquirer:name")).sendKeys(name);
            browser.driver.findElement(By.id("acquirer:host")).sendKeys(host);
            browser.driver.findElement(By.id("acquirer:port")).sendKeys(port);
            browser.driver.findElement(By.id("acquirer:terminal")).sendKeys(terminal);
            browser.driver.findElement(By.id("acquirer:acquirer")).sendKeys("123456");
            button("Add ISO 8583 processor", browser).click();
            assertEquals("You do not have permission for this operation",
                    browser.waitFor(By.cssSelector("#processors [role=alert]")).getText().strip());
            assertTrue(processorsOf(admin, project).isEmpty());
        }
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(Api.ROOT_EMAIL, Api.ROOT_PASSWORD);
            browser.open("/console/projects/" + project);
            browser.driver.findElement(By.id("acquirer:name")).sendKeys(name);
            browser.driver.findElement(By.id("acquirer:host")).sendKeys(host);
            browser.driver.findElement(By.id("acquirer:port")).sendKeys(port);
            browser.driver.findElement(By.id("acquirer:acquirer")).sendKeys("123456");
            button("Add ISO 8583 processor", browser).click();
            assertEquals("settings.terminalId: required",
                    browser.waitFor(By.cssSelector("#processors [role=alert]")).getText().strip(),
                    "the API's refusal, naming the field");

            browser.open("/console/projects/" + project);
            browser.driver.findElement(By.id("acquirer:name")).sendKeys(name);
            browser.driver.findElement(By.id("acquirer:host")).sendKeys(host);
            browser.driver.findElement(By.id("acquirer:port")).sendKeys(port);
            browser.driver.findElement(By.id("acquirer:terminal")).sendKeys(terminal);
            browser.driver.findElement(By.id("acquirer:acquirer")).sendKeys("123456");
            button("Add ISO 8583 processor", browser).click();
            waitForText(browser, By.id("processors"), "Processor " + name + " added.");
            assertFalse(browser.driver.getPageSource().contains(host) || browser.driver.getPageSource().contains(terminal),
                    "settings are not sent back in the answer");
            Map<String, Object> listed = processorsOf(admin, project).get(0);
            assertEquals(2, listed.get("gateway"));
            assertFalse(listed.containsKey("settings"), "nor by the API");
            browser.driver.navigate().refresh();
            browser.waitForPage();
            assertFalse(browser.driver.getPageSource().contains(host) || browser.driver.getPageSource().contains(terminal),
                    "nor ever after: write-only");

            WebElement card = card(browser, name);
            card.findElement(By.tagName("summary")).click();
            String renamed = name + "-b";
            WebElement rename = card.findElement(By.cssSelector("input[id$=':name']"));
            assertEquals("", rename.getAttribute("value"));
            rename.sendKeys(renamed);
            card.findElement(By.xpath(".//button[normalize-space()='Save']")).click();
            waitForText(browser, By.id("processors"), "Processor " + name + " updated.");
            assertEquals(renamed, processorsOf(admin, project).get(0).get("projectPaymentProcessorName"),
                    "changed through the API's update; the settings left empty are kept");

            card(browser, renamed).findElement(By.xpath(".//button[normalize-space()='Delete']")).click();
            assertEquals("The only active processor of an active project cannot be deleted",
                    browser.waitFor(By.cssSelector("#processors [role=alert]")).getText().strip(), "E19's rule in words");
            assertEquals(1, processorsOf(admin, project).size());

            UUID simulator = Api.aProcessor(project);
            browser.open("/console/projects/" + project);
            card(browser, renamed).findElement(By.xpath(".//button[normalize-space()='Delete']")).click();
            waitForText(browser, By.id("processors"), "Processor " + renamed + " deleted.");
            assertEquals(List.of(simulator.toString()), processorsOf(admin, project).stream().map(p -> p.get("id")).toList());
        } finally {
            IsoPorts.release(allowedPort);
        }
    }

    @Test
    void aCompanyUserCannotOpenAnotherCompanysProjectByEditingTheAddress() {
        UUID mine = Api.aCompany();
        Api.Member user = Api.aMember(mine, "User");
        UUID own = Api.aProjectAssignedTo(mine, user.companyUserId());
        UUID unassigned = Api.aProject(mine);
        UUID theirCompany = Api.aCompany();
        UUID theirs = Api.aProject(theirCompany);
        String theirName = ok(asRoot().get(Api.PROJECTS + "/" + theirs)).getString("entry.projectName");
        String theirCompanyName = ok(asRoot().get("/api/adm/companies/" + theirCompany)).getString("entry.companyName");
        String token = user.token();
        Api.refused(as(token).get(Api.PROJECTS + "/" + theirs), 404);
        Api.refused(as(token).get(Api.PROJECTS + "/" + unassigned), 404);
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(user.person().email(), user.person().password());
            browser.open("/console/projects/" + theirs);
            assertTrue(browser.text().contains("Not found"), browser.text());
            assertFalse(browser.driver.getPageSource().contains(theirName), "the page does not name the project");

            Cookie session = browser.session();
            assertEquals(200, withSession(session).get("/console/projects/" + own).statusCode(), "the User's own project");
            Response foreign = withSession(session).get("/console/projects/" + theirs);
            Response sameCompany = withSession(session).get("/console/projects/" + unassigned);
            Response unknown = withSession(session).get("/console/projects/" + UUID.randomUUID());
            Response malformed = withSession(session).get("/console/projects/not-an-id");
            for (Response r : List.of(foreign, sameCompany, unknown, malformed)) {
                assertEquals(404, r.statusCode(), "as the API answers");
                assertFalse(r.asString().contains(theirName), "nothing of it shown");
                assertEquals(unknown.htmlPath().getString("html.body.main.h1"), r.htmlPath().getString("html.body.main.h1"),
                        "a foreign project reads as an unknown one");
            }
            Response foreignCompany = withSession(session).get("/console/companies/" + theirCompany);
            assertEquals(404, foreignCompany.statusCode());
            assertFalse(foreignCompany.asString().contains(theirCompanyName), "nor the company's name");
            Api.refused(as(token).get("/api/adm/companies/" + theirCompany), 404);
            Response filtered = withSession(session).get("/console/projects?company=" + theirCompany);
            assertEquals(404, filtered.statusCode(), "as E11 with that CompanyId");
            assertFalse(filtered.asString().contains(theirName) || filtered.asString().contains(theirCompanyName));
            Api.refused(as(token).queryParam("CompanyId", theirCompany).get(Api.PROJECTS), 404);
        }
    }

    @Test
    void aCompanyUserSeesOnlyAssignedProjectsWithoutKeyOrProcessorControls() {
        UUID company = Api.aCompany();
        Api.Member user = Api.aMember(company, "User");
        UUID assigned = Api.aProjectAssignedTo(company, user.companyUserId());
        UUID processor = Api.aProcessor(assigned);
        UUID other = Api.aProject(company);
        String assignedName = ok(asRoot().get(Api.PROJECTS + "/" + assigned)).getString("entry.projectName");
        String otherName = ok(asRoot().get(Api.PROJECTS + "/" + other)).getString("entry.projectName");
        String processorName = ok(asRoot().queryParam("Id", processor).get(Api.PROCESSORS))
                .getString("entries[0].projectPaymentProcessorName");
        Api.refused(as(user.token()).queryParam("CompanyProjectId", assigned).get(Api.KEYS), 403);
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(user.person().email(), user.person().password());
            browser.open("/console/projects");
            String listed = browser.text();
            assertTrue(listed.contains(assignedName), listed);
            assertFalse(listed.contains(otherName), "a project not assigned to the User is not listed: " + listed);

            browser.clickToLoad(browser.driver.findElement(By.cssSelector("a[href$='/console/projects/" + assigned + "']")));
            String page = browser.text();
            assertTrue(page.contains(assignedName) && page.contains(processorName), "its processors, read as E15: " + page);
            assertTrue(page.contains("Only the company's Admins see and manage the project's API keys."), page);
            assertTrue(browser.driver.findElements(By.id("keys")).isEmpty(), "no key list");
            List<String> buttons = browser.driver.findElements(By.cssSelector("main button, main input[type=submit]"))
                    .stream().map(b -> b.getText().strip()).toList();
            assertEquals(List.of(), buttons, "no key or processor controls");
            assertFalse(browser.driver.getPageSource().contains("pk_"), "no key value");

            browser.open("/console/companies/" + company);
            String companyPage = browser.text();
            assertTrue(companyPage.contains("Only the company's Admins see its users."), companyPage);
            assertTrue(companyPage.contains(assignedName) && !companyPage.contains(otherName), companyPage);
            assertFalse(companyPage.contains("Create project"), "a User creates no project");
        }
    }

    @Test
    void theProjectPageShowsItsMerchantInformationButNeverItsKeyAndWhoIsAssignedToAdminsOnly() {
        UUID company = Api.aCompany();
        Api.Member admin = Api.anAdminOf(company);
        Api.Member user = Api.aMember(company, "User");
        UUID project = Api.aProjectAssignedTo(company, user.companyUserId());
        String merchantKey = "mk-" + UUID.randomUUID();
        ok(asRoot().body(Map.of("processorGateway", 1, "merchantId", "merchant_42", "apiKey", merchantKey,
                "softDescriptor", "PAYCORE*SHOP")).put(ProjectScenarios.merchant(project)));
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            browser.open("/console/projects/" + project);
            String merchant = browser.driver.findElement(By.id("merchant")).getText();
            assertTrue(merchant.contains("merchant_42") && merchant.contains("PAYCORE*SHOP"), "E9's fields: " + merchant);
            assertTrue(merchant.contains("Stored (never shown)"), merchant);
            assertFalse(browser.driver.getPageSource().contains(merchantKey), "the merchant's API key is write-only");
            String assigned = browser.driver.findElement(By.id("assigned")).getText();
            assertTrue(assigned.contains(user.person().email()) && assigned.contains("Active"), assigned);
        }
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(user.person().email(), user.person().password());
            browser.open("/console/projects/" + project);
            assertTrue(browser.driver.findElement(By.id("merchant")).getText().contains("merchant_42"));
            assertTrue(browser.driver.findElements(By.id("assigned")).isEmpty(), "a User does not see who is assigned");
            assertTrue(browser.text().contains("1 company users are assigned to this project; only the company's Admins see who."),
                    browser.text());
            assertFalse(browser.driver.getPageSource().contains(merchantKey));
        }
    }

    @Test
    void theCompaniesListSearchesByNameAndPagesAndAnAdminSeesOnlyTheirOwn() {
        String prefix = Api.unique("Listed");
        UUID first = null;
        for (int i = 1; i <= 21; i++) {
            UUID company = Api.created(asRoot().body(Map.of("companyName", prefix + "-" + i)).post("/api/adm/companies"));
            first = first == null ? company : first;
        }
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(Api.ROOT_EMAIL, Api.ROOT_PASSWORD);
            browser.open("/console/companies?q=" + prefix.toLowerCase());
            assertEquals(20, rows(browser, "companies"), "a page of twenty, found case-insensitively: " + browser.text());
            browser.clickToLoad(browser.driver.findElement(By.linkText("Next page")));
            assertEquals(1, rows(browser, "companies"), "the 21st on page 2: " + browser.text());
            assertTrue(browser.text().contains("Page 2"), browser.text());
            browser.open("/console/companies?q=" + prefix + "-21");
            assertEquals(1, rows(browser, "companies"), browser.text());
            browser.open("/console/companies?q=" + prefix + "-none");
            assertTrue(browser.text().contains("No company matches this search."), browser.text());
        }
        Api.Member admin = Api.anAdminOf(first);
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            browser.open("/console/companies?q=" + prefix);
            assertEquals(1, rows(browser, "companies"), "their own company only, as GET /api/adm/companies: " + browser.text());
            assertTrue(browser.text().contains(prefix + "-1"), browser.text());
        }
    }

    @Test
    void theProjectsListSearchesByNameAndPages() {
        UUID company = Api.aCompany();
        Api.Member admin = Api.anAdminOf(company);
        String prefix = Api.unique("Paged");
        for (int i = 1; i <= 21; i++) {
            Api.created(asRoot().body(Map.of("companyId", company, "projectName", prefix + "-" + i)).post(Api.PROJECTS));
        }
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            browser.open("/console/projects?company=" + company);
            assertEquals(20, rows(browser, "projects"), "a page of twenty");
            browser.clickToLoad(browser.driver.findElement(By.linkText("Next page")));
            assertEquals(1, rows(browser, "projects"), "the 21st on page 2: " + browser.text());
            assertTrue(browser.text().contains("Page 2"), browser.text());
            assertTrue(browser.driver.findElements(By.linkText("Next page")).isEmpty(), "no page 3");

            browser.open("/console/projects");
            WebElement search = browser.driver.findElement(By.cssSelector("input[type=search]"));
            search.sendKeys(prefix + "-17");
            search.submit();
            browser.waitForPage();
            assertEquals(1, rows(browser, "projects"), browser.text());
            assertTrue(browser.text().contains(prefix + "-17"), browser.text());
            browser.open("/console/projects?q=no-such-project-" + UUID.randomUUID());
            assertTrue(browser.text().contains("No project matches this search."), browser.text());
        }
    }

    @Test
    void theUsersListFollowsTheApisRightsPlatformAdministratorsAllCompanyAdminsTheirsCompanyUsersNone() {
        Api.Person listed = Api.aUser();
        String surname = Api.unique("Lovelace");
        Api.created(asRoot().body(Map.of("email", Api.unique("named") + "@example.com", "password",
                Api.PASSWORD, "firstName", "Augusta", "lastName", surname)).post("/api/adm/users"));
        Api.Person platformAdmin = Api.aPlatformAdmin();
        UUID company = Api.aCompany();
        String companyName = ok(asRoot().get("/api/adm/companies/" + company)).getString("entry.companyName");
        Api.Member admin = Api.anAdminOf(company);
        Api.Member colleague = Api.aMember(company, "User");
        Api.Member stranger = Api.aMember(Api.aCompany(), "User");
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(platformAdmin.email(), platformAdmin.password());
            browser.open("/console/users");
            WebElement search = browser.driver.findElement(By.cssSelector("input[type=search]"));
            search.sendKeys(listed.email().toUpperCase());
            search.submit();
            browser.waitForPage();
            assertEquals(1, rows(browser, "users"), "found by e-mail, case ignored: " + browser.text());
            assertTrue(browser.text().contains(listed.email()), browser.text());
            assertFalse(browser.driver.getPageSource().contains("PBKDF2"), "never a password hash");
            browser.open("/console/users?q=" + surname.toLowerCase().substring(3));
            assertEquals(1, rows(browser, "users"), "found by name: " + browser.text());
            assertTrue(browser.text().contains("Augusta " + surname), browser.text());
            assertEquals(List.of(listed.id().toString()), ok(as(platformAdmin.token()).queryParam("email", listed.email())
                    .get("/api/adm/users")).getList("entries.id", String.class), "the API lists the same user");
        }
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            browser.open("/console/users");
            String text = browser.text();
            assertTrue(text.contains(admin.person().email()) && text.contains(colleague.person().email()), text);
            assertFalse(text.contains(stranger.person().email()), "not another company's users: " + text);
            assertFalse(text.contains(listed.email()), "not users outside the Admin's companies: " + text);
            List<WebElement> links = browser.driver.findElements(
                    By.cssSelector("#users a[href$='/console/companies/" + company + "']"));
            assertEquals(2, links.size(), "each member's company, linked to its page: " + text);
            assertEquals(companyName, links.get(0).getText().strip());
            assertEquals("Admin", cell(browser, admin.person().email(), 4), "the role");
            assertEquals("User", cell(browser, colleague.person().email(), 4), "the role");
            List<String> apiEmails = ok(as(admin.token()).queryParam("limit", 500).get("/api/adm/companyUsers"))
                    .getList("entries.email", String.class);
            assertTrue(apiEmails.contains(colleague.person().email()) && !apiEmails.contains(stranger.person().email()),
                    "the API answers the same: " + apiEmails);
            browser.screenshot("users");
            browser.open("/console/users?q=" + stranger.person().email());
            assertTrue(browser.text().contains("No user matches this search."), browser.text());
            assertEquals(0, rows(browser, "users"));
        }
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(colleague.person().email(), colleague.person().password());
            browser.open("/console/users");
            assertTrue(browser.driver.findElement(By.id("users-refused")).getText()
                    .startsWith("Only platform administrators and company Admins may list users"), browser.text());
            assertTrue(browser.driver.findElements(By.id("users")).isEmpty(), "no list");
            assertFalse(browser.text().contains(admin.person().email()), browser.text());
            Api.refused(as(colleague.token()).get("/api/adm/companyUsers"), 403);
            Api.refused(as(colleague.token()).get("/api/adm/users"), 403);
        }
    }

    @Test
    void theProjectPageListsItsCardFilesFollowsOneBeingProcessedAndDownloadsItsResultsFromTheSession() throws Exception {
        try (CardFileScenarios.Project p = new CardFileScenarios.Project()) {
            int year = CardFileScenarios.YEAR;
            Response upload = p.upload(p.shop.pay().queryParam("name", "book.csv"), p.encrypt(String.join("\n",
                    CardFileScenarios.HEADER,
                    CardFileScenarios.row("c-1", "4242424242424242", 12, year),
                    CardFileScenarios.row("c-2", "5555555555554444", 1, year),
                    CardFileScenarios.row("c-3", "4242424242424241", 12, year)) + "\n"));
            assertEquals(202, upload.statusCode(), upload.asString());
            UUID good = UUID.fromString(p.awaitEnd(UUID.fromString(JsonBody.of(upload).getString("id"))).getString("entry.id"));
            var failed = p.imported(p.encrypt("reference,cardNumber,expirationMonth,expirationYear,cardholderName,cvv\n"
                    + "d-1,4242424242424242,12," + year + ",Ada,123\n"));
            UUID bad = UUID.fromString(failed.getString("entry.id"));
            String failure = failed.getString("entry.failure");
            assertEquals("Failed", failed.getString("entry.state"));
            Api.Member admin = Api.anAdminOf(p.shop.companyId());
            try (Browser browser = Browser.english()) {
                browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
                browser.open("/console/projects/" + p.shop.projectId());
                assertEquals(List.of(bad.toString(), good.toString()), browser.driver.findElements(By.cssSelector(
                        "#cardfile-table tr.cardfile")).stream().map(r -> r.getAttribute("data-file")).toList(), "newest first");
                assertEquals(List.of("Succeeded", "2", "1", ""), cells(browser, good), "as GET cardFiles/{id}");
                assertEquals("3 of 3 rows read", cardFileRow(browser, good).findElement(By.cssSelector(".rows")).getText().strip());
                assertTrue(cardFileRow(browser, good).getText().contains("book.csv"), "its name");
                assertEquals(List.of("Failed", "0", "0", failure), cells(browser, bad), "the failure reason in words");
                String page = browser.driver.getPageSource();
                assertFalse(page.contains("4242424242424242") || page.contains("5555555555554444"), "no card number");

                String link = cardFileRow(browser, good).findElement(By.cssSelector("a.results")).getAttribute("href");
                String path = URI.create(link).getPath();
                assertEquals("/console/projects/" + p.shop.projectId() + "/cardFiles/" + good + "/results", path);
                Response csv = withSession(browser.session()).get(path);
                assertEquals(200, csv.statusCode(), csv.asString());
                assertTrue(csv.contentType().startsWith("text/csv"), csv.contentType());
                assertTrue(csv.header("Content-Disposition").startsWith("attachment"), csv.header("Content-Disposition"));
                List<String> lines = csv.asString().lines().toList();
                assertEquals(List.of("row,reference,outcome,tokenId,paymentToken,last4,ccType,expirationMonth,"
                        + "expirationYear,error"), lines.subList(0, 1));
                assertEquals(p.results(good), lines, "the API's results, read from the console session");
                assertTrue(lines.get(3).startsWith("3,c-3,Rejected,"), lines.get(3));
                assertFalse(csv.asString().contains("4242424242424242"), "no card number in the results");

                Response anonymous = given().baseUri(Deployments.baseUri()).redirects().follow(false).get(path);
                assertEquals(303, anonymous.statusCode(), "no session: the sign-in page");
                assertTrue(anonymous.header("Location").endsWith("/console/signin"), anonymous.header("Location"));
                UUID otherProject = Api.aProject(p.shop.companyId());
                assertEquals(404, withSession(browser.session()).get("/console/projects/" + otherProject + "/cardFiles/"
                        + good + "/results").statusCode(), "the file is only its own project's");
                assertEquals(404, withSession(browser.session()).get("/console/projects/" + p.shop.projectId()
                        + "/cardFiles/" + UUID.randomUUID() + "/results").statusCode());

                // A file another instance is processing (its lease held far ahead, so no worker here takes it): the
                // page shows its progress and follows it to its end without being reloaded.
                setFile(good, "update card_files set state = 'Processing', rows_read = 1, tokenized = 1, rejected = 0, "
                        + "finished_at = null, worker = 'elsewhere', lease_until = ? where id = ?",
                        OffsetDateTime.now(ZoneOffset.UTC).plusMinutes(10));
                browser.open("/console/projects/" + p.shop.projectId());
                assertEquals(List.of("Processing", "1", "0", ""), cells(browser, good));
                WebElement processing = cardFileRow(browser, good);
                assertEquals("1 of 3 rows read", processing.findElement(By.cssSelector(".rows")).getText().strip());
                assertFalse(processing.findElements(By.cssSelector(".ui-progressbar")).isEmpty(), "a progress bar");
                WebElement html = browser.driver.findElement(By.tagName("html"));
                setFile(good, "update card_files set state = 'Succeeded', rows_read = 3, tokenized = 2, rejected = 1, "
                        + "finished_at = ?, worker = null, lease_until = null where id = ?", OffsetDateTime.now(ZoneOffset.UTC));
                waitForText(browser, By.cssSelector("tr.cardfile[data-file='" + good + "'] .state"), "Succeeded");
                assertEquals(List.of("Succeeded", "2", "1", ""), cells(browser, good));
                assertEquals("html", html.getTagName(), "followed by the page's poll, not a reload");
                assertEquals(List.of(), browser.consoleMessages().stream()
                        .filter(m -> m.contains("Content Security Policy") || m.contains("Refused to")).toList(),
                        "the poll runs under the page's policy");
            }
        }
    }

    @Test
    void anAdminAddsAndRemovesCardFileSignersAsTheApiDoesAndARefusalIsShownInItsWords() {
        OffsetDateTime from = OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(5);
        UUID company = Api.aCompany();
        Api.Member admin = Api.anAdminOf(company);
        UUID project = Api.aProject(company);
        try (Gpg gpg = new Gpg(); Browser browser = Browser.english()) {
            String key = signerKey(gpg, "console-signer");
            String fingerprint = gpg.run(new byte[0], "--with-colons", "--fingerprint", "<console-signer@example.com>")
                    .out().lines().filter(l -> l.startsWith("fpr:")).findFirst().orElseThrow().split(":")[9].toUpperCase();
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            browser.open("/console/projects/" + project);
            assertTrue(browser.text().contains("No signers: the project's card files are read signed or unsigned."),
                    browser.text());

            addSigner(browser, "not a key");
            String refusal = browser.waitFor(By.cssSelector("#signers [role=alert]")).getText().strip();
            Response api = as(admin.token()).body(CardFileSignerScenarios.signer(project, "not a key"))
                    .post(CardFileSignerScenarios.SIGNERS);
            assertEquals(Api.refused(api, 400).getString("errorMessage"), refusal, "the API's refusal, in its words");

            browser.open("/console/projects/" + project);
            addSigner(browser, key);
            waitForText(browser, By.id("signers"), "Signer " + fingerprint + " added");
            List<Map<String, Object>> listed = ok(as(admin.token()).queryParam("CompanyProjectId", project)
                    .get(CardFileSignerScenarios.SIGNERS)).getList("entries");
            assertEquals(1, listed.size(), listed.toString());
            assertEquals(fingerprint, listed.get(0).get("fingerprint"));
            assertEquals(List.of(fingerprint), browser.driver.findElements(By.cssSelector("#signer-table .fingerprint"))
                    .stream().map(e -> e.getText().strip()).toList());

            addSigner(browser, key);
            assertEquals(Api.refused(as(admin.token()).body(CardFileSignerScenarios.signer(project, key))
                            .post(CardFileSignerScenarios.SIGNERS), 400).getString("errorMessage"),
                    browser.waitFor(By.cssSelector("#signers [role=alert]")).getText().strip(), "already a signer");

            browser.open("/console/projects/" + project);
            button("Remove", browser).click();
            waitForText(browser, By.id("signers"), "Signer " + fingerprint + " removed.");
            assertEquals(List.of(), CardFileSignerScenarios.signersOf(project), "removed through the API's service");
            List<String> audited = Api.auditEventsOf(company, from).stream()
                    .filter(e -> String.valueOf(e.get("action")).startsWith("CardFileSigner"))
                    .map(e -> e.get("action") + " by " + e.get("actor")).sorted().toList();
            assertEquals(List.of("CardFileSignerAdded by " + admin.person().email(),
                    "CardFileSignerRemoved by " + admin.person().email()), audited, "audited, the signed-in Admin as actor");
        }
    }

    @Test
    void aCompanyUserReadsTheCardFilesAndSignersOfAnAssignedProjectButCannotAddOrRemoveSigners() throws Exception {
        UUID company = Api.aCompany();
        Api.Member user = Api.aMember(company, "User");
        UUID project = Api.aProjectAssignedTo(company, user.companyUserId());
        UUID unassigned = Api.aProject(company);
        UUID payKey = PayAuthenticationScenarios.firstKeyOf(project);
        try (Gpg gpg = new Gpg(); CardFileScenarios.Project p = new CardFileScenarios.Project(
                new Cards.Shop(company, project, payKey, PayAuthenticationScenarios.valueOf(payKey)));
             Browser browser = Browser.english()) {
            String key = signerKey(gpg, "read-only");
            UUID signer = Api.created(asRoot().body(CardFileSignerScenarios.signer(project, key))
                    .post(CardFileSignerScenarios.SIGNERS));
            UUID file = UUID.fromString(p.imported(p.encrypt(CardFileScenarios.HEADER + "\n"
                    + CardFileScenarios.row("u-1", "4242424242424242", 12, CardFileScenarios.YEAR) + "\n"))
                    .getString("entry.id"));
            Api.refused(as(user.token()).body(CardFileSignerScenarios.signer(project, key))
                    .post(CardFileSignerScenarios.SIGNERS), 403);
            Api.refused(as(user.token()).delete(CardFileSignerScenarios.SIGNERS + "/" + signer), 403);

            browser.open("/console/signin").signIn(user.person().email(), user.person().password());
            browser.open("/console/projects/" + project);
            assertEquals("Failed", cells(browser, file).get(0), "unsigned while a signer is registered");
            assertEquals(1, browser.driver.findElements(By.cssSelector("#signer-table .fingerprint")).size(),
                    "the signers, read as the API's GET lets a User");
            assertTrue(browser.text().contains("Only the company's Admins add and remove signers."), browser.text());
            assertTrue(browser.driver.findElements(By.id("newsigner")).isEmpty(), "no form to add one");
            assertEquals(List.of(), browser.driver.findElements(By.cssSelector("main button, main textarea")).stream()
                    .map(b -> b.getText().strip()).toList(), "no signer controls");
            String path = "/console/projects/" + project + "/cardFiles/" + file + "/results";
            Response csv = withSession(browser.session()).get(path);
            assertEquals(200, csv.statusCode(), csv.asString());
            assertEquals(p.results(file), csv.asString().lines().toList());
            assertEquals(404, withSession(browser.session()).get("/console/projects/" + unassigned + "/cardFiles/" + file
                    + "/results").statusCode(), "not through a project the User may not read");
            assertEquals(1, CardFileSignerScenarios.signersOf(project).size());
        }
    }

    /** A GnuPG signing key, ASCII-armored. */
    private static String signerKey(Gpg gpg, String name) {
        gpg.ok(new byte[0], "--passphrase", "", "--quick-gen-key", name + " <" + name + "@example.com>", "ed25519",
                "sign", "never");
        return new String(gpg.ok(new byte[0], "--armor", "--export", "<" + name + "@example.com>"),
                StandardCharsets.US_ASCII);
    }

    private static void addSigner(Browser browser, String publicKey) {
        WebElement area = browser.driver.findElement(By.id("newsigner:publicKey"));
        area.clear();
        browser.driver.executeScript("arguments[0].value = arguments[1];", area, publicKey);
        button("Add signer", browser).click();
    }

    private static WebElement cardFileRow(Browser browser, UUID file) {
        return browser.driver.findElement(By.cssSelector("#cardfile-table tr.cardfile[data-file='" + file + "']"));
    }

    /** The row's state, tokenized, rejected and failure cells. */
    private static List<String> cells(Browser browser, UUID file) {
        WebElement row = cardFileRow(browser, file);
        return List.of(".state", ".tokenized", ".rejected", ".failure").stream()
                .map(c -> row.findElement(By.cssSelector(c)).getText().strip()).toList();
    }

    private static void setFile(UUID file, String update, OffsetDateTime at) throws Exception {
        try (Connection db = DatabaseDump.connect(); PreparedStatement q = db.prepareStatement(update)) {
            q.setObject(1, at);
            q.setObject(2, file);
            assertEquals(1, q.executeUpdate());
        }
    }

    private static List<Map<String, Object>> processorsOf(Api.Member admin, UUID project) {
        return ok(as(admin.token()).queryParam("CompanyProjectId", project).get(Api.PROCESSORS)).getList("entries");
    }

    private static WebElement card(Browser browser, String processorName) {
        return browser.driver.findElement(By.xpath("//li[contains(@class,'console-card')][.//strong[normalize-space()='"
                + processorName + "']]"));
    }

    /** The text of the n-th cell (from 1) of the users table's row of the e-mail. */
    private static String cell(Browser browser, String email, int n) {
        return browser.driver.findElement(By.xpath("//table[@id='users']//tr[td[1][normalize-space()='" + email
                + "']]/td[" + n + "]")).getText().strip();
    }

    private static int rows(Browser browser, String table) {
        return browser.driver.findElements(By.cssSelector("#" + table + " tbody tr")).size();
    }

    private static List<WebElement> deactivateButtons(Browser browser) {
        return browser.driver.findElements(By.xpath("//div[@id='keys']//button[normalize-space()='Deactivate']"));
    }

    private static WebElement button(String label, Browser browser) {
        return browser.driver.findElement(By.xpath("//button[normalize-space()='" + label + "']"));
    }

    private static void waitForText(Browser browser, By where, String text) {
        browser.waiting(Duration.ofSeconds(30))
                .until(ExpectedConditions.textToBePresentInElementLocated(where, text));
    }

    private static RequestSpecification withSession(Cookie session) {
        return given().baseUri(Deployments.baseUri()).redirects().follow(false).cookie(session.getName(), session.getValue());
    }
}

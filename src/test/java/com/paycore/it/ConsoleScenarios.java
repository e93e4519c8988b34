package com.paycore.it;

import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.ok;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpServer;

import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.WebElement;

/**
 * The operations console in a real browser (headless Chromium through Selenium) against the real WAR: sign-in and
 * sign-out, refusals and lockout as on the API, the security headers, cross-site POSTs refused, transactions made
 * through the API found in the console, and tenancy (another company's transaction is a 404).
 */
abstract class ConsoleScenarios {

    private static final String REFUSED = "Invalid credentials, or the account is locked or inactive";

    @Test
    void signInOpensTheTransactionsWithNavigationAndSignOutEndsTheSession() {
        Cards.Shop shop = Cards.aShop();
        Api.Member admin = Api.anAdminOf(shop.companyId());
        try (Browser browser = Browser.english()) {
            browser.open("/console");
            assertEquals("/console/signin", browser.path(), "an anonymous visitor is sent to the sign-in form");
            browser.screenshot("signin");
            browser.signIn(admin.person().email(), admin.person().password());
            assertEquals("/console/transactions", browser.path(), browser.text());
            List<String> navigation = browser.driver.findElements(By.cssSelector("nav a")).stream()
                    .map(WebElement::getText).toList();
            assertTrue(navigation.containsAll(List.of("Transactions", "Projects", "Companies")), navigation.toString());
            Cookie session = browser.session();
            assertNotNull(session, "a server-side session");
            assertAll(() -> assertTrue(session.isHttpOnly(), "HttpOnly"),
                    () -> assertEquals("Lax", session.getSameSite()),
                    () -> assertFalse(session.isSecure(), "not Secure over plain HTTP (Secure follows TLS)"));
            for (String page : List.of("/console/projects", "/console/companies")) {
                browser.open(page);
                assertEquals(page, browser.path());
                assertTrue(browser.text().contains("Sign out"), page);
            }
            browser.clickToLoad(browser.driver.findElement(By.xpath("//button[normalize-space()='Sign out']")));
            assertEquals("/console/signin", browser.path());
            browser.open("/console/transactions");
            assertEquals("/console/signin", browser.path(), "signed out: the pages ask for the sign-in again");
            Response old = withSession(session).get("/console/transactions");
            assertEquals(303, old.statusCode(), "the old session id opens nothing");
        }
    }

    /**
     * Over TLS the session cookie is also {@code Secure} (glassfish-web.xml's cookieSecure=dynamic), a session left idle
     * longer than {@code payments.console.session-timeout} ends while one in use goes on, and a session kept busy still
     * ends {@code payments.console.session-max-age} after its sign-in: on the second instance, which serves HTTPS and
     * has limits of seconds ({@link SecondInstance#CONSOLE_IDLE}, {@link SecondInstance#CONSOLE_MAX_AGE}), on the same
     * database. Two sessions of the same user at once: the first kept busy until past its max age, the second, signed
     * in just after it, left idle meanwhile. A session is probed with {@code GET /console}, whose redirect says whether
     * it is signed in.
     */
    @Test
    void overTlsTheCookieIsSecureAndASessionEndsIdleOrAtItsMaxAge() throws Exception {
        Cards.Shop shop = Cards.aShop();
        Api.Member admin = Api.anAdminOf(shop.companyId());
        long idle = SecondInstance.CONSOLE_IDLE.toMillis();
        long maxAge = SecondInstance.CONSOLE_MAX_AGE.toMillis();
        try (Browser browser = Browser.englishAcceptingAnyCertificate()) {
            String base = SecondInstance.secureBaseUri();
            browser.driver.get(base + "/console");
            assertEquals("/console/signin", browser.path());
            long signingIn = System.currentTimeMillis();
            browser.signIn(admin.person().email(), admin.person().password());
            long signedIn = System.currentTimeMillis();
            assertEquals(base + "/console/transactions", browser.driver.getCurrentUrl(), browser.text());
            Cookie busy = browser.session();
            assertNotNull(busy, "a server-side session");
            assertAll(() -> assertTrue(busy.isSecure(), "Secure over TLS"),
                    () -> assertTrue(busy.isHttpOnly(), "HttpOnly"),
                    () -> assertEquals("Lax", busy.getSameSite()));

            // A second session: the browser forgets the first and signs in again.
            browser.driver.manage().deleteAllCookies();
            browser.driver.get(base + "/console/projects");
            assertEquals("/console/signin", browser.path(), "without its cookie the browser is signed out");
            long idleSigningIn = System.currentTimeMillis();
            browser.signIn(admin.person().email(), admin.person().password());
            long idleSince = System.currentTimeMillis();
            assertEquals("/console/transactions", browser.path(), "signing in again opens a new session");
            Cookie idled = browser.session();
            assertNotNull(idled, "a server-side session");
            assertFalse(busy.getValue().equals(idled.getValue()), "signing in again opens a new session");

            // The first, busy with requests half a second apart, outlives the idle timeout; the second, left idle
            // longer than the timeout (and checked before its max age, so only idleness can end it), ends.
            int surelyAlive = 0;
            boolean idleChecked = false;
            while (System.currentTimeMillis() - signedIn < maxAge + 500) {
                boolean in = signedIn(base, busy);
                if (System.currentTimeMillis() - signingIn < maxAge) {
                    assertTrue(in, "in use, within its max age: still signed in");
                    surelyAlive++;
                }
                if (!idleChecked && System.currentTimeMillis() - idleSince > idle + 1000) {
                    assertTrue(System.currentTimeMillis() - idleSigningIn < maxAge,
                            "the check comes before the max age, so only idleness can end the session");
                    assertFalse(signedIn(base, idled), "idle longer than the timeout: the session id opens nothing");
                    browser.driver.get(base + "/console/projects");
                    assertEquals("/console/signin", browser.path(), "idle longer than the timeout: signed out");
                    idleChecked = true;
                }
                Thread.sleep(500);
            }
            assertTrue(idleChecked, "the idle session was checked");
            assertTrue(System.currentTimeMillis() - signedIn > idle + 2000, "busy for longer than the idle timeout");
            assertTrue(surelyAlive > 5, "busy for most of its max age: " + surelyAlive + " requests");
            assertFalse(signedIn(base, busy), "busy, but past its max age: signed out");
            browser.driver.manage().deleteAllCookies();
            browser.driver.manage().addCookie(new Cookie(busy.getName(), busy.getValue(), "/"));
            browser.driver.get(base + "/console/transactions");
            assertEquals("/console/signin", browser.path(), "past its max age: the pages ask for the sign-in");
        }
    }

    /** Whether the session opens the console: GET /console sends a signed-in session on, anyone else to the sign-in. */
    private static boolean signedIn(String base, Cookie session) {
        Response r = given().baseUri(base).relaxedHTTPSValidation().redirects().follow(false)
                .cookie(session.getName(), session.getValue()).get("/console");
        assertEquals(303, r.statusCode(), r.asString());
        String location = r.header("Location");
        assertTrue(location.endsWith("/console/transactions") || location.endsWith("/console/signin"), location);
        return location.endsWith("/console/transactions");
    }

    /**
     * The sign-in form shows without a session (a transient view): a flood of GETs creates none, nor does a refused
     * sign-in; only a successful one sets the session cookie.
     */
    @Test
    void theSignInPageCreatesNoSessionHoweverOftenItIsShown() {
        Api.Person person = Api.aUser();
        for (int i = 0; i < 200; i++) {
            Response form = anonymous().get(i % 2 == 0 ? "/console/signin" : "/console/signin.xhtml");
            assertEquals(200, form.statusCode());
            assertEquals(List.of(), form.headers().getValues("Set-Cookie"), "GET " + i + " set a cookie");
            assertTrue(form.asString().contains("name=\"jakarta.faces.ViewState\""), "the form is a Faces form");
        }
        Response anonymousPage = anonymous().get("/console/transactions");
        assertEquals(303, anonymousPage.statusCode());
        assertEquals(List.of(), anonymousPage.headers().getValues("Set-Cookie"), "sent to the sign-in without a session");
        Response refused = signInBrowserless(Deployments.baseUri(), person.email(), "not-the-password");
        assertEquals(200, refused.statusCode(), refused.asString());
        assertTrue(refused.asString().contains(REFUSED), refused.asString());
        assertEquals(List.of(), refused.headers().getValues("Set-Cookie"), "a refused sign-in makes no session");
        Response accepted = signInBrowserless(Deployments.baseUri(), person.email(), person.password());
        assertEquals(302, accepted.statusCode(), accepted.asString());
        assertTrue(accepted.header("Location").endsWith("/console/transactions"), accepted.header("Location"));
        assertNotNull(accepted.getDetailedCookie("JSESSIONID"), "signed in: a session " + accepted.headers());
        assertFalse(accepted.getDetailedCookie("JSESSIONID").isSecured(), "development over plain HTTP: not Secure");
        assertNull(anonymous().get("/console/signin").header("Strict-Transport-Security"),
                "no HSTS in development mode (production only)");
    }

    /**
     * Production mode (on an instance started with payments.mode=production, see StartupScenarios): it sits behind TLS,
     * so even over plain HTTP (a proxy ended TLS) the session cookie is Secure, and every console answer carries HSTS.
     */
    static void assertProductionConsole(String baseUri, String email, String password) {
        RequestSpecification anonymous = given().baseUri(baseUri).redirects().follow(false);
        Response form = anonymous.get("/console/signin");
        assertEquals(200, form.statusCode(), form.asString());
        assertEquals("max-age=31536000", form.header("Strict-Transport-Security"));
        assertEquals(List.of(), form.headers().getValues("Set-Cookie"), "the form makes no session");
        assertEquals("max-age=31536000", given().baseUri(baseUri).redirects().follow(false).get("/console/transactions")
                .header("Strict-Transport-Security"), "on the redirect to the sign-in too");
        Response accepted = signInBrowserless(baseUri, email, password);
        io.restassured.http.Cookie session = accepted.getDetailedCookie("JSESSIONID");
        assertNotNull(session, "signed in: " + accepted.statusCode() + " " + accepted.headers());
        assertTrue(session.isSecured(), "Secure over plain HTTP in production: " + accepted.headers().getValues("Set-Cookie"));
        assertTrue(session.isHttpOnly());
        Response page = given().baseUri(baseUri).redirects().follow(false).cookie("JSESSIONID", session.getValue())
                .get("/console/transactions");
        assertEquals(200, page.statusCode(), page.asString());
        assertEquals("max-age=31536000", page.header("Strict-Transport-Security"));
    }

    /** Signs in through the form without a browser: the answer to the form's POST. */
    static Response signInBrowserless(String baseUri, String email, String password) {
        Response form = given().baseUri(baseUri).relaxedHTTPSValidation().redirects().follow(false).get("/console/signin");
        String html = form.asString();
        Matcher action = Pattern.compile("<form[^>]*id=\"signin\"[^>]*action=\"([^\"]+)\"")
                .matcher(html);
        assertTrue(action.find(), html);
        Map<String, String> fields = new LinkedHashMap<>();
        Matcher hidden = Pattern.compile("<input[^>]*type=\"hidden\"[^>]*>").matcher(html);
        while (hidden.find()) {
            Matcher name = Pattern.compile("name=\"([^\"]*)\"").matcher(hidden.group());
            Matcher value = Pattern.compile("value=\"([^\"]*)\"").matcher(hidden.group());
            if (name.find()) {
                fields.put(name.group(1), value.find() ? value.group(1).replace("&amp;", "&") : "");
            }
        }
        fields.put("email", email);
        fields.put("password", password);
        fields.put("submit", "");
        return given().baseUri(baseUri).relaxedHTTPSValidation().redirects().follow(false).header("Origin", baseUri)
                .contentType("application/x-www-form-urlencoded; charset=UTF-8").formParams(fields)
                .post(action.group(1).replace("&amp;", "&"));
    }

    /** A signed-in session made through the form without a browser. */
    private static Cookie signedInBrowserless(String baseUri, Api.Person person) {
        Response accepted = signInBrowserless(baseUri, person.email(), person.password());
        io.restassured.http.Cookie session = accepted.getDetailedCookie("JSESSIONID");
        assertNotNull(session, accepted.statusCode() + " " + accepted.headers());
        return new Cookie(session.getName(), session.getValue());
    }

    @Test
    void aFailedSignInStaysOnTheFormWithItsMessageInAnAlert() {
        Api.Person person = Api.aUser();
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(person.email(), "not-the-password");
            WebElement alert = browser.waitFor(By.cssSelector("[role=alert]"));
            assertEquals(REFUSED, alert.getText().strip());
            assertTrue(browser.path().startsWith("/console/signin"), browser.path());
            assertEquals("", browser.driver.findElement(By.cssSelector("input[type=password]")).getAttribute("value"),
                    "the password is not sent back");
            browser.screenshot("signin-refused");
            browser.signIn("nobody-" + UUID.randomUUID() + "@example.com", "whatever-1");
            assertEquals(REFUSED, browser.waitFor(By.cssSelector("[role=alert]")).getText().strip(),
                    "an unknown account reads as a wrong password");
        }
    }

    @Test
    void failedSignInsLockTheAccountAsOnTheApiAndADeactivatedUserCannotSignIn() {
        Api.Person person = Api.aUser();
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin");
            for (int i = 0; i < 10; i++) {
                browser.signIn(person.email(), "wrong-password-" + i);
            }
            browser.signIn(person.email(), person.password());
            assertEquals(REFUSED, browser.waitFor(By.cssSelector("[role=alert]")).getText().strip(),
                    "locked after ten failures: the right password is refused too");
            Response api = Api.token(Map.of("grant_type", "password", "username", person.email(),
                    "password", person.password()));
            assertEquals(400, api.statusCode(), "the same lockout on the token endpoint: " + api.asString());
            assertEquals("invalid_grant", JsonBody.of(api).getString("error"));
        }
        Api.Person inactive = Api.aUser();
        ok(asRoot().body(Map.of("email", inactive.email(), "isActive", false)).put("/api/adm/users/" + inactive.id()));
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(inactive.email(), inactive.password());
            assertEquals(REFUSED, browser.waitFor(By.cssSelector("[role=alert]")).getText().strip());
        }
    }

    /**
     * Password reset as the API has it (a platform administrator sets a new password with E1; there is no
     * self-service reset): the running session ends at its next page, as the user's bearer tokens stop, the old
     * password is refused and the new one signs in.
     */
    @Test
    void aPasswordResetThroughTheApiEndsTheSessionAndOnlyTheNewPasswordSignsIn() throws InterruptedException {
        Cards.Shop shop = Cards.aShop();
        Api.Member admin = Api.anAdminOf(shop.companyId());
        String newPassword = "reset-" + UUID.randomUUID();
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            assertEquals("/console/transactions", browser.path());
            String token = admin.token();
            Thread.sleep(1100); // sign-ins are compared with the change at a second's grain: the change comes later
            ok(asRoot().body(Map.of("email", admin.person().email(), "password", newPassword))
                    .put("/api/adm/users/" + admin.person().id()));
            browser.open("/console/transactions");
            assertEquals("/console/signin", browser.path(), "the session of the old password ends");
            assertEquals(401, Api.as(token).get("/api/adm/users/me").statusCode(), "as the API's token of it");
            browser.signIn(admin.person().email(), admin.person().password());
            assertEquals(REFUSED, browser.waitFor(By.cssSelector("[role=alert]")).getText().strip());
            browser.signIn(admin.person().email(), newPassword);
            assertEquals("/console/transactions", browser.path(), browser.text());
        }
    }

    @Test
    void aDeactivatedUserIsSignedOutOnTheNextPage() {
        Cards.Shop shop = Cards.aShop();
        Api.Member admin = Api.anAdminOf(shop.companyId());
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            assertEquals("/console/transactions", browser.path());
            ok(asRoot().body(Map.of("email", admin.person().email(), "isActive", false))
                    .put("/api/adm/users/" + admin.person().id()));
            browser.open("/console/transactions");
            assertEquals("/console/signin", browser.path());
        }
    }

    @Test
    void everyConsoleAnswerCarriesTheSecurityHeaders() {
        Cards.Shop shop = Cards.aShop();
        Api.Member admin = Api.anAdminOf(shop.companyId());
        assertSecured(anonymous().get("/console/signin"), 200);
        assertSecured(anonymous().get("/console"), 303);
        assertSecured(anonymous().get("/console/transactions"), 303);
        assertSecured(anonymous().header("Origin", "https://evil.example").post("/console/signin.xhtml"), 403);
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            Response page = withSession(browser.session()).get("/console/transactions");
            assertSecured(page, 200);
            String policy = page.header("Content-Security-Policy");
            assertTrue(policy.matches(".*script-src 'self' 'nonce-[^']+'.*"), "PrimeFaces' scripts by nonce: " + policy);
            assertEquals(1, page.headers().getList("Content-Security-Policy").size(), "one policy, not two");
            assertEquals("no-store", page.header("Cache-Control"));
            List<String> violations = browser.consoleMessages().stream()
                    .filter(m -> m.contains("Content Security Policy") || m.contains("Refused to")).toList();
            assertEquals(List.of(), violations, "the pages run under their policy");
        }
    }

    @Test
    void aCrossSiteFormPostIsRefusedWith403() throws IOException {
        Api.Person person = Api.aUser();
        String target = Deployments.baseUri() + "/console/signin.xhtml";
        HttpServer foreign = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        foreign.createContext("/", exchange -> {
            byte[] page = ("<!DOCTYPE html><html><body><form method='post' action='" + target + "'>"
                    + "<input name='email' value='" + person.email() + "'><input name='password' value='x'>"
                    + "<button type='submit' id='go'>Go</button></form></body></html>").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, page.length);
            exchange.getResponseBody().write(page);
            exchange.close();
        });
        foreign.start();
        try (Browser browser = Browser.english()) {
            browser.driver.get("http://127.0.0.1:" + foreign.getAddress().getPort() + "/");
            browser.clickToLoad(browser.driver.findElement(By.id("go")));
            assertTrue(browser.text().contains("Refused: this form was not sent from the console."), browser.text());
        } finally {
            foreign.stop(0);
        }
        assertEquals(403, anonymous().header("Origin", "http://127.0.0.1:1").post("/console/signin.xhtml").statusCode());
        assertEquals(403, anonymous().header("Referer", "https://evil.example/page").post("/console/transactions.xhtml")
                .statusCode(), "a foreign Referer without Origin");
        assertEquals(403, anonymous().header("Origin", "null").post("/console/signout").statusCode());
        assertEquals(303, anonymous().header("Origin", Deployments.baseUri()).post("/console/signout").statusCode(),
                "the console's own origin passes");
    }

    @Test
    void aTransactionMadeThroughTheApiIsFoundByProjectNameAndAmountInTheBrowsersLocale() {
        Cards.Shop shop = Cards.aShop();
        Api.Member admin = Api.anAdminOf(shop.companyId());
        String projectName = ok(asRoot().get(Api.PROJECTS + "/" + shop.projectId())).getString("entry.projectName");
        UUID id = shop.anAuthorization("4111111111111111", "1234.50", false);
        try (Browser browser = Browser.german()) {
            browser.open("/console/signin").signIn(admin.person().email(), admin.person().password());
            assertTrue(browser.text().contains("1.234,50 USD"), "listed without a filter, German notation: " + browser.text());
            WebElement search = browser.driver.findElement(By.cssSelector("input[type=search]"));
            search.sendKeys(projectName);
            search.submit();
            browser.waitForPage();
            String listed = browser.text();
            assertTrue(listed.contains(projectName) && listed.contains("1.234,50 USD") && listed.contains("1111"), listed);
            assertFalse(browser.driver.getPageSource().contains("4111111111111111"), "the card number is masked");
            browser.screenshot("transactions");

            browser.open("/console/transactions?q=" + URLEncoder.encode("1234,5", StandardCharsets.UTF_8));
            assertTrue(browser.text().contains("1.234,50 USD"), "found by its amount: " + browser.text());
            browser.open("/console/transactions?q=9999,99");
            assertFalse(browser.text().contains("1.234,50 USD"), browser.text());
            assertTrue(browser.text().contains("No transaction matches this search."), browser.text());

            browser.open("/console/transactions?q=" + URLEncoder.encode(projectName, StandardCharsets.UTF_8));
            By link = By.cssSelector("a[href$='/console/transactions/" + id + "']");
            browser.clickToLoad(browser.driver.findElement(link));
            assertEquals("/console/transactions/" + id, browser.path());
            String page = browser.text();
            assertTrue(page.contains("Approved") && page.contains("Authorize") && page.contains(projectName), page);
            assertFalse(browser.driver.getPageSource().contains("4111111111111111"));
            browser.screenshot("transaction");
        }
    }

    @Test
    void aCompanyUserCannotOpenAnotherCompanysTransactionByEditingTheAddress() {
        Cards.Shop mine = Cards.aShop();
        Api.Member user = Api.aMember(mine.companyId(), "User");
        ok(asRoot().body(Map.of("companyUserIds", List.of(user.companyUserId())))
                .put(Api.PROJECTS + "/" + mine.projectId() + "/users"));
        UUID own = mine.anAuthorization("5555555555554444", "7.00", false);
        Cards.Shop theirs = Cards.aShop();
        UUID foreign = theirs.anAuthorization("4242424242424242", "8.00", false);
        try (Browser browser = Browser.english()) {
            browser.open("/console/signin").signIn(user.person().email(), user.person().password());
            Cookie session = browser.session();
            assertEquals(200, withSession(session).get("/console/transactions/" + own).statusCode(),
                    "the User's own project's transaction");
            Response other = withSession(session).get("/console/transactions/" + foreign);
            Response unknown = withSession(session).get("/console/transactions/" + UUID.randomUUID());
            Response malformed = withSession(session).get("/console/transactions/not-an-id");
            for (Response r : List.of(other, unknown, malformed)) {
                assertEquals(404, r.statusCode());
                assertFalse(r.asString().contains("8.00") || r.asString().contains("4242"), "nothing of it shown");
            }
            assertEquals(other.htmlPath().getString("html.body.main.h1"), unknown.htmlPath().getString("html.body.main.h1"),
                    "a foreign transaction reads as an unknown one");
            browser.open("/console/transactions");
            assertFalse(browser.text().contains("8.00 USD"), "not listed either: " + browser.text());
            assertTrue(browser.text().contains("7.00 USD"), browser.text());
        }
    }

    private static RequestSpecification anonymous() {
        return given().baseUri(Deployments.baseUri()).redirects().follow(false);
    }

    private static RequestSpecification withSession(Cookie session) {
        return anonymous().cookie(session.getName(), session.getValue());
    }

    private static void assertSecured(Response r, int status) {
        assertAll(() -> assertEquals(status, r.statusCode(), r.asString()),
                () -> assertEquals("DENY", r.header("X-Frame-Options")),
                () -> assertNotNull(r.header("Content-Security-Policy"), "an enforced policy"),
                () -> assertTrue(r.header("Content-Security-Policy").contains("frame-ancestors 'none'")),
                () -> assertFalse(scriptSources(r.header("Content-Security-Policy")).contains("unsafe-inline"),
                        "no inline scripts but by nonce"));
    }

    private static String scriptSources(String policy) {
        for (String directive : policy.split(";")) {
            if (directive.strip().startsWith("script-src")) {
                return directive;
            }
        }
        return "default-src";
    }
}

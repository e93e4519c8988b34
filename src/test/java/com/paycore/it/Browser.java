package com.paycore.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;

import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A headless Chromium (Debian's chromium and chromium-driver, which .ci/run installs) driven through Selenium, with a
 * fresh profile and the given Accept-Language; closed after each test. Screenshots go to docs/console/, which the
 * README shows.
 */
final class Browser implements AutoCloseable {

    static final String CHROMIUM = System.getProperty("payments.it.chromium", "/usr/bin/chromium");
    static final String CHROMEDRIVER = System.getProperty("payments.it.chromedriver", "/usr/bin/chromedriver");
    static final Path SCREENSHOTS = Path.of("docs", "console");

    final ChromeDriver driver;
    private final Path profile;

    private Browser(String acceptLanguage, boolean acceptAnyCertificate) {
        present();
        try {
            profile = Files.createTempDirectory("console-chromium-");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1280,900", "--user-data-dir=" + profile);
        options.setExperimentalOption("prefs", Map.of("intl.accept_languages", acceptLanguage));
        options.setAcceptInsecureCerts(acceptAnyCertificate);
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new java.io.File(CHROMEDRIVER)).usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60));
    }

    /**
     * Chromium and its driver are there: .ci/run installs them and asks for them ({@code payments.it.browser-required}),
     * so there their absence fails; a plain {@code mvn verify} on a machine without them skips the browser's tests
     * with the command that installs them (the console's header and cross-site checks run without a browser).
     */
    private static void present() {
        boolean present = Files.isExecutable(Path.of(CHROMIUM)) && Files.isExecutable(Path.of(CHROMEDRIVER));
        String missing = "no " + CHROMIUM + " or " + CHROMEDRIVER
                + ": install them with apt-get install chromium chromium-driver (.ci/run does)";
        if (!present && Boolean.getBoolean("payments.it.browser-required")) {
            throw new IllegalStateException(missing);
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(present, missing);
    }

    static Browser english() {
        return new Browser("en-US,en", false);
    }

    /** {@link #english()} that accepts a self-signed certificate (an extra instance's HTTPS, on Payara's own). */
    static Browser englishAcceptingAnyCertificate() {
        return new Browser("en-US,en", true);
    }

    static Browser german() {
        return new Browser("de-DE,de", false);
    }

    Browser open(String path) {
        driver.get(Deployments.baseUri() + path);
        return this;
    }

    /** Fills the sign-in form and sends it (the page must show it). */
    Browser signIn(String email, String password) {
        WebElement form = driver.findElement(By.cssSelector("form#signin"));
        WebElement emailInput = form.findElement(By.cssSelector("input[type=email], input[autocomplete=username]"));
        emailInput.clear();
        emailInput.sendKeys(email);
        WebElement passwordInput = form.findElement(By.cssSelector("input[type=password]"));
        passwordInput.clear();
        passwordInput.sendKeys(password);
        clickToLoad(signInButton());
        return this;
    }

    /**
     * Clicks what loads another page (a link, a whole-page form POST) and waits for it: first until this page is gone
     * (its readyState is still "complete" right after the click), then until the next one has loaded.
     */
    void clickToLoad(WebElement element) {
        WebElement page = driver.findElement(By.tagName("html"));
        element.click();
        new WebDriverWait(driver, Duration.ofSeconds(30)).until(d -> gone(page));
        waitForPage();
    }

    /**
     * Whether the element's page has gone. Chromium's driver answers a node of a replaced document as stale, or, while
     * the new one is being built, with an "unknown error" that the node does not belong to the document: both mean gone.
     */
    private static boolean gone(WebElement element) {
        try {
            element.isEnabled();
            return false;
        } catch (org.openqa.selenium.WebDriverException replaced) {
            return true;
        }
    }

    WebElement signInButton() {
        return driver.findElements(By.cssSelector("form#signin button, form#signin input[type=submit]")).stream()
                .filter(b -> "Sign in".equals(b.getText().strip()) || "Sign in".equals(b.getAttribute("value")))
                .findFirst().orElseThrow(() -> new AssertionError("no Sign in button: " + driver.getPageSource()));
    }

    void waitForPage() {
        new WebDriverWait(driver, Duration.ofSeconds(30)).until(d -> "complete".equals(
                ((org.openqa.selenium.JavascriptExecutor) d).executeScript("return document.readyState")));
    }

    WebElement waitFor(By what) {
        return new WebDriverWait(driver, Duration.ofSeconds(30)).until(ExpectedConditions.visibilityOfElementLocated(what));
    }

    String path() {
        return java.net.URI.create(driver.getCurrentUrl()).getPath();
    }

    /** The text of the page's one figure of that name (the overview's cards: {@code data-figure}). */
    String figure(String name) {
        return driver.findElement(By.cssSelector("[data-figure='" + name + "']")).getText().strip();
    }

    /** The texts of the page's figures of that name, in their order (none when the page does not show them). */
    List<String> figures(String name) {
        return driver.findElements(By.cssSelector("[data-figure='" + name + "']")).stream()
                .map(e -> e.getText().strip()).toList();
    }

    String text() {
        return driver.findElement(By.tagName("body")).getText();
    }

    Cookie session() {
        return driver.manage().getCookieNamed("JSESSIONID");
    }

    /** Messages the page logged to the console (CSP violations among them). */
    List<String> consoleMessages() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream().map(LogEntry::getMessage).toList();
    }

    void screenshot(String name) {
        try {
            Files.createDirectories(SCREENSHOTS);
            Path shot = driver.getScreenshotAs(OutputType.FILE).toPath();
            Files.copy(shot, SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            Deployments.emptied(profile);
        }
    }
}

package com.paycore.it;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;

import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriverException;
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
 * A headless Chromium (Debian's chromium and chromium-driver, which .ci/run installs) driven through Selenium, with the
 * given Accept-Language. Starting Chromium costs seconds on this machine, so a started one is kept for the next test
 * that asks for the same kind ({@link Pool}): {@link #close()} gives it back with a fresh browser state (no cookies,
 * no cache, one blank window of the default size, downloads as by default, the console log read), and the test JVM's
 * end quits it. Screenshots are written to docs/console/ only when {@code payments.it.screenshots} is true
 * (tools/screenshots.sh): a plain test run writes into no tracked file.
 */
final class Browser implements AutoCloseable {

    private static final Duration LOOK_AGAIN = Duration.ofMillis(50);

    static final String CHROMIUM = System.getProperty("payments.it.chromium", "/usr/bin/chromium");
    static final String CHROMEDRIVER = System.getProperty("payments.it.chromedriver", "/usr/bin/chromedriver");
    static final Path SCREENSHOTS = Path.of("docs", "console");
    static final Dimension WINDOW = new Dimension(1280, 900);

    final ChromeDriver driver;
    private final Kind kind;
    private final Path profile;

    /** What a Chromium is started with: a test gets one started with the same. */
    private record Kind(String acceptLanguage, boolean acceptAnyCertificate) {
    }

    private Browser(Kind kind) {
        this.kind = kind;
        try {
            profile = Files.createTempDirectory("console-chromium-");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=" + WINDOW.width + "," + WINDOW.height,
                "--user-data-dir=" + profile);
        options.setExperimentalOption("prefs", Map.of("intl.accept_languages", kind.acceptLanguage()));
        options.setAcceptInsecureCerts(kind.acceptAnyCertificate());
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(CHROMEDRIVER)).usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60));
    }

    /** Started Chromiums not in use, by kind; quit when the test JVM ends. */
    private static final class Pool {

        private static final Map<Kind, Deque<Browser>> IDLE = new HashMap<>();

        static {
            Runtime.getRuntime().addShutdownHook(new Thread(Pool::quitAll));
        }

        static Browser take(Kind kind) {
            present();
            synchronized (IDLE) {
                Browser idle = IDLE.getOrDefault(kind, new ArrayDeque<>()).poll();
                if (idle != null) {
                    return idle;
                }
            }
            return new Browser(kind);
        }

        static void giveBack(Browser browser) {
            synchronized (IDLE) {
                IDLE.computeIfAbsent(browser.kind, k -> new ArrayDeque<>()).push(browser);
            }
        }

        static void quitAll() {
            List<Browser> all = new ArrayList<>();
            synchronized (IDLE) {
                IDLE.values().forEach(all::addAll);
                IDLE.clear();
            }
            all.forEach(Browser::quit);
        }
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
        Assumptions.assumeTrue(present, missing);
    }

    static Browser english() {
        return Pool.take(new Kind("en-US,en", false));
    }

    /** {@link #english()} that accepts a self-signed certificate (an extra instance's HTTPS, on Payara's own). */
    static Browser englishAcceptingAnyCertificate() {
        return Pool.take(new Kind("en-US,en", true));
    }

    static Browser german() {
        return Pool.take(new Kind("de-DE,de", false));
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
        waiting(Duration.ofSeconds(30)).until(d -> gone(page));
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
        } catch (WebDriverException replaced) {
            return true;
        }
    }

    WebElement signInButton() {
        return driver.findElements(By.cssSelector("form#signin button, form#signin input[type=submit]")).stream()
                .filter(b -> "Sign in".equals(b.getText().strip()) || "Sign in".equals(b.getAttribute("value")))
                .findFirst().orElseThrow(() -> new AssertionError("no Sign in button: " + driver.getPageSource()));
    }

    /**
     * A wait on this browser that looks again every 50 ms. Selenium's default, every 500 ms, made each wait that was
     * not met at its first look (a click's next page is never loaded at once) last half a second at least, hundreds
     * of times in the console's scenarios.
     */
    WebDriverWait waiting(Duration within) {
        return new WebDriverWait(driver, within, LOOK_AGAIN);
    }

    void waitForPage() {
        waiting(Duration.ofSeconds(30)).until(d -> "complete".equals(
                ((JavascriptExecutor) d).executeScript("return document.readyState")));
    }

    WebElement waitFor(By what) {
        return waiting(Duration.ofSeconds(30)).until(ExpectedConditions.visibilityOfElementLocated(what));
    }

    String path() {
        return URI.create(driver.getCurrentUrl()).getPath();
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

    /** Saves the page as docs/console/{name}.png when screenshots are asked for (tools/screenshots.sh), else nothing. */
    void screenshot(String name) {
        if (!Boolean.getBoolean("payments.it.screenshots")) {
            return;
        }
        try {
            Files.createDirectories(SCREENSHOTS);
            Path shot = driver.getScreenshotAs(OutputType.FILE).toPath();
            Files.copy(shot, SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Gives the Chromium back for the next test, as fresh as a new one: the test's windows closed but one, that one
     * blank and of the default size, every cookie and the cache cleared, downloads as by default, the console log read.
     * A Chromium that does not take this is quit instead.
     */
    @Override
    public void close() {
        try {
            List<String> windows = new ArrayList<>(driver.getWindowHandles());
            for (String extra : windows.subList(1, windows.size())) {
                driver.switchTo().window(extra).close();
            }
            driver.switchTo().window(windows.get(0));
            driver.get("about:blank");
            driver.executeCdpCommand("Network.clearBrowserCookies", Map.of());
            driver.executeCdpCommand("Network.clearBrowserCache", Map.of());
            driver.executeCdpCommand("Browser.setDownloadBehavior", Map.of("behavior", "default"));
            driver.manage().window().setSize(WINDOW);
            driver.manage().logs().get(LogType.BROWSER);
        } catch (RuntimeException broken) {
            quit();
            return;
        }
        Pool.giveBack(this);
    }

    private void quit() {
        try {
            driver.quit();
        } catch (RuntimeException gone) {
            // already ended
        } finally {
            Deployments.emptied(profile);
        }
    }
}

package com.paycore.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;

/**
 * The console on a tablet and from the keyboard, on every page its navigation offers: the page
 * fits a tablet's width in portrait (768 px: nothing wider than the window, so nothing is cut off or needs a sideways
 * scroll of the whole page; wide tables scroll inside their own box), and a keyboard user reaches every navigation
 * item and "Sign out" with Tab, each showing where the focus is.
 */
abstract class ConsoleLayoutScenarios {

    private static final Dimension TABLET = new Dimension(768, 1024);

    @Test
    void everyPageFitsATabletAndItsNavigationAndSignOutAreReachedWithTheKeyboard() {
        Cards.Shop shop = Cards.aShop();
        shop.anAuthorization("4111111111111111", "10.00", false);
        Api.Member admin = Api.anAdminOf(shop.companyId());
        try (Browser browser = Browser.english()) {
            browser.driver.manage().window().setSize(TABLET);
            browser.open("/console/signin");
            assertFitsTheWindow(browser, "/console/signin");
            browser.signIn(admin.person().email(), admin.person().password());
            List<String> pages = new ArrayList<>();
            for (WebElement link : browser.driver.findElements(By.cssSelector("nav a"))) {
                pages.add(URI.create(link.getAttribute("href")).getPath());
            }
            assertTrue(pages.containsAll(List.of("/console/transactions", "/console/projects", "/console/companies")),
                    pages.toString());
            for (String page : pages) {
                browser.open(page);
                assertEquals(page, browser.path());
                assertFitsTheWindow(browser, page);
                assertReachedByTab(browser, page, pages);
            }
            browser.open("/console/transactions");
            browser.screenshot("tablet");
        }
    }

    private static void assertFitsTheWindow(Browser browser, String page) {
        Number overflow = (Number) ((JavascriptExecutor) browser.driver).executeScript(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth");
        assertTrue(overflow.intValue() <= 1, page + " is " + overflow + " px wider than a tablet's window");
    }

    /**
     * Tab from the top of the page reaches each navigation item and Sign out, each with a visible focus mark. The page
     * logs each element the keyboard focuses (its path or its text, and whether a focus mark shows), so that the
     * presses of Tab go to the browser eight at a time, and the log is read after each eight, up to forty presses.
     */
    private static void assertReachedByTab(Browser browser, String page, List<String> navigation) {
        Set<String> wanted = new LinkedHashSet<>(navigation);
        wanted.add("Sign out");
        JavascriptExecutor js = (JavascriptExecutor) browser.driver;
        js.executeScript("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);"
                + " window.focused = [];"
                + " document.addEventListener('focusin', e => {"
                + "   const t = e.target, s = getComputedStyle(t);"
                + "   window.focused.push([t.href ? new URL(t.href).pathname : t.innerText.trim(),"
                + "     s.outlineStyle === 'none' && s.boxShadow === 'none' ? 'none' : 'shown']);"
                + " })");
        Set<String> reached = new LinkedHashSet<>();
        for (int pressed = 0; pressed < 40 && !reached.containsAll(wanted); pressed += 8) {
            Actions tabs = new Actions(browser.driver);
            for (int i = 0; i < 8; i++) {
                tabs.sendKeys(Keys.TAB);
            }
            tabs.perform();
            @SuppressWarnings("unchecked")
            List<List<String>> focused = (List<List<String>>) js.executeScript("return window.focused");
            for (List<String> element : focused) {
                String name = element.get(0);
                if (wanted.contains(name)) {
                    reached.add(name);
                    assertEquals("shown", element.get(1), page + ": no visible focus mark on " + name);
                }
            }
        }
        assertEquals(wanted, reached, page + ": Tab reached " + reached);
    }
}

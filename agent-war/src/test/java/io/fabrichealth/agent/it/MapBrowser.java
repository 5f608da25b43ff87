package io.fabrichealth.agent.it;

import io.fabrichealth.testbed.Prerequisites;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/**
 * Debian's chromium, headless, driven through Debian's chromedriver: the real browser the map's tests and its
 * benchmark run in. Nothing is downloaded (Selenium Manager is never asked: both paths are given).
 */
final class MapBrowser implements AutoCloseable {
    static final String INSTALL = "apt-get install chromium chromium-driver (./fabric-health installs them)";
    final ChromeDriver driver;

    private MapBrowser(ChromeDriver driver) {
        this.driver = driver;
    }

    static MapBrowser start(Path profile) throws IOException {
        Path chromium = find("chromium");
        Path chromedriver = find("chromedriver");
        Logger.getLogger("org.openqa.selenium").setLevel(Level.SEVERE); // tests print nothing
        Files.createDirectories(profile);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1440,1000", "--user-data-dir=" + profile, "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--force-dark-mode");
        options.setCapability("goog:loggingPrefs", Map.of(LogType.BROWSER, "ALL"));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(chromedriver.toFile())
                .usingAnyFreePort().withLogOutput(java.io.OutputStream.nullOutputStream())
                .withTimeout(Duration.ofSeconds(60)).build();
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(20));
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
        return new MapBrowser(driver);
    }

    private static Path find(String command) {
        try {
            return Prerequisites.command(command);
        } catch (IllegalStateException e) {
            throw new IllegalStateException(command + " not found: " + INSTALL, e);
        }
    }

    Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    /** Console messages at SEVERE (errors, failed loads) since the last call. */
    List<String> consoleErrors() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue()).map(LogEntry::getMessage).toList();
    }

    void screenshot(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
    }

    @Override
    public void close() {
        driver.quit();
    }
}

package io.fabrichealth.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.cli.payara.JmxFlags;
import io.fabrichealth.config.ConfigLoader;
import io.fabrichealth.testbed.SimulatedFabric;
import io.fabrichealth.testbed.Topologies;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The fabric map in a real browser (Debian's chromium), against the agent on a real Payara Micro on the bundled
 * simulated fabric. One agent boot and one browser serve every test; the agent stops in the last one.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MapIT {
    static final Path TARGET = Path.of("target", "map");
    /** The sweep period here; the page refreshes every 3 s. */
    static final Duration SWEEP = Duration.ofSeconds(2);
    static final Duration SWEEP_PLUS_REFRESH = SWEEP.plusSeconds(3);
    /** How a down link is drawn: dots (short dashes), unlike a degraded link's long dashes. */
    static final String DOWN_DOTS = "2 7";

    @TempDir
    static Path work;
    static SimulatedFabric fabric;
    static HostProcess payara;
    static Jolokia jolokia;
    static MapBrowser browser;
    static int pingpongPort;

    @BeforeAll
    static void boot() throws Exception {
        browser = MapBrowser.start(work.resolve("chromium"));
        fabric = SimulatedFabric.start(Topologies.bundled(), true, work.resolve("fabric"));
        pingpongPort = HostProcess.freePort();
        Path config = work.resolve("fabric-health.yaml");
        Files.writeString(config, """
                http:
                  port: 8778   # the test host binds its own free port
                jmx:
                  enabled: false
                fabric:
                  mode: simulated
                agent:
                  stateDir: %s
                pingpong:
                  listen: 127.0.0.1:%d
                  transports: [fabric]
                schedules:
                  - {name: smp-sweep, probe: smp-sweep, every: %ds, jitter: 0%%}
                  - {name: pingpong, probe: pingpong, every: 1h, jitter: 0%%}
                """.formatted(work.resolve("state"), pingpongPort, SWEEP.toSeconds()));
        payara = HostProcess.start(work.resolve("payara"), config, fabric.clientEnv(null),
                JmxFlags.of(ConfigLoader.load(config).jmx(), work.resolve("jmx")));
        jolokia = new Jolokia(payara.httpPort);
        awaitMbeans().until(() -> ((Number) read("fabric.health:type=SmpProbe", "LinksSeen")).intValue() > 0);
        browser.driver.get("http://127.0.0.1:" + payara.httpPort + "/");
        awaitPage().until(() -> Boolean.TRUE.equals(browser.js("return !!window.fabricMap && fabricMap.ready()")));
    }

    @AfterAll
    static void stop() {
        try {
            if (browser != null) {
                browser.close();
            }
        } finally {
            if (payara != null) {
                payara.close();
            }
            if (fabric != null) {
                fabric.close();
            }
        }
    }

    @Test
    @Order(1)
    void thePageLoadsWithoutConsoleErrorsAndDrawsEveryNodeAndLinkTheMBeansShow() throws Exception {
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> nodes = (Map<String, Map<String, Object>>) jolokia.post("""
                {"type":"read","mbean":"fabric.health:type=Node,guid=*","attribute":["NodeType"]}""").value();
        long switches = nodes.values().stream().filter(n -> "Switch".equals(n.get("NodeType"))).count();
        int links = links();
        assertThat(links).as("cables of the bundled fabric").isEqualTo(6);
        awaitPage().untilAsserted(() -> assertThat(drawn()).as("drawn")
                .containsEntry("switches", switches).containsEntry("hcas", nodes.size() - switches)
                .containsEntry("links", (long) links));
        assertThat(browser.js("return document.querySelector('#status').textContent")).asString().startsWith("live");
        assertThat(browser.consoleErrors()).as("browser console").isEmpty();
        browser.screenshot(TARGET.resolve("map-loaded.png"));
    }

    @Test
    @Order(2)
    void theTwoCablesBetweenTheLeavesAreParallelEdgesAndTheNarrowOneIsDegraded() {
        assertThat(edge("leaf-a", 7)).containsEntry("state", "ok").containsEntry("lineStyle", "solid");
        assertThat(edge("leaf-a", 8)).containsEntry("state", "ok");
        assertThat(browser.js("return fabricMap.cy().edges().filter(e => e.source().data('label') !== e.target().data('label')"
                + " && e.connectedNodes().every(n => n.data('kind') === 'switch')).length")).isEqualTo(2L);
        assertThat(edge("leaf-b", 2)).as("node04 runs 1X where 12X could")
                .containsEntry("state", "degraded").containsEntry("lineStyle", "dashed").doesNotContainEntry("dash", DOWN_DOTS);
    }

    @Test
    @Order(3)
    void anUnlinkedPortTurnsExactlyThatLinkDownWithinOneSweepAndOneRefreshAndReLinkTurnsItBack() throws Exception {
        fabric.console("Unlink \"leaf-a\"[2]");
        try {
            Awaitility.await("leaf-a[2] drawn down").atMost(SWEEP_PLUS_REFRESH.plus(slack()))
                    .pollInterval(Duration.ofMillis(100))
                    .untilAsserted(() -> assertThat(edge("leaf-a", 2)).containsEntry("state", "down")
                            .containsEntry("lineStyle", "dashed").containsEntry("dash", DOWN_DOTS));
            assertThat(edge("leaf-a", 1)).containsEntry("state", "ok");
            assertThat(edge("leaf-b", 1)).containsEntry("state", "ok");
            assertThat(browser.js("return fabricMap.cy().edges('[state=\"down\"]').length")).as("only that link").isEqualTo(1L);
            browser.screenshot(TARGET.resolve("map-link-down.png"));
        } finally {
            fabric.console("ReLink \"leaf-a\"[2]");
        }
        Awaitility.await("leaf-a[2] drawn up again").atMost(SWEEP_PLUS_REFRESH.multipliedBy(2).plus(slack()))
                .pollInterval(Duration.ofMillis(100))
                .untilAsserted(() -> assertThat(edge("leaf-a", 2)).containsEntry("state", "ok")
                        .containsEntry("lineStyle", "solid"));
        browser.screenshot(TARGET.resolve("map-relinked.png"));
    }

    @Test
    @Order(4)
    void clickingALinkShowsBothPortsWithCounterDeltasAndTheirSweepHistory() throws Exception {
        WebElement problem = browser.driver.findElement(By.cssSelector("#problems li[data-state=degraded] button[data-link]"));
        problem.sendKeys(org.openqa.selenium.Keys.ENTER); // the keyboard reaches every link that is not OK
        awaitPage().untilAsserted(() -> assertThat(browser.driver.findElements(By.cssSelector("#details svg.chart")))
                .hasSize(2));
        String details = browser.driver.findElement(By.id("details")).getText();
        assertThat(details).contains("node04[1]").contains("leaf-b[2]").contains("Could be 12X")
                .contains("Counter deltas, last sweep");
        Number sweeps = (Number) browser.js("return document.querySelectorAll('#details svg.chart')[0]"
                + ".querySelectorAll('rect[height=\"8\"]').length");
        assertThat(sweeps.intValue()).as("one strip per sweep in the Port MBean's History").isPositive()
                .isLessThanOrEqualTo(60);
        browser.screenshot(TARGET.resolve("map-details.png"));
    }

    @Test
    @Order(5)
    void aFireDrillCorruptionIsListedAndAcknowledgingItFromThePageClearsItInTheAlarmsMBean() throws Exception {
        jolokia.post("""
                {"type":"exec","mbean":"fabric.health:type=PingPongResponder","operation":"corruptNextPayloads","arguments":[1]}""");
        jolokia.post("""
                {"type":"exec","mbean":"fabric.health:type=Schedule,name=pingpong","operation":"runNow"}""");
        awaitMbeans().until(() -> activeKinds().contains("Corruption"));
        awaitPage().until(() -> browser.driver.findElements(
                By.cssSelector("#alarms li[data-kind=Corruption] button.ack")).stream().anyMatch(WebElement::isEnabled));
        browser.screenshot(TARGET.resolve("map-corruption.png"));
        browser.driver.findElement(By.cssSelector("#alarms li[data-kind=Corruption] button.ack")).click();
        awaitMbeans().until(() -> !activeKinds().contains("Corruption"));
        awaitPage().until(() -> browser.driver.findElements(By.cssSelector("#alarms li[data-kind=Corruption]"))
                .isEmpty());
        assertThat(browser.consoleErrors()).as("browser console").isEmpty();
    }

    @Test
    @Order(6)
    void neverMoreThanOneJolokiaRequestIsInFlight() {
        @SuppressWarnings("unchecked")
        List<List<Number>> spans = (List<List<Number>>) browser.js("""
                return performance.getEntriesByType('resource').filter(e => e.name.includes('/jolokia'))
                    .map(e => [e.startTime, e.responseEnd]);""");
        assertThat(spans).as("Jolokia requests the page made").hasSizeGreaterThan(3);
        for (int i = 1; i < spans.size(); i++) {
            assertThat(spans.get(i).get(0).doubleValue()).as("request %d starts after %d ended", i, i - 1)
                    .isGreaterThanOrEqualTo(spans.get(i - 1).get(1).doubleValue());
        }
    }

    @Test
    @Order(100)
    void aStoppedAgentShowsUnreachableSinceAndNoStaleColours() throws Exception {
        payara.close();
        payara = null;
        Awaitility.await("the page noticed").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
                .until(() -> String.valueOf(browser.js("return document.querySelector('#status').textContent"))
                        .startsWith("agent unreachable since"));
        assertThat(browser.js("return fabricMap.cy().edges().filter(e => e.data('state') !== 'unknown').length")).isEqualTo(0L);
        assertThat(edge("leaf-b", 2)).containsEntry("state", "unknown");
        browser.screenshot(TARGET.resolve("map-unreachable.png"));
    }

    /* ---------- helpers ---------- */

    private static Duration slack() {
        return Duration.ofSeconds(5); // one sweep's own duration on a busy 2-core machine, and the browser's turn
    }

    private static ConditionFactory awaitMbeans() {
        return Awaitility.await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200));
    }

    private static ConditionFactory awaitPage() {
        return Awaitility.await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
                .ignoreExceptions();
    }

    private static Object read(String mbean, String attribute) throws Exception {
        Jolokia.Answer a = jolokia.get("/read/" + mbean + "/" + attribute);
        assertThat(a.status()).as(a.body()).isEqualTo(200);
        return a.value();
    }

    /** Cables as the Port MBeans show them: each end names the other, so every pair is counted once. */
    @SuppressWarnings("unchecked")
    private static int links() throws Exception {
        Map<String, Map<String, Object>> ports = (Map<String, Map<String, Object>>) jolokia.post("""
                {"type":"read","mbean":"fabric.health:type=Port,guid=*,port=*",
                 "attribute":["NodeGuid","PortNumber","RemoteGuid","RemotePort"]}""").value();
        Set<String> pairs = new HashSet<>();
        for (Map<String, Object> p : ports.values()) {
            if (!"".equals(p.get("RemoteGuid"))) {
                String me = p.get("NodeGuid") + "/" + p.get("PortNumber");
                String peer = p.get("RemoteGuid") + "/" + p.get("RemotePort");
                pairs.add(me.compareTo(peer) < 0 ? me + "~" + peer : peer + "~" + me);
            }
        }
        return pairs.size();
    }

    @SuppressWarnings("unchecked")
    private static Set<String> activeKinds() throws Exception {
        List<Map<String, Object>> alarms = (List<Map<String, Object>>) read("fabric.health:type=Alarms", "ActiveAlarms");
        Set<String> kinds = new HashSet<>();
        alarms.forEach(a -> kinds.add((String) a.get("kind")));
        return kinds;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> drawn() {
        return (Map<String, Object>) browser.js("return fabricMap.counts()");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> edge(String node, int port) {
        Map<String, Object> e = (Map<String, Object>) browser.js("return fabricMap.edgeFor(arguments[0], arguments[1])",
                node, port);
        assertThat(e).as("an edge drawn for %s[%d]", node, port).isNotNull();
        return e;
    }
}

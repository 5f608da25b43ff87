package io.fabrichealth.bench.map;

import io.fabrichealth.bench.BenchAgents;
import io.fabrichealth.bench.MachineLoad;
import io.fabrichealth.cli.Home;
import io.fabrichealth.cli.payara.PayaraProcess;
import io.fabrichealth.testbed.Prerequisites;
import io.fabrichealth.testbed.SimulatedFabric;
import io.fabrichealth.testbed.Topologies;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The map's speed on the 1,000-port fat tree (16 leaves, 8 spines, 24 hosts a leaf: 408 nodes, 1,024 connected
 * ports), in Debian's chromium against the agent on Payara Micro: how long after navigation the first map is drawn
 * and painted (issue 17: interactive within 3 s), and the main-thread time of one refresh (at most 100 ms): the
 * JSON parse, the model, the restyle and the lists, to the next painted frame, from the page's own
 * performance.now() marks. Medians over {@code -Dbench.loads} page loads (default 5), each followed by
 * {@code -Dbench.refreshes} refreshes (default 5). A benchmark, not a test: it prints, it never fails on speed.
 *
 * <pre>mvn -B -q -pl bench exec:exec@map</pre>
 */
public final class MapBench {
    private MapBench() {
    }

    public static void main(String[] args) throws Exception {
        Home home = new Home(Path.of(System.getProperty("bench.home", "..")).toAbsolutePath().normalize());
        int loads = Integer.getInteger("bench.loads", 5);
        int refreshes = Integer.getInteger("bench.refreshes", 5);
        Path work = Files.createTempDirectory("fh-map-");
        MachineLoad load = MachineLoad.start();
        System.out.println(load.before());
        Path topo = Topologies.fatTree(16, 8, 24, work);
        try (SimulatedFabric fabric = SimulatedFabric.start(topo, true, work.resolve("fabric"));
             PayaraProcess agent = start(home, work, fabric)) {
            agent.awaitJolokia(Duration.ofMinutes(3), false);
            awaitSwept(agent, 408);
            ChromeDriver chrome = chromium(work.resolve("chromium"));
            try {
                List<Double> interactive = new ArrayList<>();
                List<Double> toFrame = new ArrayList<>();
                List<Double> script = new ArrayList<>();
                List<Double> parse = new ArrayList<>();
                List<Double> answer = new ArrayList<>();
                List<Double> scriptReady = new ArrayList<>();
                List<Double> answered = new ArrayList<>();
                List<Double> drawn = new ArrayList<>();
                for (int i = 0; i < loads; i++) {
                    chrome.get(agent.baseUrl() + "/");
                    JavascriptExecutor js = chrome;
                    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
                    while (((Number) js.executeScript("return window.fabricMap ? fabricMap.refreshMillis().length : 0"))
                            .intValue() < 1 + refreshes) {
                        if (System.nanoTime() > deadline) {
                            throw new IllegalStateException("the page made no " + (1 + refreshes) + " refreshes in 60 s");
                        }
                        Thread.sleep(200);
                    }
                    interactive.add(((Number) js.executeScript("return fabricMap.interactiveAt()")).doubleValue());
                    @SuppressWarnings("unchecked")
                    Map<String, Number> first = (Map<String, Number>) js.executeScript("return fabricMap.firstLoad()");
                    scriptReady.add(first.get("scriptReady").doubleValue());
                    answered.add(first.get("answered").doubleValue());
                    drawn.add(first.get("drawn").doubleValue());
                    @SuppressWarnings("unchecked")
                    List<Map<String, Number>> r = (List<Map<String, Number>>) js.executeScript(
                            "return fabricMap.refreshMillis()");
                    for (Map<String, Number> m : r.subList(1, r.size())) { // the first one is the load itself
                        toFrame.add(m.get("toFrame").doubleValue());
                        script.add(m.get("script").doubleValue());
                        parse.add(m.get("parse").doubleValue());
                        answer.add(m.get("answer").doubleValue());
                    }
                    if (i == 0) {
                        @SuppressWarnings("unchecked")
                        Map<String, Number> c = (Map<String, Number>) js.executeScript("return fabricMap.counts()");
                        System.out.println("drawn: " + c.get("switches") + " switches, " + c.get("hcas") + " HCAs (hosts folded"
                                + " under their leaves), " + c.get("links") + " links");
                    }
                }
                System.out.printf("interactive after load (first map drawn and painted): median %.0f ms, max %.0f ms"
                        + " over %d loads (goal: 3000 ms)%n", median(interactive), Collections.max(interactive), loads);
                System.out.printf("  of it, medians after navigation start: page and cytoscape.js loaded at %.0f ms, first"
                        + " Jolokia answer in at %.0f ms, map drawn at %.0f ms%n", median(scriptReady), median(answered),
                        median(drawn));
                System.out.printf("refresh main-thread time to the next painted frame: median %.1f ms, max %.1f ms over"
                        + " %d refreshes (goal: 100 ms); of it JSON parse median %.1f ms, model+restyle+lists median"
                        + " %.1f ms%n", median(toFrame), Collections.max(toFrame), toFrame.size(), median(parse),
                        median(script));
                System.out.printf("  a refresh's bulk read, request to answer (the agent's side, not main-thread time):"
                        + " median %.0f ms%n", median(answer));
            } finally {
                chrome.quit();
            }
        }
        System.out.println(load.after() + ", run queue over the run " + String.format("%.1f", load.take()));
        load.close();
        System.exit(0);
    }

    private static PayaraProcess start(Home home, Path work, SimulatedFabric fabric) throws IOException {
        int http = BenchAgents.freePort();
        Path config = BenchAgents.config(work, "bench-map", http, """
                schedules:
                  - {name: smp-sweep, probe: smp-sweep, every: 10s}
                """);
        return PayaraProcess.start(new PayaraProcess.Spec(home.payaraJar(), home.war(), home.jniJar(), "127.0.0.1",
                http, config, fabric.clientEnv("node01-01"), work.resolve("payara"), List.of()));
    }

    private static void awaitSwept(PayaraProcess agent, int nodes) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        URI uri = URI.create(agent.baseUrl() + "/jolokia/read/fabric.health:type=SmpProbe/NodesSeen");
        long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        String body = "";
        while (System.nanoTime() < deadline) {
            body = http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString()).body();
            if (body.contains("\"value\":" + nodes)) {
                return;
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("the agent did not sweep " + nodes + " nodes in 3 min: " + body);
    }

    private static ChromeDriver chromium(Path profile) throws IOException {
        Logger.getLogger("org.openqa.selenium").setLevel(Level.SEVERE);
        Files.createDirectories(profile);
        ChromeOptions o = new ChromeOptions();
        o.setBinary(command("chromium").toFile());
        o.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1440,1000", "--user-data-dir=" + profile, "--no-first-run",
                "--disable-background-networking", "--disable-component-update");
        return new ChromeDriver(new ChromeDriverService.Builder().usingDriverExecutable(command("chromedriver").toFile())
                .usingAnyFreePort().withLogOutput(OutputStream.nullOutputStream()).build(), o);
    }

    private static Path command(String name) {
        try {
            return Prerequisites.command(name);
        } catch (IllegalStateException e) {
            throw new IllegalStateException(name + " not found: apt-get install chromium chromium-driver", e);
        }
    }

    private static double median(List<Double> xs) {
        List<Double> s = new ArrayList<>(xs);
        Collections.sort(s);
        return s.get(s.size() / 2);
    }
}

package io.fabrichealth.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.testbed.SimulatedFabric;
import io.fabrichealth.testbed.Topologies;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Prometheus server (Debian's package), started on loopback, scrapes the agent on the bundled simulated
 * fabric and evaluates the shipped alert rules: the agent's metrics appear in its query API, and FabricPortDown
 * fires after an ibsim Unlink takes a switch port down.
 */
class PrometheusServerIT {
    private static final Path RULES = Path.of("..", "examples", "prometheus", "fabric-health.rules.yml").toAbsolutePath().normalize();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @TempDir
    Path work;

    @Test
    void prometheusScrapesTheAgentAndFiresPortDownWhenASwitchPortIsUnlinked() throws Exception {
        try (SimulatedFabric fabric = SimulatedFabric.start(Topologies.bundled(), true, work.resolve("fabric"))) {
            Path config = work.resolve("agent.yaml");
            Files.writeString(config, """
                    agent:
                      stateDir: %s
                    jmx:
                      enabled: false
                    bursts:
                      listen: 127.0.0.1:%d
                    pingpong:
                      listen: 127.0.0.1:%d
                    schedules:
                      - name: smp-sweep
                        probe: smp-sweep
                        every: 2s
                        jitter: 0%%
                    """.formatted(work.resolve("state"), HostProcess.freePort(), HostProcess.freePort()));
            try (HostProcess agent = HostProcess.start(work.resolve("payara"), config,
                    fabric.clientEnv(Topologies.simHost(Topologies.bundled(), null)), List.of())) {
                int promPort = HostProcess.freePort();
                Process prometheus = startPrometheus(agent.httpPort, promPort);
                try {
                    String api = "http://127.0.0.1:" + promPort + "/api/v1/";
                    String series = awaitBody(api + "query?query=" + enc("fabric_health_probe_runs_total{family=\"smp-sweep\"}"),
                            b -> b.contains("\"family\":\"smp-sweep\""), prometheus);
                    assertThat(series).contains("\"job\":\"fabric-health\"");

                    assertThat(fabric.console("Unlink \"leaf-a\"[2]")).doesNotContain("error");
                    String alerts = awaitBody(api + "alerts", b -> b.contains("\"alertname\":\"FabricPortDown\"")
                            && b.contains("\"state\":\"firing\""), prometheus);
                    assertThat(alerts).contains("\"kind\":\"PortDown\"");
                } finally {
                    prometheus.destroy();
                    if (!prometheus.waitFor(20, TimeUnit.SECONDS)) {
                        prometheus.destroyForcibly();
                    }
                }
            }
        }
    }

    private Process startPrometheus(int agentPort, int promPort) throws IOException {
        Path dir = Files.createDirectories(work.resolve("prometheus"));
        Files.copy(RULES, dir.resolve("fabric-health.rules.yml"));
        Files.writeString(dir.resolve("prometheus.yml"), """
                global:
                  scrape_interval: 1s
                  evaluation_interval: 1s
                rule_files: [fabric-health.rules.yml]
                scrape_configs:
                  - job_name: fabric-health
                    static_configs:
                      - targets: ["127.0.0.1:%d"]
                """.formatted(agentPort));
        try {
            return new ProcessBuilder("prometheus", "--config.file=" + dir.resolve("prometheus.yml"),
                    "--storage.tsdb.path=" + dir.resolve("data"), "--web.listen-address=127.0.0.1:" + promPort)
                    .redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile()).start();
        } catch (IOException e) {
            throw new IllegalStateException("prometheus not found: apt-get install prometheus", e);
        }
    }

    private String awaitBody(String url, java.util.function.Predicate<String> done, Process prometheus) throws Exception {
        AtomicReference<String> body = new AtomicReference<>("");
        try {
            return Awaitility.await("Prometheus answers as expected at " + url).atMost(Duration.ofSeconds(180))
                    .pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(500)).until(() -> {
                        assertThat(prometheus.isAlive()).as("prometheus is running; see prometheus.log").isTrue();
                        try {
                            body.set(http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5))
                                    .build(), HttpResponse.BodyHandlers.ofString()).body());
                        } catch (IOException e) {
                            body.set(e.toString()); // not up yet
                        }
                        return body.get();
                    }, done);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("Prometheus never answered as expected at " + url + "; last answer: " + body.get(), e);
        }
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}

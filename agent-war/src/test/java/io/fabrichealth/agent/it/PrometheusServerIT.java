package io.fabrichealth.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.testbed.SimulatedFabric;
import io.fabrichealth.testbed.Topologies;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Prometheus server (Debian's package), started on loopback, scrapes the agent on the bundled simulated
 * fabric and evaluates the shipped alert rules: the agent's metrics appear in its query API, and FabricPortDown
 * fires after an ibsim Unlink takes a switch port down.
 */
class PrometheusServerIT {
    private static final Path RULES = Path.of("..", "examples", "prometheus", "fabric-health.rules.yml").toAbsolutePath().normalize();

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
                try (PrometheusServer prometheus = PrometheusServer.start(work.resolve("prometheus"),
                        List.of("\"127.0.0.1:" + agent.httpPort + "\""), RULES)) {
                    String series = prometheus.await("query?query=" + PrometheusServer.enc(
                            "fabric_health_probe_runs_total{family=\"smp-sweep\"}"), b -> b.contains("\"family\":\"smp-sweep\""));
                    assertThat(series).contains("\"job\":\"fabric-health\"");

                    assertThat(fabric.console("Unlink \"leaf-a\"[2]")).doesNotContain("error");
                    String alerts = prometheus.await("alerts", b -> b.contains("\"alertname\":\"FabricPortDown\"")
                            && b.contains("\"state\":\"firing\""));
                    assertThat(alerts).contains("\"kind\":\"PortDown\"");
                }
            }
        }
    }
}

package io.fabrichealth.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.cli.fleet.FleetOnOneHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fleet on one machine: three agents on one 1,024-port simulated fat tree, each at its own HCA, join one data
 * grid on 127.0.0.1. Also measures what the fixture costs (boot time, RSS per agent), printed to the IT's output.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FleetOnOneHostIT {
    @TempDir
    static Path work;
    static FleetOnOneHost fleet;
    static Duration boot;

    @BeforeAll
    static void startTheFleet() throws Exception {
        long t0 = System.nanoTime();
        fleet = FleetFixture.start(work);
        boot = Duration.ofNanos(System.nanoTime() - t0);
    }

    @AfterAll
    static void stopTheFleet() {
        if (fleet != null) {
            fleet.close();
        }
    }

    @Test
    @Order(1)
    void everyAgentAnswersOnJolokiaAttachedAtItsOwnHca() throws Exception {
        List<String> hcas = new ArrayList<>();
        for (FleetOnOneHost.Agent a : fleet.agents()) {
            Jolokia.Answer answer = new Jolokia(a.httpPort()).get("/read/fabric.health:type=Agent");
            assertThat(answer.status()).as(a.name() + ": " + answer.body()).isEqualTo(200);
            @SuppressWarnings("unchecked")
            Map<String, Object> fabric = (Map<String, Object>) ((Map<String, Object>) answer.value()).get("Fabric");
            assertThat(fabric.get("simHost")).as(a.name()).isEqualTo(a.simHost());
            hcas.add(a.simHost());
        }
        assertThat(hcas).doesNotHaveDuplicates().hasSize(FleetFixture.AGENTS);
    }

    /**
     * Read from Payara's own report of the grid, which every member logs when membership changes ("DG Size: 3" and
     * one line per instance with its grid address and, once known, its name). The Fleet MBean's Members, once the fleet module registers it, is the
     * agent's view of the same and gets its own test there.
     */
    @Test
    @Order(2)
    void theThreeAgentsFormOneGridOnLoopback() {
        for (FleetOnOneHost.Agent a : fleet.agents()) {
            Awaitility.await(a.name() + " sees a grid of 3").atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
                        String log = Files.readString(a.log());
                        String last = log.substring(log.lastIndexOf("Payara Data Grid State"));
                        assertThat(last).contains("DG Name: " + fleet.config(0).fleet().name() + " DG Size: 3");
                        for (FleetOnOneHost.Agent b : fleet.agents()) {
                            assertThat(last).contains("Address: /127.0.0.1:" + b.gridPort());
                        }
                        // A newcomer's name reaches the others a moment after its address, so each checks its own.
                        assertThat(last).contains("Name: " + a.name() + " Lite: false This: true");
                    });
        }
    }

    @Test
    @Order(3)
    void whatTheFleetCosts() throws Exception {
        StringBuilder report = new StringBuilder("fleet of " + fleet.size() + " agents on a " + FleetFixture.PORTS
                + "-port fat tree: booted (fabric, then agents one after another) in " + boot.toSeconds() + " s");
        for (FleetOnOneHost.Agent a : fleet.agents()) {
            long rssKiB = Files.readAllLines(Path.of("/proc/" + a.pid() + "/status")).stream()
                    .filter(l -> l.startsWith("VmRSS:")).map(l -> l.replaceAll("\\D", "")).mapToLong(Long::parseLong)
                    .findFirst().orElseThrow();
            report.append("\n  ").append(a.name()).append(": boot ").append(a.bootTime().toMillis() / 1000.0)
                    .append(" s, RSS ").append(rssKiB / 1024).append(" MiB");
            assertThat(rssKiB).as(a.name() + " RSS").isPositive();
        }
        System.out.println(report);
    }
}

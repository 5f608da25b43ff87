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

    /** opensm brought the whole tree up before the agents started; an agent's sweep sees every cabled port Active. */
    @Test
    @Order(3)
    void everyCabledPortOfTheTreeIsActiveInAnAgentsSweep() {
        FleetOnOneHost.Agent a = fleet.agent(0);
        Awaitility.await(a.name() + " has swept " + FleetFixture.PORTS + " active ports").atMost(Duration.ofSeconds(180))
                .pollInterval(Duration.ofSeconds(2)).untilAsserted(() -> {
                    Jolokia.Answer answer = new Jolokia(a.httpPort()).post("""
                            {"type":"read","mbean":"fabric.health:type=Port,*","attribute":["PortState","RemoteGuid"]}""");
                    assertThat(answer.status()).as(answer.body()).isEqualTo(200);
                    @SuppressWarnings("unchecked")
                    Map<String, Map<String, Object>> ports = (Map<String, Map<String, Object>>) answer.value();
                    List<Map<String, Object>> cabled = ports.values().stream()
                            .filter(p -> p.get("RemoteGuid") instanceof String g && !g.isEmpty()).toList();
                    assertThat(cabled).hasSize(FleetFixture.PORTS)
                            .allSatisfy(p -> assertThat(p.get("PortState")).isEqualTo("Active"));
                });
    }

    @Test
    @Order(4)
    void whatTheFleetCosts() throws Exception {
        StringBuilder report = new StringBuilder("fleet of " + fleet.size() + " agents on a " + FleetFixture.PORTS
                + "-port fat tree: booted (fabric, then agents one after another) in " + boot.toSeconds() + " s; opensm's"
                + " SUBNET UP after " + fleet.fabric().opensm().subnetUpAfter().toMillis() + " ms");
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

    /** The fixture's crash and comeback: kill -9 leaves the grid within the failure-detection time; restart rejoins. */
    @Test
    @Order(5)
    void aKilledAgentLeavesTheGridWithinTheFailureDetectionTimeAndRejoinsOnRestart() throws Exception {
        FleetOnOneHost.Agent victim = fleet.agent(2);
        Duration detection = fleet.config(2).fleet().failureDetection();
        fleet.kill(2);
        assertThat(ProcessHandle.of(victim.pid())).isEmpty();
        long t0 = System.nanoTime();
        for (int i = 0; i < 2; i++) {
            Path log = fleet.agent(i).log();
            Awaitility.await(fleet.agent(i).name() + " sees the grid shrink to 2")
                    .atMost(detection.plus(Duration.ofSeconds(20))).pollInterval(Duration.ofMillis(250))
                    .until(() -> lastGridState(log).contains(" DG Size: 2"));
        }
        System.out.println("grid noticed kill -9 of " + victim.name() + " after "
                + Duration.ofNanos(System.nanoTime() - t0).toMillis() + " ms (failure detection " + detection + ")");

        FleetOnOneHost.Agent back = fleet.restart(2);
        assertThat(back.pid()).isNotEqualTo(victim.pid());
        assertThat(new Jolokia(back.httpPort()).get("/read/fabric.health:type=Agent/Version").status()).isEqualTo(200);
        for (FleetOnOneHost.Agent a : fleet.agents()) {
            Awaitility.await(a.name() + " sees the grid of 3 again").atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(500)).until(() -> lastGridState(a.log()).contains(" DG Size: 3"));
        }
    }

    private static String lastGridState(Path log) throws java.io.IOException {
        String text = Files.readString(log);
        int at = text.lastIndexOf("Payara Data Grid State");
        return at < 0 ? "" : text.substring(at, text.indexOf('\n', at));
    }
}

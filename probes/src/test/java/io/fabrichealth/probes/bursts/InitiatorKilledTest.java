package io.fabrichealth.probes.bursts;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.BurstsConfig;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.config.HostPort;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The other side of TargetKilledTest: initiators killed with SIGKILL mid-burst (a host rebooting) leave
 * the target's provider with operations and internal traffic queued for a dead peer. The target, in a JVM
 * of its own, must survive every kill, end each dead initiator's session with a reason, and go on
 * serving other initiators.
 */
class InitiatorKilledTest {
    private static final int KILLS = 2;

    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource(delimiter = '|', value = {"tcp|MSG|put default", "tcp|MSG|get default", "tcp;ofi_rxm|RDM|get default",
        "sockets|MSG|put default"})
    void theTargetSurvivesInitiatorsKilledMidBurst(String provider, String endpoint, String test, @TempDir Path work)
            throws Exception {
        int port = Loopback.freePort();
        Path targetDir = Files.createDirectories(work.resolve("target"));
        Process target = ChildJvm.start(targetDir, Map.of("FI_SOCKETS_PE_WAITTIME", "0"), TargetMain.class, provider,
                endpoint, Integer.toString(port));
        try {
            await(targetDir, target, "ready");
            for (int kill = 1; kill <= KILLS; kill++) {
                Path dir = Files.createDirectories(work.resolve("initiator-" + kill));
                Process initiator = ChildJvm.start(dir, Map.of("FI_SOCKETS_PE_WAITTIME", "0"), InitiatorMain.class,
                        provider, endpoint, Integer.toString(port), test);
                await(dir, initiator, "running");
                await(targetDir, target, "started " + kill); // its burst reached the target
                Thread.sleep(700); // well inside its 30 s burst
                assertThat(initiator.isAlive()).as("the initiator is alive: " + Files.readString(dir.resolve("child.err")))
                        .isTrue();
                assertThat(Files.readString(dir.resolve("child.out")).strip()).as("still in its first burst, not yet "
                        + "with a result").isEqualTo("running");
                initiator.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                Thread.sleep(300); // a window for the target to crash on the kill; it is asked again at the end
                assertThat(target.isAlive()).as("the target survived kill " + kill + "; its stderr:\n"
                        + Files.readString(targetDir.resolve("child.err"))).isTrue();
            }

            BurstsConfig mine = Loopback.config(provider, EndpointType.valueOf(endpoint), Loopback.suite(test), 4 << 20);
            try (BurstService service = new BurstService(mine, new RecordingAlarms())) {
                // The target serves one initiator at a time: it refuses the fresh one until the last killed
                // initiator's session has ended (at once on MSG, after the silence timeout on RDM).
                BurstResult[] after = new BurstResult[1];
                Awaitility.await("the target no longer busy with a killed initiator").atMost(Duration.ofSeconds(30))
                        .pollInterval(Duration.ofMillis(200)).until(() -> {
                            after[0] = service.runSet(new HostPort("127.0.0.1", port), Loopback.phase(test), Loopback.set(test));
                            return !after[0].refusedByTarget();
                        });
                assertThat(after[0].outcome()).as("a fresh initiator is still served: " + after[0].reason())
                        .isEqualTo(BurstResult.Outcome.OK);
            }
            // Each killed initiator's session ends with a reason: a lost connection (MSG) or silence (RDM, no
            // event queue), within 2x the stall timeout plus the cancel delay of the kill (waited for generously).
            Awaitility.await("sessions of killed initiators ended").atMost(Duration.ofSeconds(30))
                    .pollInterval(Duration.ofMillis(100)).untilAsserted(() -> {
                        long ended = Files.readString(targetDir.resolve("child.err")).lines()
                                .filter(l -> l.contains("burst session ended: burst from 127.0.0.1:"))
                                .filter(l -> l.contains("the initiator went away")
                                        || l.contains("the initiator went silent"))
                                .count();
                        assertThat(ended).as("sessions of killed initiators ended with a reason; target stderr:\n"
                                + Files.readString(targetDir.resolve("child.err"))).isGreaterThanOrEqualTo(KILLS);
                    });
            assertThat(target.isAlive()).isTrue();
        } finally {
            target.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    private static void await(Path dir, Process child, String line) throws Exception {
        Path out = dir.resolve("child.out");
        Awaitility.await("child JVM prints '" + line + "'").atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(50)).until(() -> {
                    if (Files.exists(out) && Files.readString(out).contains(line)) {
                        return true;
                    }
                    if (!child.isAlive()) {
                        throw new AssertionError("child JVM exited before '" + line + "': "
                                + Files.readString(dir.resolve("child.err")));
                    }
                    return false;
                });
    }
}

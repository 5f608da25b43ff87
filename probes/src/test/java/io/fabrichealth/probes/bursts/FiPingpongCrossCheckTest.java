package io.fabrichealth.probes.bursts;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.BurstPhase;
import io.fabrichealth.config.BurstSet;
import io.fabrichealth.config.EndpointType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * The independent tool on the same bed: fi_pingpong over tcp MSG with integrity checks passes here,
 * and so does our default burst, so a burst failure is ours to explain, not the test bed's.
 */
class FiPingpongCrossCheckTest {

    @Test
    void fiPingpongWithIntegrityChecksAndTheDefaultBurstBothPassOnTcpMsg() throws Exception {
        if (!Files.isExecutable(Path.of("/usr/bin/fi_pingpong"))) {
            throw new AssertionError("fi_pingpong not found: apt-get install libfabric-bin");
        }
        String port = Integer.toString(Loopback.freePort());
        Process server = new ProcessBuilder("timeout", "30", "fi_pingpong", "-p", "tcp", "-e", "msg", "-c", "-B", port,
                "-I", "50", "-S", "65536").redirectErrorStream(true).start();
        // Wait until the server listens (read from /proc, so no probe connection uses up its one accept).
        Awaitility.await("fi_pingpong server listening on " + port).atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(20)).until(() -> listening(Integer.parseInt(port)));
        Process client = new ProcessBuilder("timeout", "30", "fi_pingpong", "-p", "tcp", "-e", "msg", "-c", "-P", port,
                "-I", "50", "-S", "65536", "127.0.0.1").redirectErrorStream(true).start();
        String out = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(client.waitFor(40, TimeUnit.SECONDS)).isTrue();
        assertThat(server.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(client.exitValue()).as(out).isZero();
        assertThat(server.exitValue()).isZero();
        assertThat(out).contains("64k").containsPattern("MB/sec|Mbps|MB/s");

        try (BurstService service = new BurstService(Loopback.config("tcp", EndpointType.MSG, Loopback.suite("put default"),
                4 << 20), new RecordingAlarms())) {
            service.startTarget();
            assertThat(service.runSet(service.config().listen(), BurstPhase.PUT, BurstSet.DEFAULT).outcome())
                    .isEqualTo(BurstResult.Outcome.OK);
        }
    }

    /** A TCP socket in LISTEN state on {@code port}, IPv4 or IPv6 (/proc/net/tcp: local address, state 0A). */
    private static boolean listening(int port) throws java.io.IOException {
        String suffix = String.format(Locale.ROOT, ":%04X", port);
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path p = Path.of(table);
            if (Files.exists(p) && Files.readAllLines(p).stream().skip(1).map(l -> l.trim().split("\\s+"))
                    .anyMatch(f -> f.length > 3 && f[1].endsWith(suffix) && f[3].equals("0A"))) {
                return true;
            }
        }
        return false;
    }
}

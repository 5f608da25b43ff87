package io.fabrichealth.probes.bursts;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.BurstSet;
import io.fabrichealth.config.EndpointType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
        Thread.sleep(300);
        Process client = new ProcessBuilder("timeout", "30", "fi_pingpong", "-p", "tcp", "-e", "msg", "-c", "-P", port,
                "-I", "50", "-S", "65536", "127.0.0.1").redirectErrorStream(true).start();
        String out = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(client.waitFor(40, TimeUnit.SECONDS)).isTrue();
        assertThat(server.waitFor(10, TimeUnit.SECONDS)).isTrue();
        System.out.println(out);
        assertThat(client.exitValue()).as(out).isZero();
        assertThat(server.exitValue()).isZero();
        assertThat(out).contains("64k").containsPattern("MB/sec|Mbps|MB/s");

        try (BurstService service = new BurstService(Loopback.config("tcp", EndpointType.MSG, List.of(BurstSet.DEFAULT),
                4 << 20), new RecordingAlarms())) {
            service.startTarget();
            assertThat(service.runSet(service.config().listen(), BurstSet.DEFAULT).outcome())
                    .isEqualTo(BurstResult.Outcome.OK);
        }
    }
}

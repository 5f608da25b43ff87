package io.fabrichealth.probes.bursts;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The abort drill: a target that leaves every burst mid-way, with the initiator's writes, reads and
 * receives in flight, on each provider and set. Every burst fails with a reason naming the target within
 * T plus the stall timeout, the initiator closes its link without crashing libfabric (the suite runs in
 * a JVM of its own, so a crash is this test's failure, not the test JVM's), and a clean suite then passes.
 */
class TargetAbortedTest {
    private static final int ROUNDS = 3;

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {"tcp|MSG", "tcp;ofi_rxm|RDM", "sockets|MSG"})
    void everySetFailsCleanlyWhenTheTargetAbortsMidBurst(String provider, String endpoint, @TempDir Path work)
            throws Exception {
        Process child = ChildJvm.start(work, Map.of("FI_SOCKETS_PE_WAITTIME", "0"), AbortedBurstsMain.class, provider,
                endpoint, Integer.toString(ROUNDS));
        boolean finished = child.waitFor(240, TimeUnit.SECONDS);
        if (!finished) {
            child.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
        String out = Files.readString(work.resolve("child.out"));
        String err = Files.readString(work.resolve("child.err"));
        assertThat(finished).as("aborted bursts finished within 240 s; stderr:\n" + tail(err)).isTrue();
        assertThat(child.exitValue()).as("the JVM running the initiator survived every aborted burst (exit 0); "
                + crashLogs(work) + "stderr:\n" + tail(err)).isZero();

        List<String[]> aborted = out.lines().filter(l -> l.startsWith("aborted.")).map(l -> l.split("\\|", 3)).toList();
        assertThat(aborted).as("%s %s%n%s", provider, endpoint, out).hasSize(ROUNDS * 7);
        long limitMillis = Duration.ofSeconds(2).plus(BurstPlan.STALL_TIMEOUT).plusSeconds(1).toMillis();
        assertThat(aborted).allSatisfy(r -> {
            assertThat(r[0]).as(String.join("|", r)).endsWith("=FAIL");
            assertThat(r[2]).as(r[0]).startsWith("target 127.0.0.1:")
                    .containsAnyOf("went away", "stopped answering", "failed:");
            assertThat(Long.parseLong(r[1])).as(r[0] + " ms").isLessThan(limitMillis);
        });
        assertThat(out).contains("aborts=" + ROUNDS * 7, "alarms=0");
        assertThat(out.lines().filter(l -> l.startsWith("clean."))).as("the target still serves").hasSize(7)
                .allSatisfy(l -> assertThat(l).contains("=OK|"));
    }

    private static String tail(String text) {
        List<String> lines = text.lines().filter(l -> !l.startsWith("round ")).toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    private static String crashLogs(Path work) throws java.io.IOException {
        try (Stream<Path> files = Files.list(work)) {
            String logs = files.filter(f -> f.getFileName().toString().startsWith("hs_err")).map(Path::toString)
                    .collect(Collectors.joining(", "));
            return logs.isEmpty() ? "" : "JVM crash log(s): " + logs + "; ";
        }
    }
}

package io.fabrichealth.mbeans.flips;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.testbed.flip.BitFlips;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A faulty NIC or driver, played by the project's own injector: one bit flipped per arming in what the agent's
 * process receives, spread over every message type of the burst protocol (tcp MSG and tcp;ofi_rxm RDM) and of the
 * ping-pong (its data messages over libfabric, and its control frames), control messages and payloads alike.
 * Every flip must be caught (a Corruption alarm) or fail the run with a reason; none may pass silently.
 */
class BitFlipTest {
    private static final int PER_TYPE = 8;
    private static final Pattern TOTAL = Pattern.compile(
            "TOTAL (.+) flips=(\\d+) caught=(\\d+) failed=(\\d+) silent=(\\d+) missed=(\\d+)");

    /** The head of a JVM crash log, if the child left one: where in native code it died. */
    private static String crashReport(Path dir) throws Exception {
        try (var files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().startsWith("hs_err")).findFirst()
                    .map(f -> {
                        try {
                            return "\n" + String.join("\n", Files.readAllLines(f).stream().limit(60).toList());
                        } catch (Exception e) {
                            return "\n(crash log " + f + " unreadable: " + e + ")";
                        }
                    }).orElse("");
        }
    }

    @Test
    void everyFlippedBitIsCaughtOrFailsTheRunNoneIsSilent(@TempDir Path dir) throws Exception {
        Path control = dir.resolve("flip.ctl");
        BitFlips.map(control, true).close();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xmx512m", "-XX:ErrorFile=" + dir.resolve("hs_err_%p.log"), "-cp",
                System.getProperty("java.class.path"), FlipRunMain.class.getName(), Integer.toString(PER_TYPE),
                "20261125"));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(dir.resolve("flips.out").toFile()).redirectError(ProcessBuilder.Redirect.INHERIT);
        String jsig = Path.of(System.getProperty("java.home"), "lib", "libjsig.so").toString();
        pb.environment().put("LD_PRELOAD", jsig + File.pathSeparator + BitFlips.library());
        pb.environment().put(BitFlips.CONTROL_VARIABLE, control.toString());
        pb.environment().put("FI_SOCKETS_PE_WAITTIME", "0");
        Process child = pb.start();
        boolean ended = child.waitFor(10, TimeUnit.MINUTES);
        if (!ended) {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        String out = Files.readString(dir.resolve("flips.out"));
        // The run's summary (all but the per-flip lines) goes into the failure messages, not to the console.
        String summary = out.lines().filter(l -> !l.startsWith("FLIP ")).reduce("", (a, b) -> a + b + "\n");
        assertThat(ended).as("the flip run finished within 10 minutes:%n%s", summary).isTrue();
        assertThat(child.exitValue()).as("%s%s", out, crashReport(dir)).isZero();
        assertThat(out.lines().filter(l -> l.startsWith("CLEAN "))).as("with no flip, every probe passes")
                .allSatisfy(l -> assertThat(l).matches("CLEAN .* (ok|skipped|0)"));

        Map<String, long[]> totals = new TreeMap<>();
        out.lines().map(TOTAL::matcher).filter(Matcher::matches).forEach(m -> totals.put(m.group(1), new long[] {
            Long.parseLong(m.group(2)), Long.parseLong(m.group(3)), Long.parseLong(m.group(4)),
            Long.parseLong(m.group(5))}));
        assertThat(totals).as("message types:%n%s", summary).hasSize(2 * 11 + 7);
        long flips = totals.values().stream().mapToLong(v -> v[0]).sum();
        long silent = totals.values().stream().mapToLong(v -> v[3]).sum();
        assertThat(flips).as("flips made").isGreaterThanOrEqualTo(200);
        assertThat(totals).as("every message type was hit:%n%s", summary).allSatisfy((type, v) -> assertThat(v[0]).isPositive());
        assertThat(out.lines().filter(l -> l.contains(" -> silent"))).as("silent flips").isEmpty();
        assertThat(silent).isZero();
        assertThat(out.lines().filter(l -> l.startsWith("FLIP bursts") && l.contains("/ WELCOME ")))
                .as("a damaged WELCOME is a FAIL or a Corruption, never unsupported or PASS")
                .allSatisfy(l -> assertThat(l).containsPattern("result fail"));
    }
}

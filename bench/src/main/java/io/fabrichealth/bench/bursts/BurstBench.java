package io.fabrichealth.bench.bursts;

import io.fabrichealth.config.BurstSet;
import io.fabrichealth.config.BurstsConfig;
import io.fabrichealth.config.ByteSize;
import io.fabrichealth.config.Endpoint;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.probes.AlarmSink;
import io.fabrichealth.probes.bursts.BurstResult;
import io.fabrichealth.probes.bursts.BurstService;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The burst benchmark: the Java put path (BurstService, default set: 4 gather segments, window 8, every
 * byte verified) against the C baseline doing the same loop, both on tcp MSG in this one run, at 64 KiB
 * and 1 MiB per write; fi_pingpong's bandwidth at the same sizes is printed as the outside anchor.
 *
 * <p>Run: {@code mvn -B -q -pl bench exec:java@bursts} (after {@code mvn install} of jni, probes, config).
 * Optional: {@code -Dbursts.bytes=N} bytes per measured run (default 1 GiB), {@code -Dbursts.rounds=N}.
 */
public final class BurstBench {
    private static final int SEGMENTS = 4;
    private static final int WINDOW = 8;

    private BurstBench() {
    }

    public static void main(String[] args) throws Exception {
        long bytes = Long.getLong("bursts.bytes", 1L << 30);
        int rounds = Integer.getInteger("bursts.rounds", 3);
        Path baseline = compileBaseline();
        System.out.printf(Locale.ROOT, "%-8s %12s %12s %8s %16s%n", "size", "java MB/s", "C MB/s", "java/C",
                "fi_pingpong MB/s");
        for (int size : new int[] {64 * 1024, 1024 * 1024}) {
            double java = 0;
            double c = 0;
            for (int r = 0; r < rounds; r++) {
                // Interleaved rounds, best of each: the two cores are shared with whatever else runs.
                java = Math.max(java, javaRun(size, r == 0 ? bytes / 4 : bytes, r == 0));
                c = Math.max(c, cRun(baseline, size, bytes));
            }
            double pingpong = pingpong(size);
            System.out.printf(Locale.ROOT, "%-8s %12.1f %12.1f %7.2fx %16.1f%n", size >= 1 << 20 ? "1MiB" : "64KiB",
                    java / 1e6, c / 1e6, java / c, pingpong);
        }
        System.out.println("goal: java/C >= 0.95x");
        System.exit(0);
    }

    /** One put burst of {@code total} bytes; a first (warm-up) round counts too, it is just smaller. */
    private static double javaRun(int size, long total, boolean warmUp) {
        BurstsConfig config = new BurstsConfig(new HostPort("127.0.0.1", freePort()), "tcp", Endpoint.MSG,
                List.of(BurstSet.DEFAULT), ByteSize.ofBytes(size / SEGMENTS), SEGMENTS, WINDOW, ByteSize.ofBytes(total),
                Duration.ofSeconds(60), 2, Duration.ofMillis(10));
        try (BurstService service = new BurstService(config, AlarmSink.NONE)) {
            service.startTarget();
            BurstResult r = service.runSet(config.listen(), BurstSet.DEFAULT);
            if (r.outcome() != BurstResult.Outcome.OK) {
                throw new IllegalStateException("java burst failed: " + r.reason());
            }
            return warmUp ? 0 : r.throughputBytesPerSecond();
        }
    }

    private static double cRun(Path baseline, int size, long total) throws IOException, InterruptedException {
        String out = run(30 + total / (100L << 20), baseline.toString(), Integer.toString(freePort()),
                Integer.toString(size / SEGMENTS), Integer.toString(SEGMENTS), Integer.toString(WINDOW),
                Long.toString(total));
        for (String field : out.trim().split("\\s+")) {
            if (field.startsWith("bytes_per_second=")) {
                return Double.parseDouble(field.substring(17));
            }
        }
        throw new IllegalStateException("C baseline printed no throughput: " + out);
    }

    /** fi_pingpong -p tcp -e msg at one size: its MB/sec column. */
    private static double pingpong(int size) throws IOException, InterruptedException {
        String port = Integer.toString(freePort());
        String iterations = size >= 1 << 20 ? "500" : "5000";
        Process server = new ProcessBuilder("timeout", "60", "fi_pingpong", "-p", "tcp", "-e", "msg", "-B", port, "-I",
                iterations, "-S", Integer.toString(size)).redirectErrorStream(true).start();
        Thread.sleep(300);
        String out = run(60, "fi_pingpong", "-p", "tcp", "-e", "msg", "-P", port, "-I", iterations, "-S",
                Integer.toString(size), "127.0.0.1");
        server.waitFor(10, TimeUnit.SECONDS);
        for (String line : out.split("\n")) {
            String[] cols = line.trim().split("\\s+");
            if (cols.length >= 6 && (cols[0].equals("64k") || cols[0].equals("1m"))) {
                return Double.parseDouble(cols[5]);
            }
        }
        throw new IllegalStateException("fi_pingpong printed no bandwidth line: " + out);
    }

    private static Path compileBaseline() throws IOException, InterruptedException {
        Path source = Path.of(System.getProperty("bench.c.dir", "bench/src/main/c/bursts"), "burst_baseline.c");
        if (!Files.isRegularFile(source)) {
            throw new IllegalStateException(source + " not found: run from the repository root or set -Dbench.c.dir");
        }
        Path binary = Files.createTempDirectory("fh-bench").resolve("burst_baseline");
        run(60, "cc", "-O2", "-Wall", "-Werror", "-msse4.2", "-o", binary.toString(), source.toString(), "-lfabric",
                "-lpthread");
        binary.toFile().deleteOnExit();
        return binary;
    }

    private static String run(long timeoutSeconds, String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException(String.join(" ", command) + " did not finish in " + timeoutSeconds + " s");
        }
        String text = new String(out, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " exited " + p.exitValue() + ": " + text);
        }
        return text;
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free port on 127.0.0.1", e);
        }
    }
}

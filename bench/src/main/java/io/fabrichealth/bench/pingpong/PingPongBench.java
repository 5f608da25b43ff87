package io.fabrichealth.bench.pingpong;

import io.fabrichealth.config.ByteSize;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.PingPongConfig;
import io.fabrichealth.config.Transport;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.bench.MachineLoad;
import io.fabrichealth.probes.pingpong.PingPongResult;
import io.fabrichealth.probes.pingpong.PingPongService;
import io.fabrichealth.probes.pingpong.fabric.FabricPlane;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The ping-pong benchmark. On loopback: the Java ping-pong (responder and initiator in this JVM, libfabric tcp MSG,
 * depth 1, one task, every header and payload byte checked) against the C baseline running the same protocol on
 * the same transport, in rounds of this one run whose order alternates, comparing p50 RTT per round (goal: the
 * median of the rounds' Java/C <= 1.1; the run queue is printed beside each round, the load average before and
 * after); fi_pingpong at the same size is the outside anchor. Then, in the guest (skip with PINGPONG_GUEST=false): the Java verbs
 * and RDS ping-pongs over Soft-RoCE next to rping (the same krping loop, timed) and ib_send_lat.
 *
 * <p>Run: {@code mvn -B -q -pl bench exec:exec@pingpong} (after installing jni, probes and config).
 * Options: {@code -Dpingpong.seconds=N} per round (default 3), {@code -Dpingpong.rounds=N} (default 5).
 */
public final class PingPongBench {
    static final int REQUEST = 1024;
    static final int ACK = 64;

    private PingPongBench() {
    }

    public static void main(String[] args) throws Exception {
        int seconds = Integer.getInteger("pingpong.seconds", 3);
        int rounds = Integer.getInteger("pingpong.rounds", 5);
        Path baseline = compileBaseline();
        javaRun(1); // warm-up: JIT and libfabric initialisation
        cRun(baseline, 1);
        List<Double> java = new ArrayList<>();
        List<Double> c = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        MachineLoad load = MachineLoad.start();
        System.out.println(load.before());
        System.out.printf(Locale.ROOT, "loopback, libfabric tcp MSG, request %d B, ack %d B, depth 1, 1 task%n",
                REQUEST, ACK);
        System.out.printf(Locale.ROOT, "%-6s %12s %12s %8s %12s %12s %10s  %s%n", "round", "java p50 us", "C p50 us",
                "java/C", "java p99 us", "C p99 us", "run queue", "order");
        try (load) {
            for (int r = 0; r < rounds; r++) {
                load.take();
                // The order alternates, so a neighbour that starts or stops mid-round hits both sides alike.
                PingPongResult j;
                double[] cr;
                if (r % 2 == 0) {
                    j = javaRun(seconds);
                    cr = cRun(baseline, seconds);
                } else {
                    cr = cRun(baseline, seconds);
                    j = javaRun(seconds);
                }
                double runQueue = load.take();
                double jp = j.stats().rttP50Micros();
                java.add(jp);
                c.add(cr[0]);
                ratios.add(jp / cr[0]);
                System.out.printf(Locale.ROOT, "%-6d %12.1f %12.1f %7.2fx %12.1f %12.1f %10.1f  %s%n", r + 1, jp,
                        cr[0], jp / cr[0], j.stats().rttP99Micros(), cr[1], runQueue, r % 2 == 0 ? "java, C" : "C, java");
            }
            double ratio = median(ratios);
            System.out.printf(Locale.ROOT, "median of rounds: java/C p50 %.2fx (goal <= 1.1x: %s), best round %.2fx; "
                    + "median p50 java %.1f us, C %.1f us%n", ratio, ratio <= 1.1 ? "met" : "NOT met",
                    Collections.min(ratios), median(java), median(c));
            System.out.println(load.after());
        }
        // The anchor only places the figures above; when it fails (a busy machine drops its connection) they stand.
        try {
            System.out.printf(Locale.ROOT, "anchor fi_pingpong -p tcp -e msg -S %d: RTT %.1f us (2 x usec/xfer)%n",
                    REQUEST, fiPingpong());
        } catch (IllegalStateException e) {
            System.out.println("anchor fi_pingpong failed, no anchor this run: " + e.getMessage().trim());
        }
        String guest = System.getProperty("pingpong.guest", System.getenv().getOrDefault("PINGPONG_GUEST", "true"));
        if (Boolean.parseBoolean(guest)) {
            GuestAnchors.run();
        }
        System.exit(0);
    }

    private static PingPongResult javaRun(int seconds) {
        PingPongConfig config = new PingPongConfig(new HostPort("127.0.0.1", freePort()), List.of(Transport.FABRIC),
                ByteSize.ofBytes(REQUEST), ByteSize.ofBytes(ACK), 1, 1, Duration.ofSeconds(seconds));
        try (PingPongService service = new PingPongService(config, Map.of(Transport.FABRIC,
                new FabricPlane("tcp", EndpointType.MSG)), AlarmSink.NONE)) {
            service.startResponder();
            PingPongResult r = service.run(Transport.FABRIC, config.listen());
            if (r.outcome() != PingPongResult.Outcome.OK) {
                throw new IllegalStateException("java ping-pong failed: " + r.summary());
            }
            return r;
        }
    }

    /** {p50, p99} in microseconds. */
    private static double[] cRun(Path baseline, int seconds) throws IOException, InterruptedException {
        String out = run(seconds + 30, baseline.toString(), Integer.toString(freePort()), Integer.toString(REQUEST),
                Integer.toString(ACK), Integer.toString(seconds));
        double p50 = -1;
        double p99 = -1;
        for (String field : out.trim().split("\\s+")) {
            if (field.startsWith("rtt_p50_us=")) {
                p50 = Double.parseDouble(field.substring(11));
            } else if (field.startsWith("rtt_p99_us=")) {
                p99 = Double.parseDouble(field.substring(11));
            } else if (field.startsWith("bad=") && !field.equals("bad=0")) {
                throw new IllegalStateException("the C baseline found bad messages: " + out);
            }
        }
        if (p50 < 0) {
            throw new IllegalStateException("C baseline printed no RTT: " + out);
        }
        return new double[] {p50, p99};
    }

    /** fi_pingpong's round trip at the same size: it reports half a round trip per "xfer". */
    private static double fiPingpong() throws IOException, InterruptedException {
        String port = Integer.toString(freePort());
        Process server = new ProcessBuilder("timeout", "60", "fi_pingpong", "-p", "tcp", "-e", "msg", "-B", port, "-I",
                "20000", "-S", Integer.toString(REQUEST)).redirectErrorStream(true).start();
        try {
            for (int attempt = 0; ; attempt++) {
                Thread.sleep(500);
                try {
                    String out = run(60, "fi_pingpong", "-p", "tcp", "-e", "msg", "-P", port, "-I", "20000", "-S",
                            Integer.toString(REQUEST), "127.0.0.1");
                    for (String line : out.split("\n")) {
                        String[] cols = line.trim().split("\\s+");
                        if (cols.length >= 7 && cols[0].equals("1k")) {
                            return 2 * Double.parseDouble(cols[6]);
                        }
                    }
                    throw new IllegalStateException("fi_pingpong printed no 1k line: " + out);
                } catch (IllegalStateException e) {
                    if (attempt >= 5 || !String.valueOf(e.getMessage()).contains("refused")) {
                        throw e;
                    }
                }
            }
        } finally {
            server.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    private static double median(List<Double> values) {
        return MachineLoad.median(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    private static Path compileBaseline() throws IOException, InterruptedException {
        Path source = Path.of(System.getProperty("bench.c.dir", "bench/src/main/c/pingpong"), "pingpong_baseline.c");
        if (!Files.isRegularFile(source)) {
            throw new IllegalStateException(source + " not found: run from the repository root or set -Dbench.c.dir");
        }
        Path binary = Files.createTempDirectory("fh-bench").resolve("pingpong_baseline");
        run(60, "cc", "-O2", "-Wall", "-Werror", "-msse4.2", "-o", binary.toString(), source.toString(), "-lfabric",
                "-lpthread");
        binary.toFile().deleteOnExit();
        binary.getParent().toFile().deleteOnExit();
        return binary;
    }

    static String run(long timeoutSeconds, String... command) throws IOException, InterruptedException {
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

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free port on 127.0.0.1", e);
        }
    }
}

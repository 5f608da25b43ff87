package io.fabrichealth.probes.bursts.guest;

import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.BurstPhase;
import io.fabrichealth.config.BurstSet;
import io.fabrichealth.config.BurstSuite;
import io.fabrichealth.config.BurstsConfig;
import io.fabrichealth.config.ByteSize;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.probes.bursts.BurstResult;
import io.fabrichealth.probes.bursts.BurstService;
import io.fabrichealth.probes.bursts.SuiteResult;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Runs in a guest: one side of the verbs bursts over Soft-RoCE, printing key=value lines for the test.
 *
 * <pre>
 * GuestBurstMain target    HOST:PORT CONTROL_PORT NETDEV   # a burst target on HOST:PORT
 * GuestBurstMain initiator HOST:PORT CONTROL_PORT NETDEV SELF   # the suite against the target at HOST:PORT
 * </pre>
 *
 * A plain TCP connection to CONTROL_PORT on the target's host is the rendezvous: the target accepts it
 * only once it listens for bursts, and ends when the initiator says "done" (or goes away), so neither
 * guest guesses with sleeps how long the other's JVM takes to start under TCG.
 */
public final class GuestBurstMain {
    /** The sets the acceptance names for the guest: gather writes, contiguous writes, reads. */
    static final List<String> SETS = List.of("get default", "put default", "put contiguous");
    static final String PROVIDER = "verbs";
    /*
     * At most WINDOW x SEGMENTS x SEGMENT_SIZE = 256 KiB in flight. The wire between two TCG guests drops
     * frames when a QEMU falls behind, and every retransmit stalls the RC queue pair, so reads can sink to
     * about 1 MB/s; what is in flight when the time budget ends must still drain within the engine's 3 s
     * allowance (with a 2 MiB window, one get of nine runs overran it, and with 512 KiB one CI run's get did).
     */
    static final ByteSize SEGMENT_SIZE = ByteSize.ofKiB(32);
    static final int SEGMENTS = 4;
    static final int WINDOW = 2;
    static final ByteSize MAX_BYTES = ByteSize.ofMiB(4);
    /*
     * The suite's budget is sized from the warm-ups, not from how fast TCG was on some other day: each set
     * aims at SET_SECONDS of the slower direction's measured rate (between MIN_BYTES and MAX_BYTES), and its
     * time budget is DURATION_FACTOR times what those bytes should take (between MIN_DURATION and
     * MAX_DURATION). So a set ends by its bytes, and what is in flight drains inside the time budget instead
     * of inside the engine's 3 s allowance past it.
     */
    static final ByteSize MIN_BYTES = ByteSize.ofMiB(1);
    static final double SET_SECONDS = 2.0;
    static final int DURATION_FACTOR = 5;
    static final Duration MIN_DURATION = Duration.ofSeconds(4);
    static final Duration MAX_DURATION = Duration.ofSeconds(20);
    /** Warm-up bursts before the suite: a fresh JVM under TCG runs its first burst at half speed (JIT). */
    static final ByteSize WARM_UP_BYTES = ByteSize.ofMiB(1);
    static final List<String> WARM_UP_SETS = List.of("put default", "get default");
    /** How long the target waits for the initiator's JVM to start and its suite to finish. */
    private static final Duration RENDEZVOUS = Duration.ofSeconds(150);

    private GuestBurstMain() {
    }

    /** The target's config: it grants up to the caps, and the initiator asks for what it measured. */
    /** {@code "put default"} and the like, as a suite. */
    static BurstSuite suite(List<String> tests) {
        List<BurstSet> get = new java.util.ArrayList<>();
        List<BurstSet> put = new java.util.ArrayList<>();
        for (String t : tests) {
            (phase(t) == BurstPhase.GET ? get : put).add(BurstSet.parse(t.split(" ", 2)[1]));
        }
        return new BurstSuite(get, put);
    }

    static BurstPhase phase(String test) {
        return BurstPhase.valueOf(test.split(" ", 2)[0].toUpperCase(Locale.ROOT));
    }

    static BurstsConfig config(HostPort listen) {
        return config(listen, MAX_BYTES, MAX_DURATION);
    }

    private static BurstsConfig config(HostPort listen, ByteSize maxBytes, Duration maxDuration) {
        return new BurstsConfig(listen, PROVIDER, EndpointType.MSG, suite(SETS), SEGMENT_SIZE, SEGMENTS, WINDOW, maxBytes,
                maxDuration, 2, Duration.ofMillis(10));
    }

    /**
     * The suite's bytes and time budget from the warm-ups' slowest rate (bytes per second); a warm-up that
     * moved nothing leaves the floor bytes and the cap on time.
     */
    static BurstsConfig sized(HostPort self, double slowestBytesPerSecond) {
        long payload = (long) SEGMENTS * SEGMENT_SIZE.bytes();
        if (!(slowestBytesPerSecond > 0)) {
            return config(self, MIN_BYTES, MAX_DURATION);
        }
        long want = (long) (slowestBytesPerSecond * SET_SECONDS);
        long bytes = Math.max(MIN_BYTES.bytes(), Math.min(MAX_BYTES.bytes(), want)) / payload * payload;
        long millis = (long) (bytes * 1e3 / slowestBytesPerSecond) * DURATION_FACTOR;
        long durationMillis = Math.max(MIN_DURATION.toMillis(), Math.min(MAX_DURATION.toMillis(), millis));
        return config(self, ByteSize.ofBytes(bytes), Duration.ofMillis(durationMillis));
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 4) {
            throw new IllegalArgumentException("usage: target HOST:PORT CONTROL_PORT NETDEV"
                    + " | initiator HOST:PORT CONTROL_PORT NETDEV SELF_ADDRESS");
        }
        HostPort address = HostPort.parse(args[1]);
        int control = Integer.parseInt(args[2]);
        String netdev = args[3];
        Map<String, Long> before = KernelCounters.read(netdev, "rxe0");
        Recorded alarms = new Recorded();
        int status = switch (args[0]) {
            case "target" -> target(address, control, alarms);
            case "initiator" -> initiator(address, control, new HostPort(args[4], address.port()), alarms);
            default -> throw new IllegalArgumentException("role must be target or initiator, not " + args[0]);
        };
        StringBuilder out = new StringBuilder();
        KernelCounters.delta(before, KernelCounters.read(netdev, "rxe0"))
                .forEach((k, v) -> out.append("counter.").append(k).append('=').append(v).append('\n'));
        out.append("alarms.raised=").append(alarms.raised.size()).append('\n');
        out.append("alarms.bad=").append(alarms.bad.size()).append('\n');
        alarms.raised.forEach(a -> out.append("alarm: ").append(a).append('\n'));
        alarms.bad.forEach(a -> out.append("bad observation: ").append(a).append('\n'));
        print(out);
        System.exit(status);
    }

    private static int target(HostPort listen, int control, Recorded alarms) throws IOException {
        try (BurstService service = new BurstService(config(listen), alarms);
                ServerSocket rendezvous = new ServerSocket()) {
            service.startTarget();
            rendezvous.bind(new InetSocketAddress(InetAddress.getByName(listen.host()), control));
            rendezvous.setSoTimeout((int) RENDEZVOUS.toMillis());
            print("target.readyMillis=" + ManagementFactory.getRuntimeMXBean().getUptime() + "\n");
            try (Socket initiator = rendezvous.accept()) {
                initiator.setSoTimeout((int) RENDEZVOUS.toMillis());
                String line = new BufferedReader(new InputStreamReader(initiator.getInputStream(),
                        StandardCharsets.US_ASCII)).readLine();
                print("target.heard=" + line + "\n");
                return "done".equals(line) ? 0 : 2;
            } catch (SocketTimeoutException e) {
                print("target.heard=nothing within " + RENDEZVOUS.toSeconds() + " s\n");
                return 3;
            }
        }
    }

    /** {@code self} only names this side to the target (the initiator's agent would listen there). */
    private static int initiator(HostPort target, int control, HostPort self, Recorded alarms) throws IOException {
        // The warm-ups end by their bytes: the time cap is only there so a dead target cannot hold them.
        double slowest = Double.MAX_VALUE;
        try (Socket rendezvous = connect(target.host(), control)) {
            try (BurstService warmUp = new BurstService(config(self, WARM_UP_BYTES, MAX_DURATION), alarms)) {
                print("initiator.targetReadyMillis=" + ManagementFactory.getRuntimeMXBean().getUptime() + "\n");
                for (String test : WARM_UP_SETS) {
                    BurstResult r = warmUp.runSet(target, phase(test), BurstSet.parse(test.split(" ", 2)[1]));
                    String w = "warmUp." + r.testName();
                    print(w + ".outcome=" + r.outcome().name() + "\n" + w + ".reason=" + oneLine(r.reason()) + "\n" + w
                            + ".bytes=" + r.bytes() + "\n" + w + ".nanos=" + r.duration().toNanos() + "\n");
                    long nanos = r.duration().toNanos();
                    slowest = Math.min(slowest, nanos > 0 ? r.bytes() * 1e9 / nanos : 0);
                }
            }
            return suite(target, self, slowest, rendezvous, alarms);
        }
    }

    private static int suite(HostPort target, HostPort self, double slowest, Socket rendezvous, Recorded alarms)
            throws IOException {
        BurstsConfig sized = sized(self, slowest);
        print("suite.maxBytes=" + sized.maxBytes().bytes() + "\nsuite.maxDurationMillis="
                + sized.maxDuration().toMillis() + "\n");
        try (BurstService service = new BurstService(sized, alarms)) {
            long start = System.nanoTime();
            SuiteResult suite = service.runSuite(target);
            long wall = System.nanoTime() - start;
            StringBuilder out = new StringBuilder(suite.table());
            out.append("suite.summary=").append(suite.summary()).append('\n');
            out.append("suite.wallMillis=").append(wall / 1_000_000).append('\n');
            for (BurstResult r : suite.results()) {
                String p = "set." + r.testName() + ".";
                out.append(p).append("outcome=").append(r.outcome().name()).append('\n');
                out.append(p).append("reason=").append(oneLine(r.reason())).append('\n');
                out.append(p).append("bytes=").append(r.bytes()).append('\n');
                out.append(p).append("ops=").append(r.ops()).append('\n');
                out.append(p).append("nanos=").append(r.duration().toNanos()).append('\n');
                r.facts().forEach((k, v) -> out.append(p).append("fact.").append(k).append('=').append(oneLine(v))
                        .append('\n'));
            }
            print(out);
            OutputStream done = rendezvous.getOutputStream();
            done.write("done\n".getBytes(StandardCharsets.US_ASCII));
            done.flush();
            return 0;
        }
    }

    /** Retries while the target's JVM starts; refused until its burst target listens. */
    private static Socket connect(String host, int port) throws IOException {
        long deadline = System.nanoTime() + RENDEZVOUS.toNanos();
        while (true) {
            Socket s = new Socket();
            try {
                s.connect(new InetSocketAddress(host, port), 1000);
                return s;
            } catch (IOException e) {
                s.close();
                if (System.nanoTime() > deadline) {
                    throw new IOException("the burst target's rendezvous " + host + ":" + port + " never accepted within "
                            + RENDEZVOUS.toSeconds() + " s; did its JVM start in the other guest?", e);
                }
                sleep(250);
            }
        }
    }

    private static String oneLine(String s) {
        return s.replace('\n', ' ');
    }

    private static void print(CharSequence s) {
        System.out.print(s);
        System.out.flush();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** What the burst engine reported to the alarm model on this side. */
    private static final class Recorded implements AlarmSink {
        final List<String> raised = new CopyOnWriteArrayList<>();
        final List<String> bad = new CopyOnWriteArrayList<>();

        @Override
        public void observe(AlarmKind kind, String subject, boolean isBad, String details) {
            if (isBad) {
                bad.add(kind + " " + subject + ": " + details);
            }
        }

        @Override
        public void raise(AlarmKind kind, String subject, String details) {
            raised.add(kind + " " + subject + ": " + details);
        }
    }
}

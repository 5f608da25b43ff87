package io.fabrichealth.bench.reads;

import io.fabrichealth.bench.BenchAgents;
import io.fabrichealth.bench.JitQuiet;
import io.fabrichealth.bench.MachineLoad;
import io.fabrichealth.cli.AgentClient;
import io.fabrichealth.cli.Home;
import io.fabrichealth.cli.payara.PayaraProcess;
import io.fabrichealth.testbed.SimulatedFabric;
import io.fabrichealth.testbed.Topologies;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.jolokia.json.JSONArray;
import org.jolokia.json.JSONObject;

/**
 * Reads of a 1,000-port fabric while the agent sweeps it (issue 15, "reads that stay fast"):
 * <ol>
 *   <li><b>Port read.</b> One Jolokia POST with one read per Port MBean of {@code Health}, {@code PortState} and
 *       {@code CounterDeltas}, as a poller of the whole fabric sends it. Reads go back to back while the agent
 *       sweeps every {@code -Dbench.every} (default 1s); a read counts as "during a sweep" when it overlaps a
 *       sweep's [LastFireTime, +LastDurationMillis], which the bench learns by reading the sweep's Schedule MBean
 *       between reads. Goal: p99 &lt;= 20 ms over at least 500 such reads.</li>
 *   <li><b>Everything read.</b> One POST reading every attribute of every {@code fabric.health} MBean.</li>
 * </ol>
 * Each is timed from the request to the last byte of the answer (not the bench's own parsing), after untimed reads
 * that warm Jolokia's path up (the Port read's until the agent's JIT has settled); each prints p50/p90/p99/max, the
 * answer's JSON bytes, the agent's CPU per read, and per round the agent's JIT time and the run queue; the load
 * average before and after.
 * <p>
 * Run: {@code mvn -B -q -pl bench exec:java@reads} ({@code -Dbench.tree=16x8x24} leaves x spines x HCAs per leaf,
 * {@code -Dbench.reads=500} port reads during sweeps, {@code -Dbench.rounds=5}, {@code -Dbench.allReads=100},
 * {@code -Dbench.agentJvm=} more flags for the agent's JVM, e.g. a JFR recording).
 */
public final class ReadsBench {
    private static final long TICKS_PER_SECOND = 100; // USER_HZ on Linux
    private static final String SWEEP = "fabric.health:type=Schedule,name=smp-sweep";
    private static final List<String> PORT_ATTRIBUTES = List.of("Health", "PortState", "CounterDeltas");

    public static void main(String[] args) throws Exception {
        Home home = new Home(Path.of(System.getProperty("bench.home", "..")).toAbsolutePath().normalize());
        String[] tree = System.getProperty("bench.tree", "16x8x24").split("x");
        String every = System.getProperty("bench.every", "1s");
        int wanted = Integer.getInteger("bench.reads", 500);
        int rounds = Integer.getInteger("bench.rounds", 5);
        int allReads = Integer.getInteger("bench.allReads", 100);
        Path work = Files.createTempDirectory("fh-reads-");
        try (MachineLoad load = MachineLoad.start()) {
            System.out.println(load.before());
            Path topo = Topologies.fatTree(Integer.parseInt(tree[0]), Integer.parseInt(tree[1]),
                    Integer.parseInt(tree[2]), work);
            try (SimulatedFabric fabric = SimulatedFabric.start(topo, true, work.resolve("fabric"));
                 PayaraProcess agent = start(home, work.resolve("agent"), fabric, topo, every)) {
                agent.awaitJolokiaOrRoot(Duration.ofSeconds(600), false); // Payara boots in minutes on a loaded machine
                String url = agent.baseUrl() + "/jolokia";
                AgentClient client = new AgentClient(url);
                List<String> ports = awaitPorts(client, Duration.ofSeconds(180));
                System.out.printf(Locale.ROOT, "fabric: fat tree %s, %d Port MBeans; agent on Payara Micro sweeping"
                        + " every %s%n", String.join("x", tree), ports.size(), every);
                String bulk = portRead(ports, PORT_ATTRIBUTES);
                portReads(agent, client, new BulkReader(url + "/", bulk), ports.size(), wanted, rounds, load);
                // Jolokia echoes each request in its answer unless told not to; a poller that matches answers by
                // position can drop the echo. Telegraf matches by the echo, so the agent keeps Jolokia's default.
                lean("Port read with ?includeRequest=false", agent,
                        new BulkReader(url + "/?includeRequest=false", bulk), ports.size(), load);
                // One read with an ObjectName pattern: Jolokia answers a map by name, one envelope for all ports.
                JSONObject pattern = AgentClient.newRequest("read", "fabric.health:type=Port,*");
                pattern.put("attribute", new JSONArray(PORT_ATTRIBUTES));
                lean("Port read as one pattern read (fabric.health:type=Port,*)", agent,
                        new BulkReader(url + "/", pattern.toJSONString()), ports.size(), load);
                // What the 22 counters of CounterDeltas cost, against the rest of each port's read.
                lean("Port read of Health and PortState only", agent,
                        new BulkReader(url + "/", portRead(ports, List.of("Health", "PortState"))), ports.size(), load);
                atRest(agent, client, new BulkReader(url + "/", bulk), load);
                allRead(agent, client, url, allReads, load);
            }
            System.out.println(load.after());
        } finally {
            BenchAgents.deleteTree(work);
        }
    }

    private static void portReads(PayaraProcess agent, AgentClient client, BulkReader reader, int mbeans, int wanted,
            int rounds, MachineLoad load) throws Exception {
        warmUntilJitQuiet(agent, reader);
        List<Double> all = new ArrayList<>();
        double[] p99s = new double[rounds];
        long sweepsSeen = 0;
        for (int round = 0; round < rounds; round++) {
            load.take();
            Sample c0 = Sample.of(agent.pid());
            long jit0 = JitQuiet.compilerTicks(agent.pid());
            Map<String, long[]> gc0 = collections(client);
            List<Double> during = new ArrayList<>();
            int total = 0;
            int perRound = (wanted + rounds - 1) / rounds;
            List<long[]> reads = new ArrayList<>(); // {startMillis, endMillis, nanos}
            List<long[]> sweeps = new ArrayList<>(); // {fired, ended}
            long deadline = System.nanoTime() + 600_000_000_000L;
            long nextPoll = 0;
            while (during.size() < perRound && System.nanoTime() < deadline) {
                long t0 = System.currentTimeMillis();
                long nanos = reader.read();
                reads.add(new long[] {t0, System.currentTimeMillis(), nanos});
                total++;
                if (System.nanoTime() > nextPoll) {
                    // A sweep lasts a few hundred ms and fires every bench.every: polling twice as often as it
                    // fires sees each one (its LastFireTime) before the next replaces it.
                    long[] s = lastSweep(client);
                    if (s != null && (sweeps.isEmpty() || sweeps.get(sweeps.size() - 1)[0] != s[0])) {
                        sweeps.add(s);
                    }
                    nextPoll = System.nanoTime() + 300_000_000L;
                    during.clear();
                    for (long[] r : reads) {
                        if (overlaps(r, sweeps)) {
                            during.add(r[2] / 1e6);
                        }
                    }
                }
            }
            double cpu = Sample.of(agent.pid()).minus(c0) * 1000.0 / TICKS_PER_SECOND / total;
            long jitMillis = (JitQuiet.compilerTicks(agent.pid()) - jit0) * 1000 / TICKS_PER_SECOND;
            sweepsSeen += sweeps.size();
            Collections.sort(during);
            p99s[round] = pct(during, 0.99);
            all.addAll(during);
            // The goal reads the reads that overlap a sweep; every read of the round shows the tail the rest met.
            List<Double> every = new ArrayList<>();
            for (long[] r : reads) {
                every.add(r[2] / 1e6);
            }
            Collections.sort(every);
            System.out.printf(Locale.ROOT, "  round %d: %d reads during %d sweeps: p50 %.1f ms, p99 %.1f ms, max %.1f"
                    + " ms; all %d reads: p99 %.1f ms, max %.1f ms; agent CPU %.1f ms per read, agent JIT %d ms, agent"
                    + " GC %s; %s%n", round + 1, during.size(), sweeps.size(), pct(during, 0.5), pct(during, 0.99),
                    during.isEmpty() ? Double.NaN : during.get(during.size() - 1), total, pct(every, 0.99),
                    every.get(every.size() - 1), cpu, jitMillis, collectionsSince(gc0, collections(client)),
                    load.takeLine());
        }
        Collections.sort(all);
        System.out.printf(Locale.ROOT, "Port read (one POST, %d reads of %s; answer %,d JSON bytes, %,d per port):%n",
                mbeans, String.join("+", PORT_ATTRIBUTES), reader.bytes, reader.bytes / Math.max(1, mbeans));
        System.out.printf(Locale.ROOT, "  during a sweep, %d reads over %d sweeps: p50 %.1f ms, p90 %.1f ms, p99 %.1f"
                + " ms (goal <= 20 ms), max %.1f ms; median of round p99s %.1f ms%n", all.size(), sweepsSeen,
                pct(all, 0.5), pct(all, 0.9), pct(all, 0.99), all.isEmpty() ? Double.NaN : all.get(all.size() - 1),
                MachineLoad.median(p99s));
    }

    /**
     * The Port read with the sweep paused: what one read costs the agent, without the sweeps' CPU in the count (the
     * figure to compare before and after a change on a busy machine, where latency says more about the neighbours).
     */
    private static void atRest(PayaraProcess agent, AgentClient client, BulkReader reader, MachineLoad load)
            throws Exception {
        exec(client, "pause");
        try {
            warm(reader);
            load.take();
            Sample c0 = Sample.of(agent.pid());
            List<Double> millis = new ArrayList<>();
            int reads = 300;
            for (int i = 0; i < reads; i++) {
                millis.add(reader.read() / 1e6);
            }
            double cpu = Sample.of(agent.pid()).minus(c0) * 1000.0 / TICKS_PER_SECOND / reads;
            Collections.sort(millis);
            System.out.printf(Locale.ROOT, "Port read at rest (sweep paused), %d reads: p50 %.1f ms, p99 %.1f ms;"
                    + " agent CPU %.2f ms per read; %s%n", reads, pct(millis, 0.5), pct(millis, 0.99), cpu,
                    load.takeLine());
        } finally {
            exec(client, "resume");
        }
    }

    private static void exec(AgentClient client, String operation) throws IOException {
        JSONObject exec = AgentClient.newRequest("exec", SWEEP);
        exec.put("operation", operation);
        client.request(exec, Duration.ofSeconds(10));
    }

    /** Another form of the Port read, back to back (sweeps going on meanwhile). */
    private static void lean(String what, PayaraProcess agent, BulkReader reader, int mbeans, MachineLoad load)
            throws Exception {
        warm(reader);
        load.take();
        Sample c0 = Sample.of(agent.pid());
        List<Double> millis = new ArrayList<>();
        int reads = 200;
        for (int i = 0; i < reads; i++) {
            millis.add(reader.read() / 1e6);
        }
        double cpu = Sample.of(agent.pid()).minus(c0) * 1000.0 / TICKS_PER_SECOND / reads;
        Collections.sort(millis);
        System.out.printf(Locale.ROOT, "%s (answer %,d JSON bytes, %,d per port):"
                + " %d reads, sweeps going on: p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms; agent CPU %.1f ms"
                + " per read; %s%n", what, reader.bytes, reader.bytes / Math.max(1, mbeans), reads, pct(millis, 0.5),
                pct(millis, 0.9), pct(millis, 0.99), millis.get(millis.size() - 1), cpu, load.takeLine());
    }

    /** The bulk read of every fabric.health MBean, all attributes, back to back (sweeps go on meanwhile). */
    private static void allRead(PayaraProcess agent, AgentClient client, String url, int reads, MachineLoad load)
            throws Exception {
        @SuppressWarnings("unchecked")
        List<String> names = (List<String>) client.request(AgentClient.newRequest("search", "fabric.health:*"),
                Duration.ofSeconds(10));
        JSONArray bulk = new JSONArray();
        for (String n : names) {
            bulk.add(AgentClient.newRequest("read", n));
        }
        BulkReader reader = new BulkReader(url + "/", bulk.toJSONString());
        warm(reader);
        load.take();
        Sample c0 = Sample.of(agent.pid());
        List<Double> millis = new ArrayList<>();
        for (int i = 0; i < reads; i++) {
            millis.add(reader.read() / 1e6);
        }
        double cpu = Sample.of(agent.pid()).minus(c0) * 1000.0 / TICKS_PER_SECOND / reads;
        Collections.sort(millis);
        System.out.printf(Locale.ROOT, "Read of every fabric.health MBean (one POST, %d MBeans, all attributes;"
                + " answer %,d JSON bytes):%n", names.size(), reader.bytes);
        System.out.printf(Locale.ROOT, "  %d reads, sweeps going on: p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f"
                + " ms; agent CPU %.1f ms per read; %s%n", reads, pct(millis, 0.5), pct(millis, 0.9),
                pct(millis, 0.99), millis.get(millis.size() - 1), cpu, load.takeLine());
    }

    /**
     * Reads and sweeps until the agent's JIT has settled, as the SMP and sweep benches wait for theirs: an agent
     * runs for days, while on Payara Micro its compiler threads spend minutes after boot on the read and sweep paths
     * (1.0 to 1.8 s of compiling per 10 s through the first minute, and bursts between quiet spells for minutes).
     * Settled means at most {@code -Dbench.jitQuietMillis} (default 300, 1% of a core) of compiler CPU over the last
     * 30 s; the wait gives up after {@code -Dbench.warmMinutes} (default 8) and says so.
     */
    private static void warmUntilJitQuiet(PayaraProcess agent, BulkReader reader) throws Exception {
        warm(reader);
        long quietMillis = Long.getLong("bench.jitQuietMillis", 300);
        long start = System.nanoTime();
        long deadline = start + Long.getLong("bench.warmMinutes", 8) * 60_000_000_000L;
        int reads = 0;
        while (true) {
            long ticks0 = JitQuiet.compilerTicks(agent.pid());
            long windowEnd = System.nanoTime() + 30_000_000_000L;
            while (System.nanoTime() < windowEnd) {
                reader.read();
                reads++;
            }
            long jitMillis = (JitQuiet.compilerTicks(agent.pid()) - ticks0) * 1000 / TICKS_PER_SECOND;
            System.out.printf(Locale.ROOT, "  warming up: %d reads in %d s, the agent's JIT used %d ms in the last"
                    + " 30 s%n", reads, (System.nanoTime() - start) / 1_000_000_000L, jitMillis);
            if (jitMillis <= quietMillis) {
                return;
            }
            if (System.nanoTime() > deadline) {
                System.out.println("  the agent's JIT did not settle within -Dbench.warmMinutes: measuring anyway");
                return;
            }
        }
    }

    /** Jolokia's read path is cold after boot (interpreted, first GCs); a poller reads all day long. */
    private static void warm(BulkReader reader) throws Exception {
        for (int i = 0; i < 200; i++) {
            reader.read();
        }
    }

    private static boolean overlaps(long[] read, List<long[]> sweeps) {
        for (long[] s : sweeps) {
            if (read[0] <= s[1] && read[1] >= s[0]) {
                return true;
            }
        }
        return false;
    }

    /** {fired, ended} of the last finished sweep, epoch ms; null before the first. */
    @SuppressWarnings("unchecked")
    private static long[] lastSweep(AgentClient client) throws IOException {
        JSONObject read = AgentClient.newRequest("read", SWEEP);
        read.put("attribute", new JSONArray(List.of("LastFireTime", "LastDurationMillis")));
        Map<String, Object> s = (Map<String, Object>) client.request(read, Duration.ofSeconds(10));
        String fired = (String) s.get("LastFireTime");
        if (fired == null || fired.isEmpty()) {
            return null;
        }
        long at = Instant.parse(fired).toEpochMilli();
        return new long[] {at, at + ((Number) s.get("LastDurationMillis")).longValue()};
    }

    /** The agent's collectors by name, {collections, milliseconds} so far: Serial's Copy (young), MarkSweepCompact. */
    @SuppressWarnings("unchecked")
    private static Map<String, long[]> collections(AgentClient client) throws IOException {
        JSONObject read = AgentClient.newRequest("read", "java.lang:type=GarbageCollector,*");
        read.put("attribute", new JSONArray(List.of("CollectionCount", "CollectionTime")));
        Map<String, Object> byName = (Map<String, Object>) client.request(read, Duration.ofSeconds(10));
        Map<String, long[]> out = new TreeMap<>();
        byName.forEach((name, v) -> {
            Map<String, Object> a = (Map<String, Object>) v;
            out.put(name.replaceAll(".*name=([^,]+).*", "$1"), new long[] {
                ((Number) a.get("CollectionCount")).longValue(), ((Number) a.get("CollectionTime")).longValue()});
        });
        return out;
    }

    /** "Copy 40 in 250 ms, MarkSweepCompact 1 in 140 ms": what each collector did between two samples. */
    private static String collectionsSince(Map<String, long[]> before, Map<String, long[]> after) {
        List<String> parts = new ArrayList<>();
        after.forEach((name, a) -> {
            long[] b = before.getOrDefault(name, new long[2]);
            parts.add(String.format(Locale.ROOT, "%s %d in %d ms", name, a[0] - b[0], a[1] - b[1]));
        });
        return String.join(", ", parts);
    }

    /** Every Port MBean, once the first sweep has registered them all (the count stops growing). */
    @SuppressWarnings("unchecked")
    private static List<String> awaitPorts(AgentClient client, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<String> last = List.of();
        while (System.nanoTime() < deadline) {
            List<String> now = (List<String>) client.request(AgentClient.newRequest("search",
                    "fabric.health:type=Port,*"), Duration.ofSeconds(10));
            if (!now.isEmpty() && now.size() == last.size()) {
                return now;
            }
            last = now;
            Thread.sleep(3000);
        }
        throw new IOException("the agent showed " + last.size() + " Port MBeans after " + timeout.toSeconds()
                + " s and still counting, or none: see its log");
    }

    private static String portRead(List<String> ports, List<String> attributes) {
        JSONArray bulk = new JSONArray();
        for (String n : ports) {
            JSONObject read = AgentClient.newRequest("read", n);
            read.put("attribute", new JSONArray(attributes));
            bulk.add(read);
        }
        return bulk.toJSONString();
    }

    private static PayaraProcess start(Home home, Path work, SimulatedFabric fabric, Path topo, String every)
            throws Exception {
        Files.createDirectories(work);
        int http = BenchAgents.freePort();
        Path config = BenchAgents.config(work, "bench-reads", http, """
                schedules:
                  - {name: smp-sweep, probe: smp-sweep, every: %s, jitter: 0%%}
                """.formatted(every));
        return PayaraProcess.start(new PayaraProcess.Spec(home.payaraJar(), home.war(), home.jniJar(), "127.0.0.1",
                http, config, fabric.clientEnv(Topologies.simHost(topo, null)), work.resolve("payara"),
                jvmArgs(work)));
    }

    /** The agent's JVM flags: a GC log, plus {@code -Dbench.agentJvm} (e.g. a JFR recording) when given. */
    private static List<String> jvmArgs(Path work) {
        List<String> args = new ArrayList<>(List.of("-Xlog:gc:file=" + work.resolve("gc.log") + ":uptime"));
        args.addAll(BenchAgents.flags("bench.agentJvm"));
        return args;
    }

    /** Times one bulk read to the last byte of the answer; checks the answer after the clock stops. */
    private static final class BulkReader {
        private final HttpClient http = HttpClient.newHttpClient();
        private final HttpRequest request;
        int bytes;

        BulkReader(String url, String bulk) {
            this.request = HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                    .timeout(Duration.ofSeconds(30)).POST(HttpRequest.BodyPublishers.ofString(bulk)).build();
        }

        long read() throws IOException, InterruptedException {
            long t = System.nanoTime();
            HttpResponse<byte[]> r = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            long nanos = System.nanoTime() - t;
            String body = new String(r.body(), StandardCharsets.UTF_8);
            if (r.statusCode() != 200 || body.contains("\"status\":4") || body.contains("\"status\":5")) {
                throw new IOException("bulk read failed: HTTP " + r.statusCode() + " " + body.substring(0,
                        Math.min(300, body.length())));
            }
            bytes = r.body().length;
            return nanos;
        }
    }

    /** utime+stime+cutime+cstime of a process, in ticks. */
    private record Sample(long ticks) {
        static Sample of(long pid) throws IOException {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return new Sample(Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13])
                    + Long.parseLong(f[14]));
        }

        long minus(Sample earlier) {
            return ticks - earlier.ticks;
        }
    }

    private static double pct(List<Double> sorted, double p) {
        return sorted.isEmpty() ? Double.NaN
                : sorted.get(Math.min(sorted.size() - 1, Math.max(0, (int) Math.ceil(p * sorted.size()) - 1)));
    }
}

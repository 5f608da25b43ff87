package io.fabrichealth.bench.overhead;

import io.fabrichealth.bench.BenchAgents;
import io.fabrichealth.cli.AgentClient;
import io.fabrichealth.cli.Home;
import io.fabrichealth.cli.payara.GridFlags;
import io.fabrichealth.cli.payara.PayaraProcess;
import io.fabrichealth.config.ConfigLoader;
import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.testbed.SimulatedFabric;
import io.fabrichealth.testbed.Topologies;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jolokia.json.JSONArray;
import org.jolokia.json.JSONObject;

/**
 * What the agent costs a host, on the bundled simulated fabric:
 * <ol>
 *   <li><b>CPU and RSS.</b> Payara Micro running the agent with the default schedules, against bare Payara Micro
 *       (an empty WAR) with the same JVM flags, side by side in the same window. Each is charged its own CPU ticks,
 *       including children it waited for (the cacheless burst runs in a short-lived child JVM). Nobody reads the
 *       agent during this window: what a reader costs is the reader's choice, and is measured next.</li>
 *   <li><b>Jolokia bulk reads.</b> One request reading every {@code fabric.health} MBean, as Telegraf or
 *       check_jmx4perl would, after 300 untimed reads that warm the read path up: its latency while an SMP sweep
 *       runs (a sweep is triggered with {@code runNow}, reads go back to back, and only reads that overlap the
 *       sweep's [LastFireTime, +LastDurationMillis] count), its latency when nothing runs, and the CPU one read
 *       costs the agent.</li>
 * </ol>
 * Latency is the HTTP round trip until the last byte of the answer, not the bench's own JSON parsing.
 * <p>
 * With {@code -Dbench.grid=true} both run with Payara's data grid on (issue 13's acceptance: the agent as a
 * one-member fleet costs the same budget over bare Payara with the grid on): each is a one-member grid of its own
 * (its own cluster name and free grid port, tcpip discovery of 127.0.0.1 only, the launcher's {@link GridFlags}),
 * and the agent runs with {@code fleet.enabled: true}. Without it both run with {@code --nohazelcast}, as a single
 * agent does.
 * <p>
 * Run: {@code mvn -B -q -pl bench exec:java@overhead} ({@code -Dbench.minutes=10}, default 10; the window starts
 * after a warm-up of two minutes, so boot and JIT are not charged to the agent; {@code -Dbench.sweeps=N} sweeps
 * for the latency phase, default 200).
 */
public final class OverheadBench {
    private static final long TICKS_PER_SECOND = 100; // USER_HZ on Linux
    private static final String SWEEP_SCHEDULE = "fabric.health:type=Schedule,name=smp-sweep";

    public static void main(String[] args) throws Exception {
        Home home = new Home(Path.of(System.getProperty("bench.home", "..")).toAbsolutePath().normalize());
        Duration window = Duration.ofMinutes(Long.getLong("bench.minutes", 10));
        Duration warmup = Duration.ofSeconds(Long.getLong("bench.warmupSeconds", 120));
        int sweeps = Integer.getInteger("bench.sweeps", 200);
        boolean grid = Boolean.getBoolean("bench.grid");
        Path work = Files.createTempDirectory("fh-overhead-");

        try (SimulatedFabric fabric = SimulatedFabric.start(Topologies.bundled(), true, work.resolve("fabric"));
             PayaraProcess bare = start(home, work.resolve("bare"), fabric, true, grid);
             PayaraProcess agent = start(home, work.resolve("agent"), fabric, false, grid)) {
            System.err.println("overhead: bare Payara Micro (empty WAR) and Payara Micro with the agent (default"
                    + " schedules), side by side, " + window.toMinutes() + " min after " + warmup.toSeconds()
                    + " s warm-up, data grid " + (grid ? "on (each a one-member grid of its own)" : "off"));
            bare.awaitJolokiaOrRoot(Duration.ofSeconds(180), true);
            agent.awaitJolokiaOrRoot(Duration.ofSeconds(180), false);
            Thread.sleep(warmup.toMillis());
            Sample b0 = Sample.of(bare.pid());
            Sample a0 = Sample.of(agent.pid());
            long start = System.nanoTime();
            long deadline = start + window.toNanos();
            long bareRss = 0;
            long agentRss = 0;
            long nextProgress = start + 60_000_000_000L;
            while (System.nanoTime() < deadline) {
                bareRss = Math.max(bareRss, BenchAgents.rssKiB(bare.pid()));
                agentRss = Math.max(agentRss, BenchAgents.rssKiB(agent.pid()));
                if (System.nanoTime() > nextProgress) {
                    System.err.printf("overhead: %d of %d min%n", (System.nanoTime() - start) / 60_000_000_000L,
                            window.toMinutes());
                    nextProgress += 60_000_000_000L;
                }
                Thread.sleep(1000);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            double bareCpu = Sample.of(bare.pid()).minus(b0) / (double) TICKS_PER_SECOND / seconds * 100;
            double agentCpu = Sample.of(agent.pid()).minus(a0) / (double) TICKS_PER_SECOND / seconds * 100;
            System.out.println("data grid: " + (grid ? "on, each a one-member grid (agent: fleet.enabled true); "
                    + gridState(bare) + "; " + gridState(agent) : "off (--nohazelcast)"));
            System.out.printf("bare Payara: %.2f%% of one core, RSS %d MiB (max)%n", bareCpu, bareRss / 1024);
            System.out.printf("with agent:  %.2f%% of one core, RSS %d MiB (max)%n", agentCpu, agentRss / 1024);
            System.out.printf("agent cost:  %.2f%% of one core (goal <= 1%%), %d MiB RSS (goal <= 64 MiB)%n",
                    agentCpu - bareCpu, (agentRss - bareRss) / 1024);
            bare.close();
            readLatency(agent, sweeps);
            longPauses(work.resolve("agent/gc.log"));
        } finally {
            BenchAgents.deleteTree(work);
        }
    }

    /** GC pauses of 10 ms or more in the agent's GC log: the usual suspects for a slow read. */
    private static void longPauses(Path gcLog) throws IOException {
        java.util.regex.Pattern pause = java.util.regex.Pattern.compile("Pause .* ([0-9.]+)ms$");
        List<String> longOnes = new ArrayList<>();
        for (String line : Files.readAllLines(gcLog)) {
            java.util.regex.Matcher m = pause.matcher(line);
            if (m.find() && Double.parseDouble(m.group(1)) >= 10) {
                longOnes.add(line.trim());
            }
        }
        System.out.println("agent GC pauses >= 10 ms over the whole run: " + longOnes.size());
        longOnes.stream().limit(10).forEach(l -> System.out.println("  " + l));
    }

    /** utime+stime+cutime+cstime of a process, in ticks. */
    record Sample(long ticks) {
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

    private static PayaraProcess start(Home home, Path work, SimulatedFabric fabric, boolean bare, boolean grid)
            throws Exception {
        Files.createDirectories(work);
        int http = BenchAgents.freePort();
        String yaml = "";
        if (grid) {
            // A grid of one: its own cluster name and port, and the only member it looks for is itself.
            int gridPort = BenchAgents.freePort();
            yaml = """
                    fleet:
                      enabled: true
                      name: fh-overhead-%s
                      discovery: {mode: tcpip, members: [127.0.0.1:%d]}
                      interfaces: [127.0.0.1]
                      port: %d
                    """.formatted(UUID.randomUUID(), gridPort, gridPort);
        }
        Path config = BenchAgents.config(work, "bench-" + (bare ? "bare" : "agent"), http, yaml);
        // The launcher's own mapping of fleet: to Payara's flags; the bare server gets the same flags from its file
        // (its empty WAR never reads it).
        FabricHealthConfig c = ConfigLoader.load(config);
        List<String> jvm = new ArrayList<>(List.of("-Xlog:gc:file=" + work.resolve("gc.log") + ":uptime"));
        jvm.addAll(GridFlags.jvm(c.fleet()));
        Path war = bare ? BenchAgents.emptyWar(work) : home.war();
        return PayaraProcess.start(new PayaraProcess.Spec(home.payaraJar(), war, home.jniJar(),
                "127.0.0.1", http, config, fabric.clientEnv(null), work.resolve("payara"), jvm,
                GridFlags.payara(c.fleet(), c.agent().name())));
    }

    /**
     * What Payara's data grid status lines in the log say: the grid ran, and alone. Printed with the figures, so a
     * grid that never started (or two that merged) shows next to what it would have falsified.
     */
    private static String gridState(PayaraProcess p) throws IOException {
        String log = Files.readString(p.log());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("DG Name: (\\S+) DG Size: (\\d+)").matcher(log);
        java.util.Set<String> seen = new java.util.TreeSet<>();
        while (m.find()) {
            seen.add(m.group(1) + " size " + m.group(2));
        }
        return seen.isEmpty() ? "NO DATA GRID in " + p.log() : String.join(", ", seen);
    }

    /** The bulk read's latency during sweeps and at rest, and its CPU cost to the agent. */
    private static void readLatency(PayaraProcess agent, int sweeps) throws Exception {
        String url = agent.baseUrl() + "/jolokia";
        AgentClient client = new AgentClient(url);
        String bulk = bulkRead(client);
        BulkReader reader = new BulkReader(url, bulk);
        // Nobody read the agent during the CPU window, so Jolokia's read path is still cold (interpreted, and the
        // first young GCs in many minutes). A poller reads all day long: warm the path up before timing it.
        for (int i = 0; i < 300; i++) {
            reader.read();
        }
        List<Double> during = new ArrayList<>();
        long overlapsPerSweep = 0;
        for (int i = 0; i < sweeps; i++) {
            long runs = ((Number) client.request(attr(SWEEP_SCHEDULE, "Runs"), Duration.ofSeconds(10))).longValue();
            List<long[]> reads = new ArrayList<>(); // {startMillis, endMillis, nanos}
            JSONObject runNow = AgentClient.newRequest("exec", SWEEP_SCHEDULE);
            runNow.put("operation", "runNow");
            client.request(runNow, Duration.ofSeconds(10));
            long until = System.nanoTime() + 300_000_000L;
            while (System.nanoTime() < until) {
                long t0 = System.currentTimeMillis();
                long nanos = reader.read();
                reads.add(new long[] {t0, System.currentTimeMillis(), nanos});
            }
            Map<String, Object> s = sweepRun(client);
            if (((Number) s.get("Runs")).longValue() != runs + 1) {
                continue; // the scheduled run fired too, or the triggered one had not ended: no clean interval
            }
            long fired = Instant.parse((String) s.get("LastFireTime")).toEpochMilli();
            long ended = fired + ((Number) s.get("LastDurationMillis")).longValue();
            for (long[] r : reads) {
                if (r[0] <= ended && r[1] >= fired) {
                    during.add(r[2] / 1e6);
                    overlapsPerSweep++;
                }
            }
            if ((i + 1) % 50 == 0) {
                System.err.printf("overhead: %d of %d sweeps with reads%n", i + 1, sweeps);
            }
        }
        List<Double> idle = new ArrayList<>();
        Sample c0 = Sample.of(agent.pid());
        int idleReads = 500;
        for (int i = 0; i < idleReads; i++) {
            idle.add(reader.read() / 1e6);
        }
        double cpuMillisPerRead = Sample.of(agent.pid()).minus(c0) * 1000.0 / TICKS_PER_SECOND / idleReads;
        System.out.printf("Jolokia bulk read of every fabric.health MBean (%d MBeans, %d bytes):%n", reader.mbeans,
                reader.bytes);
        print("  while a sweep runs", during);
        print("  at rest", idle);
        System.out.printf("  CPU per bulk read: %.2f ms (one read every 10 s costs %.3f%% of one core)%n",
                cpuMillisPerRead, cpuMillisPerRead / 10_000 * 100);
    }

    private static void print(String what, List<Double> millis) {
        if (millis.isEmpty()) {
            System.out.println(what + ": no reads overlapped a sweep; raise -Dbench.sweeps");
            return;
        }
        Collections.sort(millis);
        System.out.printf("%s, %d reads: p50 %.1f ms, p99 %.1f ms (goal <= 20 ms), max %.1f ms%n", what,
                millis.size(), pct(millis, 0.50), pct(millis, 0.99), millis.get(millis.size() - 1));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> sweepRun(AgentClient client) throws IOException {
        JSONObject read = AgentClient.newRequest("read", SWEEP_SCHEDULE);
        read.put("attribute", new JSONArray(List.of("Runs", "LastFireTime", "LastDurationMillis")));
        return (Map<String, Object>) client.request(read, Duration.ofSeconds(10));
    }

    private static JSONObject attr(String mbean, String attribute) {
        JSONObject read = AgentClient.newRequest("read", mbean);
        read.put("attribute", attribute);
        return read;
    }

    /** Times one bulk read to the last byte of the answer; checks the answer after the clock stops. */
    private static final class BulkReader {
        private final HttpClient http = HttpClient.newHttpClient();
        private final HttpRequest request;
        final int mbeans;
        int bytes;

        BulkReader(String url, String bulk) {
            this.request = HttpRequest.newBuilder(URI.create(url + "/")).header("Content-Type", "application/json")
                    .timeout(Duration.ofSeconds(10)).POST(HttpRequest.BodyPublishers.ofString(bulk)).build();
            this.mbeans = bulk.split("\"type\"").length - 1;
        }

        long read() throws IOException, InterruptedException {
            long t = System.nanoTime();
            HttpResponse<byte[]> r = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            long nanos = System.nanoTime() - t;
            String body = new String(r.body(), java.nio.charset.StandardCharsets.UTF_8);
            if (r.statusCode() != 200 || body.contains("\"status\":4") || body.contains("\"status\":5")) {
                throw new IOException("bulk read failed: HTTP " + r.statusCode() + " " + body.substring(0,
                        Math.min(300, body.length())));
            }
            bytes = r.body().length;
            return nanos;
        }
    }

    /** One Jolokia request listing a read of every fabric.health MBean, as a monitoring system would poll. */
    @SuppressWarnings("unchecked")
    private static String bulkRead(AgentClient client) throws IOException {
        List<String> names = (List<String>) client.request(AgentClient.newRequest("search", "fabric.health:*"),
                Duration.ofSeconds(10));
        JSONArray bulk = new JSONArray();
        for (String n : names) {
            bulk.add(AgentClient.newRequest("read", n));
        }
        return bulk.toJSONString();
    }

    private static double pct(List<Double> sorted, double p) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p * sorted.size()) - 1));
    }

}

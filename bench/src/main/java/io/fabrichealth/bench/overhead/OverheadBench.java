package io.fabrichealth.bench.overhead;

import io.fabrichealth.testbed.SimulatedFabric;
import io.fabrichealth.testbed.Topologies;
import io.fabrichealth.testbed.launch.AgentClient;
import io.fabrichealth.testbed.launch.Home;
import io.fabrichealth.testbed.launch.PayaraProcess;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What the agent costs a host: CPU (percent of one core) and RSS of Payara Micro running the agent with the
 * default schedules on the bundled simulated fabric, against bare Payara Micro with the same JVM flags, over the
 * same window; and the latency of one Jolokia bulk read of every fabric.health MBean while sweeps run.
 * <p>
 * Run: {@code mvn -B -q -pl bench exec:java@overhead} ({@code -Dbench.minutes=10}, default 10; the window starts
 * after a warm-up of two minutes, so boot and JIT are not charged to the agent).
 */
public final class OverheadBench {
    private static final long TICKS_PER_SECOND = 100; // USER_HZ on Linux

    public static void main(String[] args) throws Exception {
        Home home = new Home(Path.of(System.getProperty("bench.home", "..")).toAbsolutePath().normalize());
        Duration window = Duration.ofMinutes(Long.getLong("bench.minutes", 10));
        Duration warmup = Duration.ofSeconds(Long.getLong("bench.warmupSeconds", 120));
        Path work = Files.createTempDirectory("fh-overhead-");

        Sample bare;
        Sample agent;
        List<Double> bulkMillis;
        try (SimulatedFabric fabric = SimulatedFabric.start(Topologies.bundled(), true, work.resolve("fabric"))) {
            // Both run in the same window, so they see the same machine; each is charged only its own CPU ticks.
            System.err.println("overhead: bare Payara Micro (empty WAR) and Payara Micro with the agent (default"
                    + " schedules), side by side, " + window.toMinutes() + " min after " + warmup.toSeconds() + " s warm-up");
            bulkMillis = Collections.synchronizedList(new ArrayList<>());
            List<Double> latencies = bulkMillis;
            java.util.concurrent.CompletableFuture<Sample> bareRun = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return measure(home, work.resolve("bare"), fabric, true, warmup, window, null);
                } catch (Exception e) {
                    throw new IllegalStateException("bare Payara: " + e.getMessage(), e);
                }
            });
            agent = measure(home, work.resolve("agent"), fabric, false, warmup, window, latencies);
            bare = bareRun.join();
        }
        double cpuDelta = agent.cpuPercent() - bare.cpuPercent();
        long rssDelta = agent.rssMiB() - bare.rssMiB();
        System.out.printf("bare Payara: %.2f%% of one core, RSS %d MiB%n", bare.cpuPercent(), bare.rssMiB());
        System.out.printf("with agent:  %.2f%% of one core, RSS %d MiB%n", agent.cpuPercent(), agent.rssMiB());
        System.out.printf("agent cost:  %.2f%% of one core (goal <= 1%%), %d MiB RSS (goal <= 64 MiB)%n", cpuDelta, rssDelta);
        Collections.sort(bulkMillis);
        if (!bulkMillis.isEmpty()) {
            System.out.printf("Jolokia bulk read of every fabric.health MBean, %d reads: p50 %.1f ms, p99 %.1f ms (goal <= 20 ms), max %.1f ms%n",
                    bulkMillis.size(), pct(bulkMillis, 0.50), pct(bulkMillis, 0.99), bulkMillis.get(bulkMillis.size() - 1));
        }
    }

    record Sample(double cpuPercent, long rssMiB) {
    }

    private static Sample measure(Home home, Path work, SimulatedFabric fabric, boolean bare, Duration warmup,
                                  Duration window, List<Double> bulkMillis) throws Exception {
        Files.createDirectories(work);
        int http = freePort();
        Path config = work.resolve("agent.yaml");
        Files.writeString(config, """
                agent:
                  stateDir: %s
                http:
                  port: %d
                jmx:
                  enabled: false
                bursts:
                  listen: 127.0.0.1:%d
                pingpong:
                  listen: 127.0.0.1:%d
                """.formatted(work.resolve("state"), http, freePort(), freePort()));
        Path war = bare ? emptyWar(work) : home.war();
        try (PayaraProcess p = PayaraProcess.start(new PayaraProcess.Spec(home.payaraJar(), war, home.jniJar(),
                "127.0.0.1", http, config, fabric.clientEnv(null), work.resolve("payara"), List.of()))) {
            p.awaitJolokiaOrRoot(Duration.ofSeconds(180), bare);
            Thread.sleep(warmup.toMillis());
            long cpu0 = cpuTicks(p.pid());
            long start = System.nanoTime();
            long deadline = start + window.toNanos();
            long rssMax = 0;
            AgentClient client = new AgentClient("http://127.0.0.1:" + http + "/jolokia");
            String bulk = bare ? null : bulkRead(client);
            while (System.nanoTime() < deadline) {
                rssMax = Math.max(rssMax, rssKiB(p.pid()));
                if (bulk != null) {
                    long t = System.nanoTime();
                    client.request(bulk, Duration.ofSeconds(10));
                    bulkMillis.add((System.nanoTime() - t) / 1e6);
                }
                Thread.sleep(1000);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            double cpu = (cpuTicks(p.pid()) - cpu0) / (double) TICKS_PER_SECOND / seconds * 100;
            return new Sample(cpu, rssMax / 1024);
        }
    }

    /** One Jolokia request listing a read of every fabric.health MBean, as a monitoring system would poll. */
    @SuppressWarnings("unchecked")
    private static String bulkRead(AgentClient client) throws IOException {
        List<String> names = (List<String>) client.request("{\"type\":\"search\",\"mbean\":\"fabric.health:*\"}",
                Duration.ofSeconds(10));
        StringBuilder sb = new StringBuilder("[");
        for (String n : names) {
            sb.append(sb.length() > 1 ? "," : "").append("{\"type\":\"read\",\"mbean\":").append(AgentClient.quote(n)).append('}');
        }
        return sb.append(']').toString();
    }

    /** A WAR with nothing in it: Payara boots the same way, serves nothing of ours. */
    private static Path emptyWar(Path work) throws IOException {
        Path war = work.resolve("empty.war");
        try (var out = new java.util.zip.ZipOutputStream(Files.newOutputStream(war))) {
            out.putNextEntry(new java.util.zip.ZipEntry("index.html"));
            out.write("bare".getBytes());
            out.closeEntry();
        }
        return war;
    }

    private static long cpuTicks(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime + stime
    }

    private static long rssKiB(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("\\D", ""));
            }
        }
        return 0;
    }

    private static double pct(List<Double> sorted, double p) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p * sorted.size()) - 1));
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

}

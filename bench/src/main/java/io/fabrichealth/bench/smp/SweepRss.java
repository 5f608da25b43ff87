package io.fabrichealth.bench.smp;

import io.fabrichealth.bench.BenchAgents;
import io.fabrichealth.cli.AgentClient;
import io.fabrichealth.cli.Home;
import io.fabrichealth.cli.payara.PayaraProcess;
import io.fabrichealth.testbed.SimulatedFabric;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.jolokia.json.JSONArray;
import org.jolokia.json.JSONObject;

/**
 * The agent's memory on a big fabric: Payara Micro with the agent, sweeping it every 30 s (the default schedule, or
 * {@code -Dsweep.rssEvery}),
 * against bare Payara Micro (an empty WAR) started the same way, both ibsim clients. RSS is the maximum over the
 * window, sampled every second, once the agent has swept every port; then the agent's heap by class (jcmd
 * GC.class_histogram), which says what holds the memory. With {@code -Dsweep.rssPollSeconds=10}, a poller reads
 * every Port MBean's Health, PortState and CounterDeltas in one POST that often through the window, as Telegraf's
 * jolokia2 input does, so that what the agent keeps for its pollers counts too.
 */
final class SweepRss {
    private static final String SMP_PROBE = "fabric.health:type=SmpProbe";
    /** More JVM flags for both Payaras, e.g. {@code -Dsweep.rssJvm=-XX:NativeMemoryTracking=summary}. */
    private static final List<String> JVM_ARGS = BenchAgents.flags("sweep.rssJvm");
    private static final int POLL_SECONDS = Integer.getInteger("sweep.rssPollSeconds", 0);
    /** A file for the agent's heap dump at the end ({@code jcmd GC.heap_dump}), to see who holds what. */
    private static final String HEAP_DUMP = System.getProperty("sweep.rssHeapDump", "");

    private SweepRss() {
    }

    static void run(SimulatedFabric fabric, String host, int ports, Path work, Duration window) throws Exception {
        Home home = new Home(Path.of(System.getProperty("bench.home", "..")).toAbsolutePath().normalize());
        try (PayaraProcess bare = start(home, work.resolve("bare"), fabric, host, true);
                PayaraProcess agent = start(home, work.resolve("agent"), fabric, host, false)) {
            bare.awaitJolokiaOrRoot(Duration.ofSeconds(600), true);
            agent.awaitJolokiaOrRoot(Duration.ofSeconds(600), false);
            AgentClient client = new AgentClient(agent.baseUrl() + "/jolokia");
            long deadline = System.nanoTime() + Duration.ofMinutes(10).toNanos();
            while (portsSeen(client) < ports) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the agent did not sweep " + ports + " ports within 10 min; "
                            + "PortsSeen " + portsSeen(client) + "; its log: " + agent.log());
                }
                Thread.sleep(1000);
            }
            long sweeps0 = ((Number) read(client, "Sweeps")).longValue();
            Poller poller = POLL_SECONDS > 0 ? new Poller(agent.baseUrl() + "/jolokia/", client) : null;
            long bareRss = 0;
            long agentRss = 0;
            long end = System.nanoTime() + window.toNanos();
            long nextPoll = System.nanoTime();
            while (System.nanoTime() < end) {
                if (poller != null && System.nanoTime() >= nextPoll) {
                    poller.poll();
                    nextPoll += TimeUnit.SECONDS.toNanos(POLL_SECONDS);
                }
                bareRss = Math.max(bareRss, BenchAgents.rssKiB(bare.pid()));
                agentRss = Math.max(agentRss, BenchAgents.rssKiB(agent.pid()));
                Thread.sleep(1000);
            }
            long sweeps = ((Number) read(client, "Sweeps")).longValue() - sweeps0;
            if (poller != null) {
                System.out.println(poller.summary());
            }
            System.out.printf("RSS over %d s (%d sweeps of %d ports, mode %s): bare Payara %d MiB, with agent %d MiB:"
                    + " agent %d MiB over bare (goal <= 128 MiB)%n", window.toSeconds(), sweeps, portsSeen(client),
                    read(client, "Mode"), bareRss / 1024, agentRss / 1024, (agentRss - bareRss) / 1024);
            System.out.println("agent heap by class (jcmd GC.class_histogram, top 20):");
            System.out.println(jcmd(agent.pid(), "GC.class_histogram", 20));
            if (!HEAP_DUMP.isEmpty()) {
                System.out.println(jcmd(agent.pid(), "GC.heap_dump " + Path.of(HEAP_DUMP).toAbsolutePath(), 5));
            }
            for (PayaraProcess p : List.of(bare, agent)) {
                String who = p == bare ? "bare Payara" : "agent";
                System.out.println(who + " heap (jcmd GC.heap_info):");
                System.out.println(jcmd(p.pid(), "GC.heap_info", 12));
                if (JVM_ARGS.contains("-XX:NativeMemoryTracking=summary")) {
                    System.out.println(who + " memory by JVM area (jcmd VM.native_memory summary):");
                    System.out.println(jcmd(p.pid(), "VM.native_memory summary", 80));
                }
            }
        }
    }

    private static PayaraProcess start(Home home, Path work, SimulatedFabric fabric, String host, boolean bare)
            throws Exception {
        Files.createDirectories(work);
        int http = BenchAgents.freePort();
        // -Dsweep.rssEvery=6s sweeps faster than the default 30 s, so a window can fill every ring the agent keeps
        // (a Port's History holds 60 sweeps): what grows with time shows in minutes, not in half an hour.
        String every = System.getProperty("sweep.rssEvery", "");
        Path config = BenchAgents.config(work, "sweep-rss-" + (bare ? "bare" : "agent"), http, every.isEmpty() ? ""
                : "schedules:\n  - name: smp-sweep\n    probe: smp-sweep\n    every: " + every + "\n");
        Path war = bare ? BenchAgents.emptyWar(work) : home.war();
        return PayaraProcess.start(new PayaraProcess.Spec(home.payaraJar(), war, home.jniJar(), "127.0.0.1", http,
                config, fabric.clientEnv(host), work.resolve("payara"), JVM_ARGS));
    }

    /**
     * A bulk read of every Port MBean, as a poller sends it each time. The names are searched before each read, since
     * the agent registers a sweep's MBeans after PortsSeen counts its ports; the body changes only when they do.
     */
    private static final class Poller {
        private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        private final String url;
        private final AgentClient client;
        private final List<Double> millis = new ArrayList<>();
        private List<String> names;
        private HttpRequest request;
        private long bytes;

        Poller(String url, AgentClient client) {
            this.url = url;
            this.client = client;
        }

        @SuppressWarnings("unchecked")
        void poll() throws IOException, InterruptedException {
            List<String> now = (List<String>) client.request(AgentClient.newRequest("search",
                    "fabric.health:type=Port,*"), Duration.ofSeconds(60));
            if (!now.equals(names)) {
                JSONArray bulk = new JSONArray();
                for (String name : now) {
                    JSONObject read = AgentClient.newRequest("read", name);
                    read.put("attribute", new JSONArray(List.of("Health", "PortState", "CounterDeltas")));
                    bulk.add(read);
                }
                names = now;
                request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(bulk.toJSONString())).build();
            }
            long t0 = System.nanoTime();
            HttpResponse<byte[]> answer = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            if (answer.statusCode() != 200) {
                throw new IOException("the poller's bulk read answered HTTP " + answer.statusCode()
                        + "; see the agent's log");
            }
            millis.add((System.nanoTime() - t0) / 1e6);
            bytes = answer.body().length;
        }

        String summary() {
            List<Double> sorted = millis.stream().sorted().toList();
            return String.format(Locale.ROOT, "poller: %d bulk reads, the last of %d Port MBeans (%,d JSON bytes), "
                    + "one every %d s: p50 %.0f ms, max %.0f ms", sorted.size(), names.size(), bytes, POLL_SECONDS,
                    sorted.get(sorted.size() / 2), sorted.get(sorted.size() - 1));
        }
    }

    private static int portsSeen(AgentClient client) throws IOException {
        Object v = read(client, "PortsSeen");
        return v == null ? 0 : ((Number) v).intValue();
    }

    private static Object read(AgentClient client, String attribute) throws IOException {
        JSONObject req = AgentClient.newRequest("read", SMP_PROBE);
        req.put("attribute", attribute);
        return client.request(req, Duration.ofSeconds(30));
    }

    private static String jcmd(long pid, String command, int top) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "jcmd")
                .toString(), Long.toString(pid)));
        cmd.addAll(List.of(command.split(" ")));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            return "jcmd failed: " + out;
        }
        return String.join("\n", out.lines().limit(top + 3).toList());
    }
}

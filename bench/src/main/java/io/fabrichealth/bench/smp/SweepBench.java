package io.fabrichealth.bench.smp;

import io.fabrichealth.bench.BenchAgents;
import io.fabrichealth.bench.MachineLoad;
import io.fabrichealth.testbed.SimLimits;
import io.fabrichealth.testbed.SimulatedFabric;
import io.fabrichealth.testbed.ThreeTierFatTree;
import io.fabrichealth.testbed.ToolResult;
import io.fabrichealth.testbed.Topologies;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The sweep at the size operators run: on a three-tier fat tree of at least 10,000 ports (ibsim + opensm), a full
 * sweep by the agent's probe (NodeInfo, PortInfo and counters of every port; {@link SweepLoop} in one warm JVM)
 * against {@code ibnetdiscover} plus {@code ibqueryerrors} on the same ibsim, alternating, median of the rounds;
 * then the MADs of the full sweep and of steady-state sweeps. Beside each round: the run queue, and the CPU ibsim
 * spent, since the single-threaded simulator is what limits every client here.
 *
 * <p>Run: {@code mvn -B -q -pl bench exec:exec@sweep} (after installing the modules). Options, as JVM properties of
 * the bench: {@code -Dsweep.rounds=N} (default 5), {@code -Dsweep.warmup=N} full sweeps before them (default 4,
 * then more, up to {@code -Dsweep.warmupMax} (default 40), until one runs with the JIT's compiler threads idle),
 * {@code -Dsweep.tree=PxLxAxCxH} three-tier tree (pods, leaves and aggregation switches per pod, core switches per
 * group, HCAs per leaf; default 16x8x4x8x32: 10,240 ports) or
 * {@code LxSxH} for the two-tier tree of the SMP bench (16x8x24: 1,024 ports).
 *
 * <p>With {@code -Dsweep.rss=true} it measures memory instead ({@link SweepRss}): the agent on Payara Micro sweeping
 * the fabric against bare Payara Micro, over {@code -Dsweep.rssSeconds} (default 120):
 * {@code mvn -B -q -pl bench exec:exec@sweep-rss}.
 */
public final class SweepBench {
    private static final Pattern FIELD = Pattern.compile("(\\w+)=([^ ]+)");
    private static final long TICKS_PER_SECOND = 100; // USER_HZ

    private SweepBench() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = Integer.getInteger("sweep.rounds", 5);
        String[] tree = System.getProperty("sweep.tree", "16x8x4x8x32").split("x");
        Path work = Files.createTempDirectory("fh-sweep-bench-");
        try (MachineLoad load = MachineLoad.start()) {
            System.out.println(load.before());
            Path topo;
            String host;
            int ports;
            if (tree.length == 5) {
                int[] t = Arrays.stream(tree).mapToInt(Integer::parseInt).toArray();
                ThreeTierFatTree fat = new ThreeTierFatTree(t[0], t[1], t[2], t[3], t[4]);
                topo = Topologies.threeTierFatTree(fat, work);
                host = ThreeTierFatTree.host(1, 1, 1);
                ports = fat.connectedPorts();
                System.out.printf(Locale.ROOT, "fabric: three-tier fat tree %s: %d switches, %d HCAs, %d connected "
                        + "ports%n", String.join("x", tree), fat.switches(), fat.hcas(), fat.connectedPorts());
            } else {
                topo = Topologies.fatTree(Integer.parseInt(tree[0]), Integer.parseInt(tree[1]),
                        Integer.parseInt(tree[2]), work);
                host = "node01-01";
                ports = 2 * Integer.parseInt(tree[0]) * (Integer.parseInt(tree[1]) + Integer.parseInt(tree[2]));
                System.out.printf(Locale.ROOT, "fabric: two-tier fat tree %s%n", String.join("x", tree));
            }
            System.out.println("ibsim limits: " + SimLimits.of(topo) + " flags " + SimLimits.of(topo).flags());
            long t0 = System.nanoTime();
            try (SimulatedFabric fabric = SimulatedFabric.start(topo, true, work.resolve("fabric"))) {
                System.out.printf(Locale.ROOT, "ibsim+opensm up in %.1f s (opensm SUBNET UP after %s)%n",
                        (System.nanoTime() - t0) / 1e9, fabric.opensm().subnetUpAfter());
                if (Boolean.getBoolean("sweep.rss")) {
                    SweepRss.run(fabric, host, ports, work, Duration.ofSeconds(Long.getLong("sweep.rssSeconds", 120)));
                } else {
                    bench(fabric, host, work, rounds, load);
                }
            }
            System.out.println(load.after());
        } finally {
            deleteTree(work);
        }
    }

    private static void bench(SimulatedFabric fabric, String host, Path work, int rounds, MachineLoad load)
            throws Exception {
        long ibsim = fabric.ibsim().pid();
        Path dir = Files.createTempDirectory(work, "agent-");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-Xmx512m"));
        cmd.addAll(BenchAgents.flags("sweep.javaOpts")); // e.g. a JFR recording of the agent's side
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), SweepLoop.class.getName(), "commands"));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile())
                .redirectError(dir.resolve("stderr").toFile());
        pb.environment().putAll(fabric.clientEnv(host));
        Process agent = pb.start();
        try (PrintWriter to = new PrintWriter(agent.getOutputStream(), true, StandardCharsets.UTF_8);
                BufferedReader from = new BufferedReader(new InputStreamReader(agent.getInputStream(),
                        StandardCharsets.UTF_8))) {
            String cold = sweep(to, from, "full", agent, dir);
            System.out.println("cold (fresh JVM, first walk): " + cold);
            // A running agent sweeps every 30 s for days: its JIT is warm, a fresh JVM's is not. A sweep runs much
            // of its code once, so C2 goes on compiling for many sweeps, on a core ibsim needs: warm up until a whole
            // sweep ran with the compiler threads idle, as the SMP bench's loop waits for a quiet JIT.
            int warmup = Integer.getInteger("sweep.warmup", 4);
            int warmupMax = Math.max(warmup, Integer.getInteger("sweep.warmupMax", 40));
            int w = 0;
            boolean quiet = false;
            while (w < warmupMax && (w < warmup || !quiet)) {
                quiet = field(sweep(to, from, "full", agent, dir), "jitTicks").equals("0");
                w++;
            }
            System.out.println("then " + w + " warm-up full sweeps, not counted ("
                    + (quiet ? "the JIT was idle through the last" : "the JIT was still compiling after " + w) + ")");
            double[] java = new double[rounds];
            double[] javaCpu = new double[rounds];
            double[] tools = new double[rounds];
            double[] ratios = new double[rounds];
            double[] fullMads = new double[rounds];
            System.out.printf(Locale.ROOT, "%-6s %10s %10s %10s %12s %12s %8s %s%n", "round", "agent ms", "agent CPU",
                    "MADs", "tools ms", "ibsim CPU ms", "ratio", "run queue (agent, tools)");
            for (int r = 0; r < rounds; r++) {
                load.take();
                long sim0 = cpuTicks(ibsim);
                String line = sweep(to, from, "full", agent, dir);
                long sim1 = cpuTicks(ibsim);
                double agentQueue = load.take();
                java[r] = Double.parseDouble(field(line, "millis"));
                javaCpu[r] = Double.parseDouble(field(line, "cpuMillis"));
                fullMads[r] = Double.parseDouble(field(line, "mads"));
                long start = System.nanoTime();
                ToolResult ibnet = fabric.tool(host, Duration.ofSeconds(300), "ibnetdiscover");
                ToolResult errors = fabric.tool(host, Duration.ofSeconds(300), "ibqueryerrors");
                tools[r] = (System.nanoTime() - start) / 1e6;
                long sim2 = cpuTicks(ibsim);
                if (!ibnet.ok() || errors.exitCode() == ToolResult.TIMED_OUT) {
                    throw new IllegalStateException("ibnetdiscover/ibqueryerrors failed: " + ibnet.stderr()
                            + errors.stderr());
                }
                ratios[r] = java[r] / tools[r];
                System.out.printf(Locale.ROOT, "%-6d %10.0f %10.0f %10.0f %12.0f %5d / %5d %7.2fx %.1f, %.1f%n", r + 1,
                        java[r], javaCpu[r], fullMads[r], tools[r], (sim1 - sim0) * 1000 / TICKS_PER_SECOND,
                        (sim2 - sim1) * 1000 / TICKS_PER_SECOND, ratios[r], agentQueue, load.take());
            }
            System.out.printf(Locale.ROOT, "full sweep, median of %d: agent %.0f ms (CPU %.0f ms) vs ibnetdiscover+"
                    + "ibqueryerrors %.0f ms = %.2fx (median of per-round ratios); goal <= 0.3x%n", rounds,
                    MachineLoad.median(java), MachineLoad.median(javaCpu), MachineLoad.median(tools),
                    MachineLoad.median(ratios));

            double[] steadyMillis = new double[rounds];
            double[] steadyMads = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                String line = sweep(to, from, "steady", agent, dir);
                if (!field(line, "mode").equals("steady")) {
                    throw new IllegalStateException("expected a steady-state sweep: " + line);
                }
                steadyMillis[r] = Double.parseDouble(field(line, "millis"));
                steadyMads[r] = Double.parseDouble(field(line, "mads"));
            }
            System.out.printf(Locale.ROOT, "MADs per sweep: full %.0f, steady state %.0f (%.0f%% fewer); steady sweep "
                    + "median %.0f ms%n", MachineLoad.median(fullMads), MachineLoad.median(steadyMads),
                    100 * (1 - MachineLoad.median(steadyMads) / MachineLoad.median(fullMads)),
                    MachineLoad.median(steadyMillis));
            to.println("quit");
        } finally {
            if (!agent.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
                agent.destroyForcibly().waitFor(5, java.util.concurrent.TimeUnit.SECONDS);
            }
        }
    }

    /** Asks the agent's loop for one sweep and returns its line; a dead loop fails with its stderr. */
    private static String sweep(PrintWriter to, BufferedReader from, String kind, Process agent, Path dir)
            throws IOException {
        to.println(kind);
        String line = from.readLine();
        if (line == null || !line.contains("status=PASS")) {
            throw new IllegalStateException("the agent's sweep loop failed (" + line + "):\n"
                    + (agent.isAlive() ? "" : Files.readString(dir.resolve("stderr"))));
        }
        return line;
    }

    private static String field(String line, String name) {
        Matcher m = FIELD.matcher(line);
        while (m.find()) {
            if (m.group(1).equals(name)) {
                return m.group(2);
            }
        }
        throw new IllegalStateException("no " + name + "= in " + line);
    }

    /** utime + stime of a process, in clock ticks. */
    private static long cpuTicks(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }

    private static void deleteTree(Path root) throws IOException {
        try (var paths = Files.walk(root)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}

package io.fabrichealth.bench.smp;

import io.fabrichealth.bench.BenchAgents;
import io.fabrichealth.bench.MachineLoad;
import io.fabrichealth.cli.payara.PayaraProcess;
import io.fabrichealth.testbed.SimulatedFabric;
import io.fabrichealth.testbed.Topologies;
import io.fabrichealth.testbed.ToolResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The SMP benchmark, on one simulated fat tree (ibsim + opensm) in one run:
 * <ol>
 *   <li>MAD/s of the Java engine ({@link EngineLoop}) against the C reference loop (smp_baseline.c, same umad
 *       calls), at 1 in flight, 2 per destination, and 128 on the port. Rounds alternate; every round is printed
 *       with the run queue beside it, then the best of each side and the median of the per-round ratios.</li>
 *   <li>A full sweep by the agent's probe ({@link SweepLoop}) against {@code ibnetdiscover} plus
 *       {@code ibqueryerrors} on the same fabric.</li>
 * </ol>
 * Run: {@code mvn -B -q -pl bench exec:exec@smp} (after installing config, jni, probes, testbed).
 * Options, as JVM properties of the bench ({@code MAVEN_OPTS} does not reach it; run the class directly with
 * {@code java -cp ...} to pass them): {@code -Dsmp.mads=N} per measured run at 1 in flight (default 50000),
 * {@code -Dsmp.windowMads=N} with a window (default 300000), {@code -Dsmp.rounds=N}
 * (default 7), {@code -Dsmp.tree=LxSxH} fat tree (default 16x8x24: 1,024 linked ports), {@code -Dsmp.modes=1,2,128}
 * which comparisons, {@code -Dsmp.sweep=false} to skip the sweep, {@code -Dsmp.javaOpts=...} extra options for the
 * Java client (a JFR recording), {@code -Dsmp.wrap=...} a profiler command to run both clients under,
 * {@code -Dsmp.java=binding} with {@code -Dsmp.modes=1} the JNI binding alone in place of the engine
 * ({@link BindingLoop}).
 */
public final class SmpBench {
    private static final Path C_SOURCE = Path.of(System.getProperty("bench.c.dir", "bench/src/main/c/smp"),
            "smp_baseline.c");
    private static final Pattern LINE = Pattern.compile("mads_per_second=([0-9.]+)");
    private static final Pattern CPU = Pattern.compile("cpu_us_per_mad=([0-9.]+)");
    /** The Java loop's compiler threads' CPU during its measured window, in clock ticks (10 ms). */
    private static final Pattern JIT_TICKS = Pattern.compile("jit_ticks=(\\d+)");
    /** A loop's measured window, start and end in CLOCK_MONOTONIC seconds: perf report --time takes it as is. */
    private static final Pattern WINDOW = Pattern.compile("window=([0-9.]+,[0-9.]+)");
    /** The kernel's share of a client's CPU, and its minor page faults, over the measured window. */
    private static final Pattern KERNEL = Pattern.compile("sys_share=([0-9.]+) minflt=(\\d+)");
    private static final String SIMULATOR_CPU = "0";
    private static final String CLIENT_CPU = "1";
    private static final Pattern SWITCH_LID = Pattern.compile("^Switch\\s.*# \".*\" base port 0 lid (\\d+)",
            Pattern.MULTILINE);
    private static final Pattern CA_LID = Pattern.compile("^\\[\\d+\\]\\(\\w+\\)\\s.*# lid (\\d+) lmc",
            Pattern.MULTILINE);

    private SmpBench() {
    }

    public static void main(String[] args) throws Exception {
        if (javaLoop() == BindingLoop.class && !System.getProperty("smp.modes", "").equals("1")) {
            throw new IllegalArgumentException("-Dsmp.java=binding runs 1 in flight only: add -Dsmp.modes=1");
        }
        long mads = Long.getLong("smp.mads", 50_000);
        // With a window, 50,000 MADs took 0.14 s a round, short enough for one scheduling hiccup to swing a round's
        // CPU ratio by 0.1; 300,000 take about 0.9 s.
        long windowMads = Long.getLong("smp.windowMads", 300_000);
        int rounds = Integer.getInteger("smp.rounds", 7);
        String[] tree = System.getProperty("smp.tree", "16x8x24").split("x");
        Path work = Files.createTempDirectory("fh-smp-bench-");
        try {
            bench(work, mads, windowMads, rounds, tree);
        } finally {
            deleteTree(work);
        }
        System.exit(0);
    }

    private static void bench(Path work, long mads, long windowMads, int rounds, String[] tree) throws Exception {
        // The two cores are shared: say how busy they were, so a reader can judge the ratios.
        try (MachineLoad load = MachineLoad.start()) {
            System.out.println(load.before());
            Path baseline = compile(work);
            Path topo = Topologies.fatTree(Integer.parseInt(tree[0]), Integer.parseInt(tree[1]),
                    Integer.parseInt(tree[2]), work);
            String host = "node01-01";
            // A set, not a string: "128".contains("1") ran every mode when only 128 was asked for.
            Set<String> modes = Set.copyOf(Arrays.asList(
                    System.getProperty("smp.modes", "1,2,128").split("\\s*,\\s*")));
            try (SimulatedFabric fabric = SimulatedFabric.start(topo, true, work.resolve("fabric"))) {
                pin(fabric.ibsim().pid(), SIMULATOR_CPU);
                ToolResult ibnet = fabric.tool(host, Duration.ofSeconds(120), "ibnetdiscover");
                List<String> switches = lids(SWITCH_LID, ibnet.stdout());
                List<String> cas = lids(CA_LID, ibnet.stdout());
                List<String> all = new ArrayList<>(switches);
                all.addAll(cas);
                System.out.printf(Locale.ROOT, "fabric: fat tree %s, %d switches, %d CAs, ibsim+opensm%n",
                        String.join("x", tree), switches.size(), cas.size());

                System.out.println("ibsim pinned to cpu " + SIMULATOR_CPU + ", every client to cpu " + CLIENT_CPU
                        + "; " + rounds + " alternating rounds (C, then Java) of " + mads
                        + " MADs each at 1 in flight, " + windowMads + " with a window");
                List<String> table = new ArrayList<>();
                if (modes.contains("1")) {
                    table.add(compare(fabric, host, work, baseline, "1 in flight", mads, 1, 1,
                            switches.subList(0, 1), rounds, load));
                }
                if (modes.contains("2")) {
                    table.add(compare(fabric, host, work, baseline, "2 per destination", windowMads, 64, 2, switches,
                            rounds, load));
                }
                if (modes.contains("128")) {
                    table.add(compare(fabric, host, work, baseline, "128 local (2 per dest.)", windowMads, 128, 2,
                            all.subList(0, Math.min(all.size(), 128)), rounds, load));
                }
                System.out.printf(Locale.ROOT, "%-26s %10s %10s %7s %8s %8s %8s %9s%n",
                        "MAD/s (NodeInfo, LID-routed)", "java best", "C best", "best", "median", "us/MAD", "C us/MAD",
                        "cpu j/C");
                table.forEach(System.out::println);
                System.out.println("median: of the per-round java/C ratios; us/MAD: median of rounds, process CPU "
                        + "(user+sys, all threads); goal: median >= 0.95x and cpu j/C <= 1.05x");

                if (Boolean.parseBoolean(System.getProperty("smp.sweep", "true"))) {
                    // The sweep races two tools that run as they please, so nothing is pinned for it.
                    pin(fabric.ibsim().pid(), "0,1");
                    sweep(fabric, host, work, rounds);
                }
            }
            System.out.println(load.after());
        }
    }

    /**
     * ibsim on one core and every client (C or Java) on the other: the two sides then never fight over a core,
     * which is what made unpinned rounds swing 2x on this 2-core machine. Both loops get the same treatment.
     */
    static void pin(long pid, String cpus) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("taskset", "-a", "-p", "-c", cpus, Long.toString(pid)).redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("taskset failed (apt-get install util-linux): " + out);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (var paths = Files.walk(root)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private static String compare(SimulatedFabric fabric, String host, Path work, Path baseline, String label,
            long total, int window, int perDest, List<String> lids, int rounds, MachineLoad load) throws Exception {
        double[] javaRate = new double[rounds];
        double[] cRate = new double[rounds];
        double[] javaCpu = new double[rounds];
        double[] cCpu = new double[rounds];
        double[] ratios = new double[rounds];
        List<String> common = new ArrayList<>(List.of(Long.toString(total), Integer.toString(window),
                Integer.toString(perDest)));
        common.addAll(lids);
        System.out.println(label + ":");
        for (int r = 0; r < rounds; r++) {
            load.take();
            List<String> cCmd = new ArrayList<>(wrap("c", label, r));
            cCmd.add(baseline.toString());
            cCmd.addAll(common);
            String cOut = run(fabric, host, work, cCmd, CLIENT_CPU);
            double[] cRun = rateAndCpu(cOut);
            String jOut = run(fabric, host, work, javaCommand(javaLoop(), common, wrap("java", label, r)),
                    CLIENT_CPU);
            double[] jRun = rateAndCpu(jOut);
            Matcher jit = JIT_TICKS.matcher(jOut);
            cRate[r] = cRun[0];
            cCpu[r] = cRun[1];
            javaRate[r] = jRun[0];
            javaCpu[r] = jRun[1];
            ratios[r] = jRun[0] / cRun[0];
            System.out.printf(Locale.ROOT, "  round %d: java %.0f MAD/s %.2f us/MAD, C %.0f MAD/s %.2f us/MAD, "
                    + "java/C %.2fx, cpu java/C %.2fx, java JIT %s ms, kernel share java/C %s, %s%n", r + 1,
                    jRun[0], jRun[1], cRun[0], cRun[1], ratios[r], jRun[1] / cRun[1],
                    jit.find() ? Long.parseLong(jit.group(1)) * 10 : "?", kernel(jOut, cOut), load.takeLine());
            if (!wrap("c", label, r).isEmpty()) {
                // A profile covers the warm-up too; perf record -k mono with perf report --time cuts the window.
                System.out.printf("    measured windows (CLOCK_MONOTONIC s): java %s, C %s; java %s%n", window(jOut),
                        window(cOut), jOut.strip());
            }
        }
        double[] cpuRatios = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            cpuRatios[r] = javaCpu[r] / cCpu[r];
        }
        double bestJava = Arrays.stream(javaRate).max().orElse(0);
        double bestC = Arrays.stream(cRate).max().orElse(0);
        return String.format(Locale.ROOT, "%-28s %10.0f %10.0f %6.2fx %7.2fx %8.2f %8.2f %8.2fx", label, bestJava,
                bestC, bestJava / bestC, MachineLoad.median(ratios), MachineLoad.median(javaCpu),
                MachineLoad.median(cCpu), MachineLoad.median(cpuRatios));
    }

    private static String window(String out) {
        Matcher m = WINDOW.matcher(out);
        return m.find() ? m.group(1) : "?";
    }

    /** The Java side: the engine, or with {@code -Dsmp.java=binding} the JNI binding alone ({@link BindingLoop}). */
    private static Class<?> javaLoop() {
        String which = System.getProperty("smp.java", "engine");
        return switch (which) {
            case "engine" -> EngineLoop.class;
            case "binding" -> BindingLoop.class;
            default -> throw new IllegalArgumentException("-Dsmp.java=" + which + ": engine (default) or binding");
        };
    }

    /**
     * A profiler to run each client under, from -Dsmp.wrap (e.g. {@code perf record -g -o /tmp/p-{name}.data});
     * {name} becomes side, mode and round, so every run keeps its own profile. Empty by default.
     */
    private static List<String> wrap(String side, String label, int round) {
        String w = System.getProperty("smp.wrap", "").trim();
        if (w.isEmpty()) {
            return List.of();
        }
        String name = side + "-" + label.replaceAll("[^A-Za-z0-9]+", "_") + "-" + (round + 1);
        return List.of(w.replace("{name}", name).split("\\s+"));
    }

    /** Sweeps and tool runs alternate; the best of each counts, so a busy moment on the shared cores hurts neither. */
    private static void sweep(SimulatedFabric fabric, String host, Path work, int rounds) throws Exception {
        String out = run(fabric, host, work, javaCommand(SweepLoop.class, List.of(Integer.toString(2 * rounds))), null);
        System.out.print(out);
        List<Double> millis = new ArrayList<>();
        Matcher m = Pattern.compile("millis=([0-9.]+)").matcher(out);
        while (m.find()) {
            millis.add(Double.parseDouble(m.group(1)));
        }
        double tools = Double.MAX_VALUE;
        for (int r = 0; r < rounds; r++) {
            long t0 = System.nanoTime();
            ToolResult ibnet = fabric.tool(host, Duration.ofSeconds(300), "ibnetdiscover");
            double ibnetMs = (System.nanoTime() - t0) / 1e6;
            long t1 = System.nanoTime();
            ToolResult errors = fabric.tool(host, Duration.ofSeconds(300), "ibqueryerrors");
            double errorsMs = (System.nanoTime() - t1) / 1e6;
            if (!ibnet.ok()) {
                throw new IllegalStateException("ibnetdiscover failed: " + ibnet.stderr());
            }
            String summary = errors.stdout().lines().filter(l -> l.contains("checked"))
                    .reduce("", (a, b) -> a + b.replace("##", "").trim() + "; ");
            System.out.printf(Locale.ROOT, "ibnetdiscover %.0f ms + ibqueryerrors %.0f ms (exit %d: %s) = %.0f ms%n",
                    ibnetMs, errorsMs, errors.exitCode(), summary.trim(), ibnetMs + errorsMs);
            tools = Math.min(tools, ibnetMs + errorsMs);
        }
        double warm = millis.subList(1, millis.size()).stream().mapToDouble(Double::doubleValue).min().orElse(0);
        System.out.printf(Locale.ROOT, "full sweep (best of %d): agent %.0f ms warm (cold, fresh JVM: %.0f ms) vs "
                + "ibnetdiscover+ibqueryerrors %.0f ms = %.2fx; goal <= 0.5x%n", rounds, warm, millis.get(0), tools,
                warm / tools);
    }

    /** "0.52/0.47 (faults 3/0)": where the CPU per MAD went, on each side. */
    private static String kernel(String javaOut, String cOut) {
        Matcher j = KERNEL.matcher(javaOut);
        Matcher c = KERNEL.matcher(cOut);
        if (!j.find() || !c.find()) {
            return "?";
        }
        return j.group(1) + "/" + c.group(1) + " (faults " + j.group(2) + "/" + c.group(2) + ")";
    }

    /** MAD/s and the client's CPU microseconds per MAD, from one loop's line. */
    private static double[] rateAndCpu(String out) {
        Matcher m = LINE.matcher(out);
        Matcher cpu = CPU.matcher(out);
        if (!m.find() || !cpu.find()) {
            throw new IllegalStateException("no mads_per_second/cpu_us_per_mad in:\n" + out);
        }
        return new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(cpu.group(1))};
    }

    private static List<String> lids(Pattern p, String ibnetdiscover) {
        List<String> out = new ArrayList<>();
        Matcher m = p.matcher(ibnetdiscover);
        while (m.find()) {
            out.add(m.group(1));
        }
        if (out.isEmpty()) {
            throw new IllegalStateException("no LIDs in ibnetdiscover's output; did opensm run?\n" + ibnetdiscover);
        }
        return out;
    }

    private static List<String> javaCommand(Class<?> main, List<String> args) {
        return javaCommand(main, args, List.of());
    }

    /**
     * The JVM the agent is (its collector and heap flags, from {@link PayaraProcess#HEAP}), plus -Dsmp.javaOpts
     * (space-separated; e.g. a JFR recording) when given.
     */
    private static List<String> javaCommand(Class<?> main, List<String> args, List<String> prefix) {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-XX:-UseDynamicNumberOfCompilerThreads"));
        cmd.addAll(PayaraProcess.HEAP);
        cmd.addAll(BenchAgents.flags("smp.javaOpts"));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        cmd.addAll(args);
        return cmd;
    }

    /**
     * Runs an ibsim client in a scratch folder (umad2sim creates ./sys-<pid>/ there), on {@code cpus} unless null,
     * and returns its stdout.
     */
    private static String run(SimulatedFabric fabric, String host, Path work, List<String> command, String cpus)
            throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory(work, "client-");
        Path out = dir.resolve("out");
        Path err = dir.resolve("err");
        List<String> pinned = new ArrayList<>();
        if (cpus != null) {
            pinned.addAll(List.of("taskset", "-c", cpus));
        }
        pinned.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(pinned).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile());
        Map<String, String> env = new HashMap<>(fabric.clientEnv(host));
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            throw new IllegalStateException(command.get(0) + " did not finish in 300 s");
        }
        String text = Files.readString(out, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command.subList(0, Math.min(6, command.size())))
                    + " exited " + p.exitValue() + ":\n" + text + Files.readString(err, StandardCharsets.UTF_8));
        }
        return text;
    }

    static Path compile(Path work) throws IOException, InterruptedException {
        if (!Files.exists(C_SOURCE)) {
            throw new IllegalStateException(C_SOURCE.toAbsolutePath() + " not found; run from the project root or "
                    + "set -Dbench.c.dir");
        }
        Path exe = work.resolve("smp_baseline");
        Process cc = new ProcessBuilder("cc", "-O2", "-Wall", "-Werror", "-o", exe.toString(), C_SOURCE.toString(),
                "-libumad").inheritIO().start();
        if (!cc.waitFor(60, TimeUnit.SECONDS) || cc.exitValue() != 0) {
            throw new IllegalStateException("cc smp_baseline.c failed: apt-get install gcc libibumad-dev");
        }
        return exe;
    }
}

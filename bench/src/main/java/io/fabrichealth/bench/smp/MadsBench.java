package io.fabrichealth.bench.smp;

import io.fabrichealth.bench.BenchAgents;
import io.fabrichealth.cli.Home;
import io.fabrichealth.cli.mads.MadsReport;
import io.fabrichealth.cli.payara.PayaraProcess;
import io.fabrichealth.testbed.SimulatedFabric;
import io.fabrichealth.testbed.Topologies;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Issue 14's agreement check: {@code ./fabric-health mads TARGET} (the CLI's own code, against a real agent on
 * Payara Micro) against the SMP bench's engine loop ({@link EngineLoop}'s workload, the Java side of
 * {@code exec:exec@smp}, kept warm in one JVM by {@link EngineRounds}) and the C loop, for the same target at
 * destination queue depth 1 and 2, in alternating rounds; prints the medians, the median of the per-round ratios
 * (goal: agent/bench within 10%) and every round.
 *
 * <p>Same fabric (the bundled one), same target (a switch, as in smp_mad_stress's README), same attribute
 * (NodeInfo, LID-routed), same pinning as the SMP bench: ibsim on cpu 0, every client on cpu 1 (the agent's
 * Payara JVM with all its threads, and each loop). The agent runs its default schedules, so a sweep may fall into a
 * measurement: the table then says so and the pause is not counted.
 *
 * <p>The two cores are shared and a round can run at a fifth of the speed of the next, so rounds are short and many,
 * each pair of neighbours is compared (the median of the per-round ratios), and the best round of each is printed
 * too, as in {@code exec:exec@smp}.
 *
 * <p>Run: {@code mvn -B -q -pl bench exec:exec@mads}; {@code -Dmads.rounds=N} (default 15), {@code -Dmads.seconds=S}
 * per depth (default 2; the CLI's default is 5), {@code -Dmads.target=NAME} (default leaf-a).
 */
public final class MadsBench {
    private static final String SIMULATOR_CPU = "0";
    private static final String CLIENT_CPU = "1";
    private static final Pattern ROW = Pattern.compile("^\\| ([12]) +\\| (\\d+) +\\|", Pattern.MULTILINE);
    private static final Pattern LID = Pattern.compile(", LID (\\d+)\\)");
    private static final Pattern RATE = Pattern.compile("mads_per_second=([0-9.]+)");
    private static final Pattern PLAIN = Pattern.compile("depth1=([0-9.]+) depth2=([0-9.]+)");

    private MadsBench() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = Integer.getInteger("mads.rounds", 15);
        int seconds = Integer.getInteger("mads.seconds", 2);
        String target = System.getProperty("mads.target", "leaf-a").replace("${mads.target}", "leaf-a");
        Home home = new Home(Path.of(System.getProperty("bench.home", "..")).toAbsolutePath().normalize());
        Path work = Files.createTempDirectory("fh-mads-bench-");
        System.out.println("load average before: " + Files.readString(Path.of("/proc/loadavg")).trim());
        try (SimulatedFabric fabric = SimulatedFabric.start(Topologies.bundled(), true, work.resolve("fabric"))) {
            Path cBaseline = SmpBench.compile(work);
            int http = BenchAgents.freePort();
            Path config = BenchAgents.config(work, "bench-mads", http, "");
            try (PayaraProcess agent = PayaraProcess.start(new PayaraProcess.Spec(home.payaraJar(), home.war(),
                    home.jniJar(), "127.0.0.1", http, config, fabric.clientEnv(null), work.resolve("payara"),
                    List.of()))) {
                agent.awaitJolokia(Duration.ofSeconds(180), false);
                SmpBench.pin(fabric.ibsim().pid(), SIMULATOR_CPU);
                SmpBench.pin(agent.pid(), CLIENT_CPU);
                String jolokia = agent.baseUrl() + "/jolokia";
                // The first sweep names the target; the first measurement warms the agent's JIT and is not counted.
                String table = awaitTable(jolokia, target, seconds);
                Matcher lid = LID.matcher(table);
                if (!lid.find()) {
                    throw new IllegalStateException("no LID in the agent's table:\n" + table);
                }
                String targetLid = lid.group(1);
                System.out.printf(Locale.ROOT, "target %s (LID %s), NodeInfo Get, LID-routed, %d s per depth, %d "
                        + "rounds; ibsim on cpu %s, the agent and each loop on cpu %s%n", target, targetLid, seconds,
                        rounds, SIMULATOR_CPU, CLIENT_CPU);
                Map<String, List<Double>> rates = new HashMap<>();
                List<String> sweeps = new ArrayList<>();
                // The bench's engine loop as exec:exec@smp runs it (C2), and as the agent's JVM runs (C1 only:
                // PayaraProcess starts it with -XX:TieredStopAtLevel=1), to tell a JIT difference from the agent's.
                try (EngineRoundsChild c2 = EngineRoundsChild.start(fabric, work, targetLid, List.of());
                     EngineRoundsChild c1 = EngineRoundsChild.start(fabric, work, targetLid,
                             List.of("-XX:TieredStopAtLevel=1"));
                     // the agent's measurement code in a plain JVM with the agent's JIT flag, no Payara
                     EngineRoundsChild plain = EngineRoundsChild.start(fabric, work, targetLid,
                             List.of("-XX:TieredStopAtLevel=1"), MadsRounds.class)) {
                    for (int r = 0; r < rounds; r++) {
                        // agent and loops alternate which goes first, so a drift in load favours neither
                        List<Runnable> order = new ArrayList<>();
                        int round = r;
                        Runnable agentRound = () -> {
                            String t = mads(jolokia, target, seconds);
                            if (t.contains("sweep(s) ran during")) {
                                sweeps.add("round " + (round + 1));
                            }
                            Matcher m = ROW.matcher(t);
                            while (m.find()) {
                                rates.computeIfAbsent("agent " + m.group(1), k -> new ArrayList<>())
                                        .add(Double.parseDouble(m.group(2)));
                            }
                        };
                        Runnable plainRound = () -> {
                            Matcher m = PLAIN.matcher(plain.ask(Integer.toString(seconds)));
                            if (!m.find()) {
                                throw new IllegalStateException("MadsRounds answered nothing usable");
                            }
                            rates.computeIfAbsent("plain 1", k -> new ArrayList<>()).add(Double.parseDouble(m.group(1)));
                            rates.computeIfAbsent("plain 2", k -> new ArrayList<>()).add(Double.parseDouble(m.group(2)));
                        };
                        Runnable loops = () -> {
                            for (int depth = 1; depth <= 2; depth++) {
                                // about as many MADs as the agent answers in its time at this depth
                                List<Double> before = rates.get("bench " + depth);
                                double guess = before == null ? 10_000 : before.get(before.size() - 1);
                                long total = Math.max(1000, Math.round(guess * seconds));
                                rates.computeIfAbsent("bench " + depth, k -> new ArrayList<>())
                                        .add(rate(c2.ask(total + " " + depth)));
                                rates.computeIfAbsent("bench C1 " + depth, k -> new ArrayList<>())
                                        .add(rate(c1.ask(total + " " + depth)));
                                List<String> c = List.of(cBaseline.toString(), Long.toString(total),
                                        Integer.toString(depth), Integer.toString(depth), targetLid);
                                rates.computeIfAbsent("C " + depth, k -> new ArrayList<>())
                                        .add(rate(client(fabric, work, c)));
                            }
                        };
                        order.add(r % 2 == 0 ? agentRound : loops);
                        order.add(plainRound);
                        order.add(r % 2 == 0 ? loops : agentRound);
                        order.forEach(Runnable::run);
                    }
                }
                System.out.printf(Locale.ROOT, "MAD/s, median of %d rounds (best round in brackets)%n", rounds);
                System.out.printf(Locale.ROOT, "%-6s %16s %16s %16s %16s %16s %12s %14s %10s%n", "depth",
                        "agent (mads)", "mads, no Payara", "bench (Java)", "bench, C1 JIT", "C loop", "agent/bench",
                        "median ratio", "agent/C");
                for (int depth = 1; depth <= 2; depth++) {
                    List<Double> agentRates = rates.get("agent " + depth);
                    List<Double> benchRates = rates.get("bench " + depth);
                    List<Double> ratios = new ArrayList<>();
                    for (int r = 0; r < agentRates.size(); r++) {
                        ratios.add(agentRates.get(r) / benchRates.get(r));
                    }
                    double a = median(agentRates);
                    double b = median(benchRates);
                    double c = median(rates.get("C " + depth));
                    System.out.printf(Locale.ROOT, "%-6d %16s %16s %16s %16s %16s %11.3fx %13.3fx %9.3fx%n", depth,
                            withBest(rates.get("agent " + depth)), withBest(rates.get("plain " + depth)),
                            withBest(benchRates),
                            withBest(rates.get("bench C1 " + depth)), withBest(rates.get("C " + depth)), a / b,
                            median(ratios), a / c);
                }
                for (String k : List.of("agent 1", "plain 1", "bench 1", "bench C1 1", "C 1", "agent 2", "plain 2",
                        "bench 2", "bench C1 2", "C 2")) {
                    System.out.println("  rounds, " + k + ": " + rates.get(k).stream().map(v -> String.format(Locale.ROOT,
                            "%.0f", v)).toList());
                }
                System.out.println("sweeps during an agent round: " + (sweeps.isEmpty() ? "none" : sweeps)
                        + "; goal: agent/bench within 0.90x..1.10x");
            }
        } finally {
            System.out.println("load average after: " + Files.readString(Path.of("/proc/loadavg")).trim());
            try (var paths = Files.walk(work)) {
                paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        System.exit(0);
    }

    /** Until the agent's sweep knows the target by name. */
    private static String awaitTable(String jolokia, String target, int seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (true) {
            try {
                return mads(jolokia, target, seconds);
            } catch (IllegalStateException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(1000);
            }
        }
    }

    /** {@code ./fabric-health mads TARGET -t S --jolokia URL}, through the CLI's own code; its stdout. */
    private static String mads(String jolokia, String target, int seconds) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = MadsReport.run(List.of(target, "-t", Integer.toString(seconds), "--jolokia", jolokia),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        if (status != 0) {
            throw new IllegalStateException("./fabric-health mads exited " + status + ": "
                    + err.toString(StandardCharsets.UTF_8));
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** {@link EngineRounds} in its own JVM, pinned to the clients' core, warmed up, answering one round per line. */
    private record EngineRoundsChild(Process process, BufferedReader out, Writer in) implements AutoCloseable {
        static EngineRoundsChild start(SimulatedFabric fabric, Path work, String lid, List<String> jvmFlags)
                throws IOException {
            return start(fabric, work, lid, jvmFlags, EngineRounds.class);
        }

        static EngineRoundsChild start(SimulatedFabric fabric, Path work, String lid, List<String> jvmFlags,
                Class<?> main) throws IOException {
            Path dir = Files.createTempDirectory(work, "engine-rounds-");
            List<String> cmd = new ArrayList<>(List.of("taskset", "-c", CLIENT_CPU, Path.of(
                    System.getProperty("java.home"), "bin", "java").toString(), "-XX:+UseSerialGC", "-Xmx512m"));
            cmd.addAll(jvmFlags);
            cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName(), lid));
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectError(dir.resolve("err").toFile());
            pb.environment().putAll(fabric.clientEnv(null));
            Process p = pb.start();
            EngineRoundsChild child = new EngineRoundsChild(p, new BufferedReader(new InputStreamReader(
                    p.getInputStream(), StandardCharsets.UTF_8)), new OutputStreamWriter(p.getOutputStream(),
                    StandardCharsets.UTF_8));
            if (!"ready".equals(child.out.readLine())) {
                child.close();
                throw new IllegalStateException(main.getSimpleName() + " did not start: "
                        + Files.readString(dir.resolve("err")));
            }
            return child;
        }

        /** One round: sends "TOTAL DEPTH", returns its line. */
        String ask(String line) {
            try {
                in.write(line + "\n");
                in.flush();
                String answer = out.readLine();
                if (answer == null) {
                    throw new IllegalStateException("EngineRounds ended");
                }
                return answer;
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        @Override
        public void close() {
            process.destroy();
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static double rate(String out) {
        Matcher m = RATE.matcher(out);
        if (!m.find()) {
            throw new IllegalStateException("no mads_per_second in:\n" + out);
        }
        return Double.parseDouble(m.group(1));
    }

    /** {@code 11559 (25161)}: the median and the best round. */
    private static String withBest(List<Double> values) {
        return String.format(Locale.ROOT, "%.0f (%.0f)", median(values),
                values.stream().mapToDouble(Double::doubleValue).max().orElse(0));
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** One ibsim client at node01, pinned, in a scratch folder (umad2sim writes ./sys-PID/ there); its stdout. */
    private static String client(SimulatedFabric fabric, Path work, List<String> command) {
        try {
            return clientOrThrow(fabric, work, command);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String clientOrThrow(SimulatedFabric fabric, Path work, List<String> command)
            throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory(work, "client-");
        List<String> pinned = new ArrayList<>(List.of("taskset", "-c", CLIENT_CPU));
        pinned.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(pinned).directory(dir.toFile())
                .redirectOutput(dir.resolve("out").toFile()).redirectError(dir.resolve("err").toFile());
        pb.environment().putAll(fabric.clientEnv(null));
        Process p = pb.start();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            throw new IllegalStateException(command.get(0) + " did not finish in 300 s");
        }
        String out = Files.readString(dir.resolve("out"));
        if (p.exitValue() != 0) {
            throw new IllegalStateException(command.get(0) + " exited " + p.exitValue() + ":\n" + out
                    + Files.readString(dir.resolve("err")));
        }
        return out;
    }
}

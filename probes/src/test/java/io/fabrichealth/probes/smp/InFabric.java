package io.fabrichealth.probes.smp;

import static org.assertj.core.api.Assertions.fail;

import io.fabrichealth.testbed.SimulatedFabric;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a scenario (a class with a main that asserts) in a fresh JVM attached to a simulated fabric. umad2sim must
 * be preloaded into the process that sends MADs and is bound to one ibsim for that process's life, so the code
 * under test runs in a child JVM whose environment points at this test's own ibsim (testbed's
 * {@link SimulatedFabric}, with opensm). The child can drive ibsim's console and run the diagnostic tools through
 * {@link Sim}. A failing assertion in the child fails the test with the child's output.
 */
final class InFabric {
    private InFabric() {
    }

    /** What the child printed as {@code key=value} lines (its measured numbers). */
    record Result(Map<String, String> values, String stdout, Duration took) {
    }

    static Result run(Path topology, String simHost, Path work, Duration timeout, Class<?> scenario, String... args)
            throws IOException, InterruptedException {
        try (SimulatedFabric fabric = SimulatedFabric.start(topology, true, work.resolve("fabric"))) {
            return runChild(fabric, simHost, work, timeout, scenario, args);
        }
    }

    static Result runChild(SimulatedFabric fabric, String simHost, Path work, Duration timeout, Class<?> scenario,
            String... args) throws IOException, InterruptedException {
        Path dir = Files.createDirectories(work.resolve("child-" + scenario.getSimpleName()));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xcheck:jni", "-XX:+UseSerialGC", "-Xmx256m", "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"), scenario.getName()));
        command.addAll(List.of(args));
        Path out = dir.resolve("stdout");
        Path err = dir.resolve("stderr");
        // The working directory matters: umad2sim creates ./sys-<pid>/ there.
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().putAll(fabric.clientEnv(simHost));
        pb.environment().put(Sim.FIFO_ENV, fabric.ibsim().consoleFifo().toString());
        pb.environment().put(Sim.LOG_ENV, fabric.ibsim().log().toString());
        long start = System.nanoTime();
        Process child = pb.start();
        boolean finished;
        try {
            finished = child.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } finally {
            if (child.isAlive()) {
                child.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        String stdout = Files.readString(out, StandardCharsets.UTF_8);
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        if (!finished) {
            fail(scenario.getSimpleName() + " did not finish within " + timeout + "\nstdout:\n" + stdout
                    + "\nstderr:\n" + stderr);
        }
        if (child.exitValue() != 0) {
            fail(scenario.getSimpleName() + " failed (exit " + child.exitValue() + "):\n" + stderr + "\nstdout:\n"
                    + stdout);
        }
        if (stderr.contains("WARNING in native method")) {
            fail(scenario.getSimpleName() + ": -Xcheck:jni warned:\n" + stderr);
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (String line : stdout.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0 && !line.contains(" ")) {
                values.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return new Result(values, stdout, took);
    }
}

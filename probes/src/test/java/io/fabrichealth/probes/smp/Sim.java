package io.fabrichealth.probes.smp;

import io.fabrichealth.testbed.SimConsole;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The simulated fabric as a scenario in the child JVM sees it: ibsim's console, and the diagnostic tools, which
 * inherit this JVM's umad2sim environment and so attach at the same node.
 */
final class Sim {
    static final String FIFO_ENV = "FH_TEST_IBSIM_FIFO";
    static final String LOG_ENV = "FH_TEST_IBSIM_LOG";

    private Sim() {
    }

    /** One ibsim console command; returns its answer. */
    static String console(String command) {
        return SimConsole.send(Path.of(env(FIFO_ENV)), Path.of(env(LOG_ENV)), command, Duration.ofMillis(200),
                Duration.ofSeconds(5));
    }

    /** Runs an infiniband-diags tool to completion and returns its stdout; a non-zero exit is an error. */
    static String tool(String... argv) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory(Path.of("").toAbsolutePath(), "tool-");
        List<String> command = new ArrayList<>(List.of("timeout", "60"));
        command.addAll(List.of(argv));
        Path out = dir.resolve("out");
        Path err = dir.resolve("err");
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).start();
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException(String.join(" ", argv) + " did not finish");
        }
        String stdout = Files.readString(out, StandardCharsets.UTF_8);
        if (p.exitValue() != 0 && !argv[0].equals("ibqueryerrors")) {
            throw new IllegalStateException(String.join(" ", argv) + " exited " + p.exitValue() + ":\n" + stdout
                    + Files.readString(err, StandardCharsets.UTF_8));
        }
        return stdout;
    }

    private static String env(String name) {
        String v = System.getenv(name);
        if (v == null) {
            throw new IllegalStateException(name + " is not set: run this scenario through InFabric");
        }
        return v;
    }
}

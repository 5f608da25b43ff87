package io.fabrichealth.testbed;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Runs one libibumad tool (smpquery, perfquery, ibnetdiscover...) as a client of an {@link Ibsim}.
 *
 * <p>Each run gets a private folder, deleted afterwards, because umad2sim creates {@code ./sys-<pid>/} in the
 * working directory. Output goes to files rather than pipes so a chatty tool can never block on a full pipe.
 */
final class ToolRunner {

    private ToolRunner() {
    }

    static ToolResult run(Ibsim sim, String simHost, Duration timeout, String... argv) {
        if (argv.length == 0) {
            throw new IllegalArgumentException("no tool given; e.g. tool(\"node01\", timeout, \"smpquery\", \"nodeinfo\", \"1\")");
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(Prerequisites.command(argv[0]).toString());
        cmd.addAll(Arrays.asList(argv).subList(1, argv.length));
        Path dir = null;
        try {
            Path clients = Files.createDirectories(sim.workDir().resolve("clients"));
            dir = Files.createTempDirectory(clients, argv[0].replaceAll("[^A-Za-z0-9_.-]", "_") + "-");
            Path out = dir.resolve("stdout");
            Path err = dir.resolve("stderr");
            ProcessBuilder pb = new ProcessBuilder(cmd)
                    .directory(dir.toFile())
                    .redirectInput(WorkFiles.DEV_NULL)
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile());
            long t0 = System.nanoTime();
            Process p = sim.startClient(pb, simHost);
            boolean finished = ChildProcesses.awaitExit(p, timeout);
            if (!finished) {
                sim.stopClient(p, Duration.ofSeconds(1));
            }
            Duration took = Duration.ofNanos(System.nanoTime() - t0);
            String stdout = new String(Files.readAllBytes(out), StandardCharsets.UTF_8);
            String stderr = new String(Files.readAllBytes(err), StandardCharsets.UTF_8);
            if (!finished) {
                String note = "\n[fabric-health testbed] " + argv[0] + " was stopped after its timeout of " + timeout
                        + (sim.isAlive() ? "" : "; ibsim exited too, its log ends:\n" + sim.logTail()) + "\n";
                return new ToolResult(ToolResult.TIMED_OUT, stdout, stderr + note, took);
            }
            return new ToolResult(p.exitValue(), stdout, stderr, took);
        } catch (IOException e) {
            throw new UncheckedIOException("could not run " + cmd + ": " + e.getMessage(), e);
        } finally {
            WorkFiles.deleteRecursively(dir);
        }
    }
}

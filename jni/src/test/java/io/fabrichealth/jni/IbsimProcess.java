package io.fabrichealth.jni;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

/**
 * A throwaway ibsim for this module's tests: unique IBSIM_SOCKNAME, console on a fifo opened
 * read-write (so ibsim never sees EOF), hard `timeout` around it, killed by PID on close.
 *
 * <p>Minimal on purpose: the shared fixture is io.fabrichealth.testbed.SimulatedFabric in the
 * testbed module, which this module cannot depend on. Move to it once it is published.
 */
final class IbsimProcess implements AutoCloseable {
    static final Path EXAMPLES = Path.of("/usr/share/doc/ibsim-utils/net-examples");
    private static final Duration MAX_LIFETIME = Duration.ofMinutes(3);

    private final Process process;
    private final String sockName;
    private final Path dir;
    private final Path fifo;
    private final Path log;

    private IbsimProcess(Process process, String sockName, Path dir, Path fifo, Path log) {
        this.process = process;
        this.sockName = sockName;
        this.dir = dir;
        this.fifo = fifo;
        this.log = log;
    }

    /** Starts ibsim on an example topology (gunzipped if the package shipped it compressed). */
    static IbsimProcess start(String example) throws IOException, InterruptedException {
        Prerequisites.requireIbsim();
        Path dir = Files.createTempDirectory("fh-jni-ibsim-");
        Path topology = example(example, dir);
        Path fifo = dir.resolve("console");
        Path log = dir.resolve("ibsim.log");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        if (!mkfifo.waitFor(10, TimeUnit.SECONDS) || mkfifo.exitValue() != 0) {
            throw new IOException("mkfifo " + fifo + " failed");
        }
        String sockName = "fhjni" + ProcessHandle.current().pid() + "x" + Long.toHexString(System.nanoTime());
        ProcessBuilder builder = new ProcessBuilder("bash", "-c",
                "exec timeout -k 2 " + MAX_LIFETIME.toSeconds() + " ibsim -s \"$1\" <>\"$2\" >>\"$3\" 2>&1",
                "ibsim", topology.toString(), fifo.toString(), log.toString());
        builder.environment().put("IBSIM_SOCKNAME", sockName);
        builder.environment().remove("LD_PRELOAD");
        IbsimProcess sim = new IbsimProcess(builder.start(), sockName, dir, fifo, log);
        try {
            sim.awaitReady(Duration.ofSeconds(15));
        } catch (IOException | RuntimeException | Error e) {
            sim.close();
            throw e;
        }
        return sim;
    }

    private static Path example(String name, Path dir) throws IOException {
        Path plain = EXAMPLES.resolve(name);
        if (Files.isRegularFile(plain)) {
            return plain;
        }
        Path gz = EXAMPLES.resolve(name + ".gz");
        if (!Files.isRegularFile(gz)) {
            throw new AssertionError("topology " + plain + " not found: apt-get install ibsim-utils");
        }
        Path copy = dir.resolve(name);
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            Files.copy(in, copy);
        }
        return copy;
    }

    private void awaitReady(Duration timeout) throws IOException {
        try {
            Awaitility.await("ibsim ready").atMost(timeout).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(20))
                    .until(() -> {
                        if (!process.isAlive()) {
                            throw new IOException("ibsim exited with " + process.exitValue() + ":\n" + log());
                        }
                        return log().contains("Network simulator ready") && socketListening();
                    });
        } catch (ConditionTimeoutException e) {
            throw new IOException("ibsim not ready within " + timeout + ":\n" + log(), e);
        }
    }

    /** ibsim's own pid (the process started is the {@code timeout} around it). */
    long pid() {
        return process.toHandle().children().findFirst()
                .orElseThrow(() -> new IllegalStateException("ibsim has no process under timeout")).pid();
    }

    private boolean socketListening() throws IOException {
        return Files.readString(Path.of("/proc/net/unix")).contains("@" + sockName + ":ctl");
    }

    String sockName() {
        return sockName;
    }

    Path consoleFifo() {
        return fifo;
    }

    /** The environment an ibsim client needs, attached at {@code simHost}'s first port. */
    Map<String, String> clientEnv(String simHost) {
        return Map.of("LD_PRELOAD", Prerequisites.UMAD2SIM.toString(), "IBSIM_SOCKNAME", sockName,
                "SIM_HOST", simHost);
    }

    /** Writes one console command (ibsim reads at most 127 characters a line). */
    void console(String command) throws IOException {
        if (command.length() > 127) {
            throw new IllegalArgumentException("ibsim console lines are at most 127 characters: " + command);
        }
        if (!process.isAlive()) {
            throw new IOException("ibsim is gone:\n" + log());
        }
        try (OutputStream out = Files.newOutputStream(fifo, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            out.write((command + "\n").getBytes(StandardCharsets.US_ASCII));
        }
    }

    String log() throws IOException {
        return Files.exists(log) ? Files.readString(log, StandardCharsets.ISO_8859_1) : "";
    }

    /** Runs an infiniband-diags tool as a client of this ibsim, in a private directory. */
    String tool(String simHost, String... argv) throws IOException, InterruptedException {
        Path work = Files.createTempDirectory(dir, "tool-");
        Path out = work.resolve("out");
        String[] command = new String[argv.length + 2];
        command[0] = "timeout";
        command[1] = "20";
        System.arraycopy(argv, 0, command, 2, argv.length);
        ProcessBuilder builder = new ProcessBuilder(command).directory(work.toFile())
                .redirectErrorStream(true).redirectOutput(out.toFile());
        builder.environment().putAll(clientEnv(simHost));
        Process tool = builder.start();
        if (!tool.waitFor(30, TimeUnit.SECONDS)) {
            tool.destroyForcibly();
        }
        String text = Files.readString(out);
        if (tool.exitValue() != 0) {
            throw new IOException(String.join(" ", argv) + " failed (" + tool.exitValue() + "):\n" + text);
        }
        return text;
    }

    /** SIGTERM to our own `timeout` (which passes it on to ibsim), then SIGKILL; by PID only. */
    @Override
    public void close() throws IOException {
        ProcessHandle handle = process.toHandle();
        var children = handle.descendants().toList();
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        children.forEach(ProcessHandle::destroyForcibly);
        deleteTree(dir);
    }

    private static void deleteTree(Path root) throws IOException {
        try (var paths = Files.walk(root)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}

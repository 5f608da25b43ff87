package io.fabrichealth.mbeans.smp;

import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

/**
 * ibsim plus opensm for this module's tests: a private IBSIM_SOCKNAME, the console on a fifo ibsim opens
 * read-write, opensm on the topology's first port with force_log_flush, both under `timeout` and stopped by PID.
 *
 * <p>Minimal on purpose: the shared fixture is testbed's SimulatedFabric, which this module does not depend on
 * (ask: add fabric-health-testbed as a test dependency of mbeans, then drop this class).
 */
final class SimFabric implements AutoCloseable {
    static final Path UMAD2SIM = Path.of("/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so");
    private static final int MAX_LIFETIME_SECONDS = 300;

    private final String sockName;
    private final Path dir;
    private final Path fifo;
    private final Path log;
    private final List<Process> processes = new ArrayList<>();

    private SimFabric(String sockName, Path dir) {
        this.sockName = sockName;
        this.dir = dir;
        this.fifo = dir.resolve("console");
        this.log = dir.resolve("ibsim.log");
    }

    /** Starts ibsim on the resource {@code topology} of this package and opensm, returning at SUBNET UP. */
    static SimFabric start(String topology, Path work) throws IOException, InterruptedException {
        for (String tool : new String[] {"ibsim", "opensm", "timeout", "mkfifo"}) {
            if (new ProcessBuilder("sh", "-c", "command -v " + tool).start().waitFor() != 0) {
                throw new AssertionError(tool + " not found: apt-get install ibsim-utils opensm coreutils");
            }
        }
        if (!Files.exists(UMAD2SIM)) {
            throw new AssertionError(UMAD2SIM + " not found: apt-get install ibsim-utils");
        }
        Path dir = Files.createDirectories(work.resolve("fabric"));
        SimFabric f = new SimFabric("fhsmpmb" + ProcessHandle.current().pid() + "x" + Long.toHexString(System.nanoTime()),
                dir);
        try {
            f.startIbsim(topology);
            f.startOpenSm();
        } catch (IOException | RuntimeException | Error e) {
            f.close();
            throw e;
        }
        return f;
    }

    private void startIbsim(String topology) throws IOException, InterruptedException {
        Path topo = dir.resolve(topology);
        try (InputStream in = SimFabric.class.getResourceAsStream(topology)) {
            Files.copy(in, topo, StandardCopyOption.REPLACE_EXISTING);
        }
        if (new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() != 0) {
            throw new IOException("mkfifo " + fifo + " failed");
        }
        // A fifo opened read-write never gives ibsim EOF (EOF makes it spin at 100% CPU).
        ProcessBuilder pb = new ProcessBuilder("sh", "-c",
                "exec timeout -k 2 " + MAX_LIFETIME_SECONDS + " ibsim -s \"$0\" <>\"$1\" >>\"$2\" 2>&1",
                topo.toString(), fifo.toString(), log.toString()).directory(dir.toFile());
        pb.environment().remove("LD_PRELOAD");
        pb.environment().put("IBSIM_SOCKNAME", sockName);
        processes.add(pb.start());
        await(() -> read(log).contains("sim>") && Files.readString(Path.of("/proc/net/unix"))
                .contains("@" + sockName + ":ctl"), "ibsim's prompt", log);
    }

    private void startOpenSm() throws IOException, InterruptedException {
        Path conf = dir.resolve("opensm.conf");
        Path osmLog = dir.resolve("opensm.log");
        ProcessBuilder template = new ProcessBuilder("opensm", "-c", conf.toString()).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(dir.resolve("opensm-c.out").toFile());
        template.environment().remove("LD_PRELOAD");
        template.start().waitFor(10, TimeUnit.SECONDS);
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(conf)) {
            lines.add(line.startsWith("force_log_flush ") ? "force_log_flush TRUE" : line);
        }
        Files.write(conf, lines);
        ProcessBuilder pb = new ProcessBuilder("timeout", "-k", "2", Integer.toString(MAX_LIFETIME_SECONDS), "opensm",
                "-F", conf.toString(), "-f", osmLog.toString()).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("opensm.out").toFile());
        pb.environment().putAll(clientEnv(null));
        pb.environment().put("OSM_TMP_DIR", dir.toString());
        pb.environment().put("OSM_CACHE_DIR", dir.toString());
        processes.add(0, pb.start()); // stopped first: opensm can hang on SIGTERM once ibsim is gone
        await(() -> read(osmLog).contains("SUBNET UP"), "opensm's SUBNET UP", osmLog);
    }

    /** The environment of a client attached at {@code simHost} (null: the topology's first port). */
    Map<String, String> clientEnv(String simHost) {
        return simHost == null ? Map.of("LD_PRELOAD", UMAD2SIM.toString(), "IBSIM_SOCKNAME", sockName)
                : Map.of("LD_PRELOAD", UMAD2SIM.toString(), "IBSIM_SOCKNAME", sockName, "SIM_HOST", simHost);
    }

    /** Writes one console command without waiting for ibsim's answer (so "Wait 3" does not block the test). */
    void console(String command) throws IOException {
        if (command.length() > 127) {
            throw new IllegalArgumentException("ibsim console lines hold at most 127 characters: " + command);
        }
        try (RandomAccessFile f = new RandomAccessFile(fifo.toFile(), "rw")) {
            f.write((command + "\n").getBytes(StandardCharsets.US_ASCII));
        }
    }

    /** Writes one console command and waits (generously) for ibsim's next prompt, i.e. until it has run it. */
    void consoleAndWait(String command) throws IOException, InterruptedException {
        long from = Files.size(log);
        console(command);
        await(() -> {
            String text = read(log);
            return text.length() > from && text.substring((int) Math.min(from, text.length())).contains("sim>");
        }, "ibsim prompt after " + command, log);
    }

    /** Stops opensm, then ibsim, by PID: SIGTERM to our `timeout`, which passes it on, then SIGKILL. */
    @Override
    public void close() {
        for (Process p : processes) {
            var children = p.descendants().toList();
            p.destroy();
            try {
                if (!p.waitFor(5, TimeUnit.SECONDS)) {
                    p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            children.forEach(ProcessHandle::destroyForcibly);
        }
    }

    private interface Check {
        boolean ok() throws IOException;
    }

    private static void await(Check check, String what, Path logFile) throws IOException, InterruptedException {
        try {
            Awaitility.await(what).atMost(30, TimeUnit.SECONDS).pollDelay(0, TimeUnit.MILLISECONDS)
                    .pollInterval(5, TimeUnit.MILLISECONDS).until(check::ok);
        } catch (ConditionTimeoutException e) {
            throw new IOException("no " + what + " within 30 s; " + logFile + ":\n" + read(logFile), e);
        }
    }

    private static String read(Path file) throws IOException {
        return Files.exists(file) ? Files.readString(file, StandardCharsets.ISO_8859_1) : "";
    }
}

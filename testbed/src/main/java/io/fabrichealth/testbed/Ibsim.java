package io.fabrichealth.testbed;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One running ibsim: a simulated InfiniBand fabric that libibumad programs reach through umad2sim.
 *
 * <p>Each instance has its own {@code IBSIM_SOCKNAME}, so parallel fabrics never see each other. Its console reads
 * a fifo that ibsim itself opens read-write ({@code <>}): with a read-only stdin it would see EOF and spin at 100%
 * CPU. Its output goes to {@link #log()}, where {@link SimConsole} finds the answers.
 */
public final class Ibsim implements AutoCloseable {

    /** ibsim has 10 client slots and refuses the next client with {@code sim_init: connect failed}; keep one spare. */
    public static final int MAX_CLIENTS = 9;

    static final Duration CONSOLE_QUIET = Duration.ofMillis(200);
    static final Duration CONSOLE_MAX = Duration.ofSeconds(5);

    private static final AtomicInteger SEQUENCE = new AtomicInteger();
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Pattern ATTACHED = Pattern.compile("Client (\\d+): pid (\\d+) connected");

    private final Process process;
    private final String sockName;
    private final Path workDir;
    private final Path fifo;
    private final Path log;
    private final Runnable cancelLifetime;
    private final Set<Process> clients = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean closed = new AtomicBoolean();

    private Ibsim(Process process, String sockName, Path workDir, Path fifo, Path log) {
        this.process = process;
        this.sockName = sockName;
        this.workDir = workDir;
        this.fifo = fifo;
        this.log = log;
        this.cancelLifetime = ChildProcesses.limitLifetime(process, "ibsim " + sockName);
    }

    /**
     * Starts ibsim on {@code topology} and waits for its console prompt.
     *
     * @throws IllegalStateException carrying the tail of ibsim's log if it exits (bad or missing topology) or is not
     *                               ready within {@code startTimeout}
     */
    public static Ibsim start(Path topology, Path workDir, Duration startTimeout) {
        Prerequisites.require("ibsim", "setpriv", "mkfifo", "sh");
        String sock = uniqueSockName();
        try {
            Files.createDirectories(workDir);
            Path fifo = workDir.resolve("ibsim-" + sock + ".in");
            Path log = workDir.resolve("ibsim-" + sock + ".log");
            WorkFiles.mkfifo(fifo);
            Files.deleteIfExists(log);
            Files.createFile(log);
            // Limits go first as "$@"; exec keeps the PID ibsim's own; "$0".. keep paths with spaces intact.
            List<String> argv = new ArrayList<>(List.of(Prerequisites.command("sh").toString(), "-c",
                    "t=\"$1\" f=\"$2\" l=\"$3\"; shift 3; exec \"$0\" \"$@\" -s \"$t\" <>\"$f\" >>\"$l\" 2>&1",
                    Prerequisites.command("ibsim").toString(), topology.toAbsolutePath().toString(),
                    fifo.toString(), log.toString()));
            argv.addAll(SimLimits.of(topology).flags());
            ProcessBuilder pb = new ProcessBuilder(argv)
                    .directory(workDir.toFile())
                    .redirectInput(WorkFiles.DEV_NULL)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD);
            simulatorEnv(pb.environment(), sock);
            Ibsim sim = new Ibsim(ChildProcesses.start(pb), sock, workDir, fifo, log);
            Reaper.register(sim);
            sim.awaitReady(topology, startTimeout);
            return sim;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start ibsim in " + workDir + ": " + e.getMessage(), e);
        }
    }

    public String sockName() {
        return sockName;
    }

    public Path consoleFifo() {
        return fifo;
    }

    public Path log() {
        return log;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Sends a console command (at most 127 characters) and returns ibsim's answer; see {@link SimConsole}. */
    public String console(String command) {
        SimConsole.check(command);
        ensureAlive("send '" + command + "'");
        String answer = SimConsole.send(fifo, log, command, CONSOLE_QUIET, CONSOLE_MAX);
        ensureAlive("answer '" + command + "'");
        return answer;
    }

    /**
     * The environment a libibumad program needs to run against this fabric.
     *
     * @param simHost the node whose first port the client attaches at; null for ibsim's default (the first port of
     *                the topology)
     */
    public Map<String, String> clientEnv(String simHost) {
        Map<String, String> env = new HashMap<>();
        env.put("LD_PRELOAD", Prerequisites.umad2sim().toString());
        env.put("IBSIM_SOCKNAME", sockName);
        if (simHost != null) {
            env.put("SIM_HOST", simHost);
        }
        return env;
    }

    /**
     * How many clients started through this instance (opensm, tools) are running now. Clients started elsewhere
     * with {@link #clientEnv} are not counted, but they use up ibsim's slots too.
     */
    public int clientsStarted() {
        clients.removeIf(p -> !p.isAlive());
        return clients.size();
    }

    /** Stops this instance's clients, then ibsim (SIGTERM, then SIGKILL); safe to call twice. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            for (Process c : clients) {
                ChildProcesses.stop(c, Duration.ofSeconds(5));
            }
            ChildProcesses.stop(process, Duration.ofSeconds(5));
        } finally {
            cancelLifetime.run();
            Reaper.unregister(this);
            try {
                Files.deleteIfExists(fifo);
                Files.deleteIfExists(fifo.resolveSibling(fifo.getFileName() + ".lock"));
            } catch (IOException e) {
                System.err.println("fabric-health testbed: could not delete " + fifo + ": " + e.getMessage());
            }
        }
    }

    @Override
    public String toString() {
        return "ibsim[" + sockName + ", pid " + process.pid() + "]";
    }

    /** Starts a client of this fabric, refusing one that would take ibsim's last slot. */
    Process startClient(ProcessBuilder pb, String simHost) throws IOException {
        ensureAlive("start " + pb.command());
        synchronized (clients) {
            if (clientsStarted() >= MAX_CLIENTS) {
                throw new IllegalStateException("ibsim " + sockName + " already runs " + MAX_CLIENTS
                        + " clients started here; ibsim has 10 slots and drops the client after them. "
                        + "Wait for running tools to finish or start a second fabric");
            }
            pb.environment().remove("LD_PRELOAD");
            pb.environment().remove("SIM_HOST");
            pb.environment().putAll(clientEnv(simHost));
            Process p = ChildProcesses.start(pb);
            clients.add(p);
            return p;
        }
    }

    /**
     * Stops a client and frees its ibsim slot: a client ended by a signal cannot say goodbye, and ibsim keeps its
     * slot taken until told otherwise.
     */
    void stopClient(Process client, Duration grace) {
        boolean wasRunning = client.isAlive();
        ChildProcesses.stop(client, grace);
        clients.remove(client);
        if (wasRunning && isAlive() && !closed.get()) {
            release(client.pid());
        }
    }

    /** Disconnects the client with this PID from ibsim ({@code Attached}, then {@code X <n>}). */
    void release(long clientPid) {
        Matcher m = ATTACHED.matcher(console("Attached"));
        while (m.find()) {
            if (Long.parseLong(m.group(2)) == clientPid) {
                console("X " + m.group(1));
            }
        }
    }

    Path workDir() {
        return workDir;
    }

    String logTail() {
        return WorkFiles.tail(log, 20);
    }

    void ensureAlive(String action) {
        if (closed.get()) {
            throw new IllegalStateException("cannot " + action + ": " + this + " is closed");
        }
        if (!process.isAlive()) {
            throw new IllegalStateException("cannot " + action + ": " + this + " exited with status "
                    + process.exitValue() + "; its log " + log + " ends:\n" + logTail());
        }
    }

    private void awaitReady(Path topology, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (!process.isAlive()) {
                ChildProcesses.awaitExit(process, Duration.ofSeconds(1));
                close();
                throw new IllegalStateException("ibsim could not load " + topology + " (exit status "
                        + process.exitValue() + "); fix the topology (ibnetdiscover format, examples in "
                        + Topologies.EXAMPLES + "). Its log " + log + " ends:\n" + logTail());
            }
            if (logText().contains(SimConsole.PROMPT)) {
                return;
            }
            if (System.nanoTime() > deadline) {
                close();
                throw new IllegalStateException("ibsim did not show its prompt within " + timeout + " for " + topology
                        + "; a very large topology needs a longer start timeout. Its log " + log + " ends:\n"
                        + logTail());
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                close();
                throw new IllegalStateException("interrupted while starting ibsim", e);
            }
        }
    }

    private String logText() {
        try {
            return new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    /** The simulator itself must not inherit a client's umad2sim preload from our environment. */
    private static void simulatorEnv(Map<String, String> env, String sock) {
        env.remove("LD_PRELOAD");
        env.remove("SIM_HOST");
        env.put("IBSIM_SOCKNAME", sock);
    }

    /** Short (ibsim appends ":ctl", ":out9" inside a 108-byte socket name) and unique per JVM, run and instance. */
    private static String uniqueSockName() {
        return "fh" + ProcessHandle.current().pid() + "-" + SEQUENCE.incrementAndGet() + "-"
                + Integer.toHexString(RANDOM.nextInt(0x10000));
    }
}

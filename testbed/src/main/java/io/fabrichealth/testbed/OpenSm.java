package io.fabrichealth.testbed;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * opensm running against an {@link Ibsim}: it sweeps the simulated fabric, assigns LIDs and brings ports to Active.
 *
 * <p>Each instance has its own folder for {@code OSM_TMP_DIR}, {@code OSM_CACHE_DIR}, its config and log, so
 * parallel fabrics never share opensm's files.
 */
public final class OpenSm implements AutoCloseable {

    static final String SUBNET_UP = "SUBNET UP";

    private final Ibsim sim;
    private final Process process;
    private final Path dir;
    private final Path log;
    private final Runnable cancelLifetime;
    private final AtomicBoolean closed = new AtomicBoolean();
    private Duration subnetUpAfter;

    private OpenSm(Ibsim sim, Process process, Path dir) {
        this.sim = sim;
        this.process = process;
        this.dir = dir;
        this.log = dir.resolve("opensm.log");
        this.cancelLifetime = ChildProcesses.limitLifetime(process, "opensm");
    }

    /**
     * Starts opensm as a client of {@code sim} and waits until its log says SUBNET UP.
     *
     * @param simHost the node opensm runs on; null for ibsim's default port (the first port of the topology)
     * @throws IllegalStateException with the tails of opensm's and ibsim's logs if opensm exits or the subnet does
     *                               not come up within {@code subnetUpTimeout}
     */
    public static OpenSm start(Ibsim sim, String simHost, Path workDir, Duration subnetUpTimeout) {
        Prerequisites.require("opensm");
        try {
            Files.createDirectories(workDir);
            Path dir = Files.createTempDirectory(workDir, "opensm-");
            Path conf = OpenSmConfig.write(dir);
            ProcessBuilder pb = new ProcessBuilder(Prerequisites.command("opensm").toString(), "-F", conf.toString())
                    .directory(dir.toFile()) // umad2sim creates ./sys-<pid>/ here
                    .redirectInput(WorkFiles.DEV_NULL)
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("opensm.out").toFile());
            pb.environment().put("OSM_TMP_DIR", dir.toString());
            pb.environment().put("OSM_CACHE_DIR", dir.toString());
            long t0 = System.nanoTime();
            OpenSm sm = new OpenSm(sim, sim.startClient(pb, simHost), dir);
            Reaper.register(sm);
            sm.awaitSubnetUp(subnetUpTimeout);
            sm.subnetUpAfter = Duration.ofNanos(System.nanoTime() - t0);
            return sm;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start opensm in " + workDir + ": " + e.getMessage(), e);
        }
    }

    public long pid() {
        return process.pid();
    }

    public Path log() {
        return log;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Time from starting opensm to SUBNET UP in its log. */
    public Duration subnetUpAfter() {
        return subnetUpAfter;
    }

    /** SIGTERM, then SIGKILL; an opensm that had to be killed is also disconnected from ibsim. Safe to call twice. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            // Without ibsim opensm may ignore SIGTERM, so don't wait long for it then.
            sim.stopClient(process, sim.isAlive() ? Duration.ofSeconds(5) : Duration.ofMillis(500));
        } finally {
            cancelLifetime.run();
            Reaper.unregister(this);
            WorkFiles.deleteUmadSysDirs(dir);
        }
    }

    @Override
    public String toString() {
        return "opensm[pid " + process.pid() + " on " + sim + "]";
    }

    private void awaitSubnetUp(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!logText().contains(SUBNET_UP)) {
            String problem = null;
            if (!process.isAlive()) {
                problem = "opensm exited with status " + process.exitValue();
            } else if (!sim.isAlive()) {
                problem = "ibsim exited under opensm";
            } else if (System.nanoTime() > deadline) {
                problem = "no SUBNET UP within " + timeout;
            }
            if (problem != null) {
                close();
                throw new IllegalStateException(problem + ". opensm's output " + dir.resolve("opensm.out") + ":\n"
                        + WorkFiles.tail(dir.resolve("opensm.out"), 10) + "\nopensm's log " + log + ":\n"
                        + WorkFiles.tail(log, 15) + "\nibsim's log " + sim.log() + ":\n" + sim.logTail());
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                close();
                throw new IllegalStateException("interrupted while waiting for SUBNET UP", e);
            }
        }
    }

    private String logText() {
        try {
            return Files.exists(log) ? new String(Files.readAllBytes(log), StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "";
        }
    }
}

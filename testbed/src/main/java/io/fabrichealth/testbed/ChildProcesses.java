package io.fabrichealth.testbed;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Starts and stops the simulator's processes so that none can outlive us.
 *
 * <p>Three nets, because each one alone has a hole: {@code setpriv --pdeathsig KILL} ends a child when the JVM
 * dies, even by SIGKILL; a lifetime timer ends it when a live JVM forgets it; {@link Reaper} closes fixtures on a
 * normal JVM exit. The parent-death signal fires when the <em>thread</em> that forked the child ends, so every
 * child is forked from one thread that lives as long as the JVM.
 */
final class ChildProcesses {

    /** Overrides the lifetime cap of ibsim and opensm (ISO-8601, e.g. {@code PT12H}; {@code PT0S} = no cap). */
    static final String LIFETIME_PROPERTY = "fabrichealth.testbed.lifetime";

    private static final Duration DEFAULT_LIFETIME = Duration.ofHours(12);

    private static final ExecutorService FORKER = Executors.newSingleThreadExecutor(r -> daemon(r, "fh-testbed-fork"));
    private static final ScheduledExecutorService TIMERS =
            Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "fh-testbed-lifetime"));

    private ChildProcesses() {
    }

    /** Starts {@code pb}'s command under {@code setpriv --pdeathsig KILL}; the returned PID is the command's own. */
    static Process start(ProcessBuilder pb) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Prerequisites.command("setpriv").toString());
        cmd.add("--pdeathsig");
        cmd.add("KILL");
        cmd.add("--");
        cmd.addAll(pb.command());
        pb.command(cmd);
        try {
            return FORKER.submit(pb::start).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting " + cmd, e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IllegalStateException("could not start " + cmd, e.getCause());
        }
    }

    /** Stops {@code p} after the configured lifetime unless the returned canceller runs first. */
    static Runnable limitLifetime(Process p, String what) {
        Duration lifetime = lifetime();
        if (lifetime.isZero()) {
            return () -> { };
        }
        ScheduledFuture<?> timer = TIMERS.schedule(() -> {
            if (p.isAlive()) {
                System.err.println("fabric-health testbed: " + what + " (pid " + p.pid() + ") reached its lifetime of "
                        + lifetime + " and is stopped; set -D" + LIFETIME_PROPERTY + " to keep it longer");
                stop(p, Duration.ofSeconds(5));
            }
        }, lifetime.toMillis(), TimeUnit.MILLISECONDS);
        return () -> timer.cancel(false);
    }

    static Duration lifetime() {
        String v = System.getProperty(LIFETIME_PROPERTY);
        if (v == null || v.isBlank()) {
            return DEFAULT_LIFETIME;
        }
        try {
            Duration d = Duration.parse(v.trim());
            if (d.isNegative()) {
                throw new IllegalArgumentException("negative");
            }
            return d;
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("-D" + LIFETIME_PROPERTY + "=" + v
                    + " is not an ISO-8601 duration such as PT12H (PT0S means no limit)", e);
        }
    }

    /**
     * SIGTERM, wait up to {@code grace}, then SIGKILL; touches only this one PID.
     *
     * @return true if the process had to be killed with SIGKILL
     */
    static boolean stop(Process p, Duration grace) {
        if (!p.isAlive()) {
            return false;
        }
        p.destroy();
        if (awaitExit(p, grace)) {
            return false;
        }
        p.destroyForcibly();
        if (!awaitExit(p, Duration.ofSeconds(5))) {
            throw new IllegalStateException("pid " + p.pid() + " survived SIGKILL for 5 s; check it with ps -o stat -p "
                    + p.pid() + " (D state means it is stuck in the kernel)");
        }
        return true;
    }

    static boolean awaitExit(Process p, Duration d) {
        try {
            p.onExit().get(d.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !p.isAlive();
        } catch (ExecutionException e) {
            throw new UncheckedIOException(new IOException("waiting for pid " + p.pid(), e.getCause()));
        }
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }
}

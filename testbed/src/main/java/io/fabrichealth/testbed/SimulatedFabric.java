package io.fabrichealth.testbed;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The usual entry point: ibsim with, optionally, opensm on top, ready for clients.
 *
 * <pre>{@code
 * try (SimulatedFabric fabric = SimulatedFabric.start(Topologies.bundled(), true, workDir)) {
 *     fabric.console("Unlink \"leaf-a\"[8]");
 *     ToolResult r = fabric.tool("node01", Duration.ofSeconds(10), "smpquery", "-D", "portinfo", "0,1", "8");
 * }
 * }</pre>
 */
public final class SimulatedFabric implements AutoCloseable {

    public static final Duration IBSIM_START_TIMEOUT = Duration.ofSeconds(20);
    public static final Duration SUBNET_UP_TIMEOUT = Duration.ofSeconds(60);

    private final Ibsim ibsim;
    private final OpenSm opensm;
    private final AtomicBoolean closed = new AtomicBoolean();

    private SimulatedFabric(Ibsim ibsim, OpenSm opensm) {
        this.ibsim = ibsim;
        this.opensm = opensm;
    }

    /**
     * Starts ibsim on {@code topology} and, if {@code withOpenSm}, opensm on ibsim's default port, returning once
     * the subnet is up. Logs and opensm's files stay in {@code workDir} (created if needed).
     */
    public static SimulatedFabric start(Path topology, boolean withOpenSm, Path workDir) {
        int scale = sizeScale(topology);
        Ibsim sim = Ibsim.start(topology, workDir, IBSIM_START_TIMEOUT.multipliedBy(scale));
        try {
            OpenSm sm = withOpenSm ? OpenSm.start(sim, null, workDir, SUBNET_UP_TIMEOUT.multipliedBy(scale)) : null;
            return new SimulatedFabric(sim, sm);
        } catch (RuntimeException | Error e) {
            sim.close();
            throw e;
        }
    }

    /**
     * How many times the default deadlines a topology gets: ibsim's parse and opensm's first sweep grow with the
     * fabric (a 10,000-port fabric took 5 s and 14 s on 2 busy cores), one more for every 2,000 ports.
     */
    public static int sizeScale(Path topology) {
        return 1 + SimLimits.of(topology).ports() / 2000;
    }

    public Ibsim ibsim() {
        return ibsim;
    }

    /** The running opensm, or null when started without one. */
    public OpenSm opensm() {
        return opensm;
    }

    /** Sends an ibsim console command (at most 127 characters) and returns its answer. */
    public String console(String cmd) {
        return ibsim.console(cmd);
    }

    /** See {@link Ibsim#clientEnv(String)}. */
    public Map<String, String> clientEnv(String simHost) {
        return ibsim.clientEnv(simHost);
    }

    /**
     * Runs a libibumad tool ({@code smpquery}, {@code perfquery}, {@code ibnetdiscover}, {@code iblinkinfo},
     * {@code ibqueryerrors}, ...) as a client attached at {@code simHost}'s first port, in a private temp folder.
     * A tool that overruns {@code timeout} is stopped and reported with {@link ToolResult#TIMED_OUT}.
     *
     * <p>Keep {@code timeout} longer than any {@code Wait} you sent: ibsim exits (ibpanic) when a client it was
     * still connecting during a Wait has been killed.
     */
    public ToolResult tool(String simHost, Duration timeout, String... argv) {
        return ToolRunner.run(ibsim, simHost, timeout, argv);
    }

    /** Stops opensm first (it can hang on SIGTERM once ibsim is gone), then ibsim. Safe to call twice. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            if (opensm != null) {
                opensm.close();
            }
        } finally {
            ibsim.close();
        }
    }

    @Override
    public String toString() {
        return "SimulatedFabric[" + ibsim + (opensm == null ? "" : ", " + opensm) + "]";
    }
}

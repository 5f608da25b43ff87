package io.fabrichealth.probes.smp;

import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.config.ProbeFamily;
import io.fabrichealth.config.SmpConfig;
import io.fabrichealth.probes.Probe;
import io.fabrichealth.probes.ProbeResult;
import io.fabrichealth.probes.mad.NodeType;
import io.fabrichealth.probes.smp.engine.EngineSettings;
import io.fabrichealth.probes.smp.engine.EngineStats;
import io.fabrichealth.probes.smp.engine.MadEngine;
import io.fabrichealth.probes.smp.engine.MadTransport;
import io.fabrichealth.probes.smp.engine.UmadTransport;
import io.fabrichealth.probes.smp.fabric.FabricMap;
import io.fabrichealth.probes.smp.fabric.KnownNode;
import io.fabrichealth.probes.smp.fabric.SweepReport;
import io.fabrichealth.probes.smp.fabric.SweepRun;
import io.fabrichealth.probes.smp.health.Flapping;
import io.fabrichealth.probes.smp.health.Thresholds;
import io.fabrichealth.probes.smp.route.Route;
import io.fabrichealth.probes.smp.route.Routes;
import io.fabrichealth.probes.smp.health.Verdict;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The SMP sweep as a probe (family {@code smp-sweep}): each {@link #check()} walks the fabric (or the configured
 * targets), reads PortInfo and PMA counters, judges every port, reports the four SMP alarm kinds to the
 * {@link AlarmSink}, and publishes an immutable {@link SmpSnapshot} for the MBeans.
 *
 * <pre>{@code
 * SmpSweepProbe smp = SmpSweepProbe.onUmad(fabric.ca(), fabric.port(), config.smp(), alarmSink);
 * ProbeResult r = smp.execute();        // from the schedule, never concurrently with itself
 * SmpSnapshot now = smp.snapshot();     // from any thread, never blocks
 * }</pre>
 *
 * The umad port is opened at the first sweep and kept: umad2sim allows one agent per class per process. The probe
 * sends Get only; {@code resetNearSaturation} would need a Set and is reported as unsupported instead.
 *
 * <p>In a fleet ({@link SweepShare}) a sweep either discovers (the discovery owner, now and then: the walk as alone,
 * PMA of its own nodes only, then the node list is published) or sweeps by LID the nodes this agent owns and could
 * claim. Either way the snapshot holds only what this agent swept; the others' share comes from
 * {@link SweepShare#othersNodes()}. With {@link SweepShare#ALONE} every sweep is a discovery of everything, as in
 * wave 1.
 */
public final class SmpSweepProbe implements Probe, AutoCloseable {
    private static final System.Logger LOG = System.getLogger(SmpSweepProbe.class.getName());
    /** Every this many sweeps NodeDescriptions are read again (new nodes always); in between they cost no MAD. */
    static final int DESCRIPTION_REFRESH_SWEEPS = 10;
    static final String NO_RESET = "resetNearSaturation is on, but fabric-health sends no Set MAD, so it never "
            + "resets counters; clear them with perfquery -R or let opensm's PerfMgr do it";

    private final Supplier<MadTransport> opener;
    private final SweepShare share;
    private final AlarmSink alarms;
    private final Clock clock;
    private final FabricMap map = new FabricMap();
    private final Routes routes = new Routes();
    private final Flapping flapping = new Flapping();
    private final List<Consumer<SmpSnapshot>> listeners = new CopyOnWriteArrayList<>();
    /** Sweeps blocked on the probe's lock: a measurement lending the engine gives way to them. */
    private final AtomicInteger sweepsWaiting = new AtomicInteger();
    private volatile boolean closing;
    private volatile SmpConfig config;
    private volatile SmpSnapshot snapshot = SmpSnapshot.EMPTY;
    private MadTransport transport;
    private MadEngine engine;
    private long sweeps;
    private Instant lastGood;
    private boolean closed;

    public SmpSweepProbe(Supplier<MadTransport> opener, SmpConfig config, AlarmSink alarms, Clock clock) {
        this(opener, config, alarms, clock, SweepShare.ALONE);
    }

    /** A probe that shares the fabric through {@code share} (a fleet, or {@link SweepShare#ALONE}). */
    public SmpSweepProbe(Supplier<MadTransport> opener, SmpConfig config, AlarmSink alarms, Clock clock,
            SweepShare share) {
        this.opener = opener;
        this.share = share;
        this.config = config;
        this.alarms = alarms;
        this.clock = clock;
        EngineSettings.of(config); // fail early on windows out of range
        new Thresholds(config.effectiveThresholds());
    }

    /** A probe on the local umad port {@code ca}/{@code port} (null/0 = first active), opened at the first sweep. */
    public static SmpSweepProbe onUmad(String ca, int port, SmpConfig config, AlarmSink alarms) {
        return onUmad(ca, port, config, alarms, SweepShare.ALONE);
    }

    /** As {@link #onUmad(String, int, SmpConfig, AlarmSink)}, sharing the fabric through {@code share}. */
    public static SmpSweepProbe onUmad(String ca, int port, SmpConfig config, AlarmSink alarms, SweepShare share) {
        return new SmpSweepProbe(() -> UmadTransport.open(ca, port), config, alarms, Clock.systemUTC(), share);
    }

    /** How this probe shares the fabric. */
    public SweepShare share() {
        return share;
    }

    @Override
    public ProbeFamily family() {
        return ProbeFamily.SMP_SWEEP;
    }

    /** A new config applies from the next sweep; the fabric map and counter baselines are kept. */
    public void configure(SmpConfig newConfig) {
        EngineSettings.of(newConfig);
        new Thresholds(newConfig.effectiveThresholds());
        this.config = newConfig;
    }

    /** The last published state; cheap, never blocks. */
    public SmpSnapshot snapshot() {
        return snapshot;
    }

    /** Called on the sweep's thread after every sweep (also failed ones), with the new snapshot. */
    public void addListener(Consumer<SmpSnapshot> listener) {
        listeners.add(listener);
    }

    public void removeListener(Consumer<SmpSnapshot> listener) {
        listeners.remove(listener);
    }

    @Override
    public ProbeResult check() {
        sweepsWaiting.incrementAndGet();
        synchronized (this) {
            sweepsWaiting.decrementAndGet();
            return sweep();
        }
    }

    /**
     * Lends the sweep's engine, with its windows and cap, to {@code work} between sweeps (opening the umad port if no
     * sweep has yet). {@code sweepWaiting} turns true when a sweep wants the engine (or the probe is closing):
     * {@code work} should then stop submitting, let {@link MadEngine#run()} drain and return, and come back; the
     * sweep runs in between. The engine's counters then reach the SmpProbe MBean at once, not after the next sweep.
     */
    public <T> T useEngine(BiFunction<MadEngine, BooleanSupplier, T> work) throws InterruptedException {
        while (sweepsWaiting.get() > 0) { // a sweep that asked first goes first
            Thread.sleep(1);
        }
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException("the SMP probe is closed; the agent is shutting down");
            }
            MadEngine e = openEngine(config);
            try {
                return work.apply(e, () -> sweepsWaiting.get() > 0 || closing);
            } finally {
                snapshot = snapshot.withEngine(e.settings(), e.stats());
            }
        }
    }

    /**
     * The hop-by-hop routes between LID pairs over the last sweep's cables, the switches' forwarding blocks read
     * through the sweep's engine (only those the routes need, kept until the topology or a SwitchInfo changes).
     */
    public List<Route> traceRoutes(List<Routes.LidPair> pairs) throws InterruptedException {
        SmpSnapshot last = snapshot;
        // In a fleet this agent sweeps a slice: the other members' records complete the cables (its own win).
        Map<Long, NodeSnapshot> nodes = new LinkedHashMap<>();
        share.othersNodes().forEach(n -> nodes.put(n.guid(), n));
        last.nodes().forEach(n -> nodes.put(n.guid(), n));
        Map<String, PortSnapshot> ports = new LinkedHashMap<>();
        share.othersPorts().forEach(p -> ports.put(p.subject(), p));
        last.ports().forEach(p -> ports.put(p.subject(), p));
        return useEngine((engine, sweepWaiting) -> routes.trace(engine, last.sweeps(), nodes.values(), ports.values(),
                pairs));
    }

    /** The route tracer, for its counts (MADs sent, blocks held). */
    public Routes routes() {
        return routes;
    }

    private MadEngine openEngine(SmpConfig c) {
        if (engine == null) {
            transport = opener.get();
            engine = new MadEngine(transport, EngineSettings.of(c));
        }
        engine.configure(EngineSettings.of(c));
        return engine;
    }

    /** One sweep, holding the probe's lock. */
    private ProbeResult sweep() {
        Instant start = clock.instant();
        if (closed) {
            throw new IllegalStateException("the SMP probe is closed; the agent is shutting down");
        }
        SmpConfig c = config;
        try {
            openEngine(c);
            boolean refresh = sweeps % DESCRIPTION_REFRESH_SWEEPS == 0;
            List<String> notes = new ArrayList<>(notes(c));
            String mode = "targets";
            SweepReport sweep;
            if (c.targets().isEmpty()) {
                boolean discover = share.discoverNow(sweeps);
                Set<Long> slice = discover ? slice(share.rediscoverEvery()) : null;
                boolean steady = discover && slice == null && share.alone() && !map.walkNeeded();
                mode = !discover ? "owned" : steady ? "steady" : slice == null ? "discovery" : "rediscovery";
                sweep = shared(discover, slice, steady, refresh, notes);
            } else {
                sweep = SweepRun.targets(engine, map, c.targets(), refresh, clock);
            }
            Judgement.apply(map, sweep, new Thresholds(c.effectiveThresholds()));
            SmpAlarms.report(map, sweep, alarms, share::owns, flapping, c.flapping());
            sweeps++;
            boolean localAnswered = map.nodes().stream().anyMatch(n -> n.local() && sweep.answered().contains(n.guid()));
            boolean good = c.targets().isEmpty() ? localAnswered : !sweep.answered().isEmpty();
            if (good) {
                lastGood = sweep.at();
            }
            EngineStats stats = engine.stats(); // once: every node's RTTs come from it, not from a second pass
            publish(new SmpSnapshot(sweeps, sweep.at(), sweep.took().toMillis(), lastGood, sweep.links().size(),
                    sweep.silent().size(), sweep.madsFailed(), mode, engine.settings(), stats,
                    Snapshots.nodes(map, engine, stats.rttByDestination(), share.self()),
                    Snapshots.ports(map, share.self()), "",
                    List.copyOf(notes), Snapshots.madsSent(map, engine)));
            tell(() -> share.publishSwept(snapshot.nodes(), snapshot.ports()), "what it swept");
            String summary = summary(sweep);
            return good ? ProbeResult.pass(summary, start, Duration.between(start, clock.instant()))
                    : ProbeResult.fail(summary + "; " + (c.targets().isEmpty() ? "the agent's own node did not answer"
                            : "no target answered"), start, Duration.between(start, clock.instant()));
        } catch (RuntimeException | LinkageError e) {
            publish(snapshot.withError(e.getClass().getSimpleName() + ": " + e.getMessage()));
            throw e;
        }
    }

    /**
     * A discovery or a sweep by LID of the owned nodes, under this sweep's claims (released afterwards, even when
     * the sweep fails). The fleet's node list is learnt first, so a member that never discovers knows every LID.
     */
    private SweepReport shared(boolean discover, Set<Long> slice, boolean steady, boolean refresh,
            List<String> notes) {
        map.learn(share.nodes());
        boolean fullWalk = discover && slice == null;
        SweepClaims claims = new SweepClaims(share, claimTtl(engine.settings()), fullWalk);
        SweepReport sweep;
        try {
            claims.claimOwned(map.nodes().stream().map(KnownNode::guid).toList());
            sweep = steady ? SweepRun.steady(engine, map, refresh, clock)
                    : fullWalk ? SweepRun.discover(engine, map, refresh, claims::mine, clock)
                    : slice != null ? SweepRun.rolling(engine, map, slice, refresh, claims::mine, sweptSinceLastTime(), clock)
                    : SweepRun.byLid(engine, map, claims::mine, clock);
        } finally {
            share.release(claims.granted());
        }
        if (!claims.refused().isEmpty()) {
            notes.add(claims.refused().size() + " node(s) were claimed by another agent and skipped in sweep "
                    + sweeps + ": " + claims.refused().stream().limit(10).map(g -> String.format("0x%016x", g)).toList());
        }
        if (discover) {
            List<FabricNode> found = Snapshots.fabric(map, sweep.answered(), share.self(), sweep.at());
            tell(() -> share.publishNodes(found), "the node list");
        }
        return sweep;
    }

    /**
     * The PhysState of every port another member swept within the last two of this agent's sweep intervals: fresh
     * enough for a rolling rediscovery to decide where to walk without reading PortInfo again. One interval is not
     * enough. Another member on the same schedule, sweeping a moment before this agent, publishes only when its sweep
     * ends, and the grid brings that a moment later: its latest sweep here can date from just before this agent's
     * previous one began. The walk then read every port's PortInfo again (one FleetIT run: 32 more MADs to each of
     * four leaves).
     */
    private BiFunction<Long, Integer, Integer> sweptSinceLastTime() {
        SmpSnapshot last = snapshot;
        if (last.lastSweepAt() == null) {
            return (guid, port) -> null;
        }
        Instant previousStart = last.lastSweepAt().minusMillis(last.sweepDurationMillis());
        Duration interval = Duration.between(previousStart, clock.instant());
        Instant since = interval.isNegative() ? previousStart : previousStart.minus(interval);
        Map<Long, Map<Integer, Integer>> states = new HashMap<>();
        for (PortSnapshot p : share.othersPorts()) {
            if (p.lastSweep() != null && p.lastSweep().isAfter(since) && p.physState() >= 0) {
                states.computeIfAbsent(p.nodeGuid(), g -> new HashMap<>()).put(p.port(), p.physState());
            }
        }
        return (guid, port) -> states.getOrDefault(guid, Map.of()).get(port);
    }

    /**
     * This sweep's slice of a rolling rediscovery: the known switches, in GUID order, whose index is this sweep's
     * number modulo {@code every}. Null, for a walk of the whole fabric: alone ({@code every} 1), or while some known
     * switch has no directed route this agent walked (its first walk, or after it took discovery over).
     */
    private Set<Long> slice(int every) {
        if (every <= 1) {
            return null;
        }
        List<Long> switches = new ArrayList<>();
        for (KnownNode k : map.nodes()) {
            if (k.type() == NodeType.SWITCH) {
                if (map.pathTo(k.guid()) == null) {
                    return null;
                }
                switches.add(k.guid());
            }
        }
        if (switches.isEmpty()) {
            return null;
        }
        switches.sort(Long::compareUnsigned);
        Set<Long> out = new LinkedHashSet<>();
        for (int i = 0; i < switches.size(); i++) {
            if (i % every == sweeps % every) {
                out.add(switches.get(i));
            }
        }
        return out;
    }

    /**
     * Long enough for the slowest sweep: a chain of four MADs (NodeInfo, PortInfo, ClassPortInfo, counters), each
     * through every retry, with room to spare. A dead member's claims lapse after it (the fleet may drop them
     * sooner, when it declares the member dead).
     */
    static Duration claimTtl(EngineSettings s) {
        return Duration.ofMillis(Math.max(10_000, 5L * s.timeout().toMillis() * (s.retries() + 1)));
    }

    /** The fleet being unreachable must not cost this agent its own sweep. */
    private static void tell(Runnable publish, String what) {
        try {
            publish.run();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "could not publish " + what + " to the fleet; the sweep stands", e);
        }
    }

    private String summary(SweepReport sweep) {
        SmpSnapshot s = snapshot;
        long bad = s.ports().stream().filter(p -> p.health() != Verdict.OK).count();
        return String.format("swept %d node(s), %d port(s) in %d ms: %d silent node(s), %d port(s) not OK, "
                + "%d MAD(s) failed", s.nodesSeen(), s.portsSeen(), sweep.took().toMillis(), sweep.silent().size(), bad,
                sweep.madsFailed());
    }

    private static List<String> notes(SmpConfig c) {
        List<String> notes = new ArrayList<>();
        if (c.resetNearSaturation()) {
            notes.add(NO_RESET);
        }
        return List.copyOf(notes);
    }

    private void publish(SmpSnapshot s) {
        snapshot = s;
        for (Consumer<SmpSnapshot> l : listeners) {
            try {
                l.accept(s);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "an SMP snapshot listener failed; the sweep carries on", e);
            }
        }
    }

    /** Closes the umad port (waiting, under umad2sim, for answers still owed). */
    @Override
    public void close() {
        closing = true; // a measurement's turn ends now rather than at its time
        synchronized (this) {
            closed = true;
            if (transport != null) {
                transport.close();
                transport = null;
                engine = null;
            }
        }
    }
}

package io.fabrichealth.probes.smp.mads;

import io.fabrichealth.probes.mad.MadRequest;
import io.fabrichealth.probes.smp.NodeSnapshot;
import io.fabrichealth.probes.smp.PortSnapshot;
import io.fabrichealth.probes.smp.SmpSweepProbe;
import io.fabrichealth.probes.smp.engine.EngineSettings;
import io.fabrichealth.probes.smp.engine.EngineStats;
import io.fabrichealth.probes.smp.engine.MadEngine;
import io.fabrichealth.probes.smp.engine.MadOutcome;
import io.fabrichealth.probes.smp.engine.RttSummary;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.HdrHistogram.IntCountsHistogram;

/**
 * smp_mad_stress's measurement on the agent's own engine: Gets to each destination at queue depth 1, then 2, for a
 * bounded time each, and per destination the MADs sent, answered and timed out, MAD/s and RTTs.
 *
 * <p>It borrows the sweep's engine ({@link SmpSweepProbe#useEngine}), so the sweep's limits hold for it too: never
 * more than {@code smp.perDestination} in flight to a destination (depth 2 runs at 1 when that is 1), never more
 * than {@code smp.window} on the port, never faster than {@code smp.madsPerSecond}. A sweep that comes due meanwhile
 * runs at once, between two of the measurement's turns: the measurement pauses, the sweep sees the engine as
 * always, and the pause is neither counted nor hidden (the result says a sweep ran). One measurement at a time.
 *
 * <pre>{@code
 * MadsMeasurement mads = new MadsMeasurement(smpProbe);
 * MadsResult r = mads.measure(List.of("leaf-a", "5"), "NodeInfo", 5);   // about 10 s
 * String table = MadsTable.text(r);
 * }</pre>
 */
public final class MadsMeasurement {
    public static final int DEFAULT_SECONDS = 5;
    public static final int MAX_SECONDS = 60;
    /** smp_mad_stress's "more than two on the wire to one destination does not help". */
    public static final int[] DEPTHS = {1, 2};
    /** 64 destinations at depth 2 fill the 128 of a QP0 send queue. */
    public static final int MAX_TARGETS = 64;

    private final SmpSweepProbe probe;
    private final Clock clock;
    private final AtomicReference<String> running = new AtomicReference<>();

    public MadsMeasurement(SmpSweepProbe probe) {
        this(probe, Clock.systemUTC());
    }

    MadsMeasurement(SmpSweepProbe probe, Clock clock) {
        this.probe = probe;
        this.clock = clock;
    }

    /**
     * Measures now and returns when done (about 2 x {@code seconds}, plus any sweep that ran meanwhile).
     *
     * @param targets LIDs, GUIDs or NodeDescriptions ({@link MadsTarget#resolve})
     * @param attribute an SMP attribute ({@link MadsAttribute#parse}); empty for NodeInfo
     * @param seconds per depth, 1..60
     * @throws IllegalArgumentException for a bad target, attribute or duration, saying what is accepted
     * @throws IllegalStateException when another measurement is running
     */
    public MadsResult measure(List<String> targets, String attribute, int seconds) throws InterruptedException {
        MadsAttribute attr = MadsAttribute.parse(attribute);
        if (seconds < 1 || seconds > MAX_SECONDS) {
            throw new IllegalArgumentException("seconds per depth must be 1.." + MAX_SECONDS + " (default "
                    + DEFAULT_SECONDS + "), got " + seconds);
        }
        List<NodeSnapshot> nodes = new ArrayList<>(probe.snapshot().nodes());
        nodes.addAll(probe.share().othersNodes());
        List<PortSnapshot> ports = new ArrayList<>(probe.snapshot().ports());
        ports.addAll(probe.share().othersPorts());
        List<MadsTarget> resolved = MadsTarget.resolve(targets, nodes, ports);
        if (resolved.size() > MAX_TARGETS) {
            throw new IllegalArgumentException(resolved.size() + " targets: at most " + MAX_TARGETS
                    + " per measurement (at depth 2 they fill a QP0 send queue of 128)");
        }
        long sweepsBefore = probe.snapshot().sweeps(); // before anyone can see it running: a sweep from then on counts
        String what = resolved.stream().map(MadsTarget::typed).toList() + " " + attr.iba() + " for " + seconds
                + " s per depth, started " + clock.instant();
        if (!running.compareAndSet(null, what)) {
            throw new IllegalStateException("busy: one measurement runs at a time, and " + running.get()
                    + " is still running; try again when it has finished");
        }
        try {
            return run(resolved, attr, seconds, sweepsBefore);
        } finally {
            running.set(null);
        }
    }

    /** What is being measured now, for a "busy" answer; null when nothing is. */
    public String running() {
        return running.get();
    }

    private MadsResult run(List<MadsTarget> targets, MadsAttribute attr, int seconds, long sweepsBefore)
            throws InterruptedException {
        Instant at = clock.instant();
        long wallStart = System.nanoTime();
        long[] measured = new long[1];
        List<MadsResult.Row> rows = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        EngineSettings[] settings = new EngineSettings[1];
        List<List<MadsResult.Row>> byDepth = new ArrayList<>();
        for (int depth : DEPTHS) {
            byDepth.add(depth(targets, attr, depth, seconds * 1_000_000_000L, settings, measured));
        }
        long sweeps = probe.snapshot().sweeps() - sweepsBefore;
        long pausedMillis = sweeps == 0 ? 0 : (System.nanoTime() - wallStart - measured[0]) / 1_000_000;
        for (int t = 0; t < targets.size(); t++) {
            for (List<MadsResult.Row> d : byDepth) {
                rows.add(d.get(t));
            }
        }
        EngineSettings s = settings[0];
        if (s.perDestination() < DEPTHS[DEPTHS.length - 1]) {
            notes.add(0, "depth 2 ran with " + s.perDestination() + " in flight per destination: smp.perDestination is "
                    + s.perDestination() + ", and a measurement never exceeds the agent's limits");
        }
        if ((long) targets.size() * Math.min(2, s.perDestination()) > s.window()) {
            notes.add("the local window (smp.window " + s.window() + ") held fewer MADs in flight than "
                    + targets.size() + " destinations x depth 2");
        }
        if (s.madsPerSecond() > 0) {
            notes.add("smp.madsPerSecond caps the agent at " + s.madsPerSecond() + " MAD/s, the measurement included");
        }
        EngineStats e = probe.snapshot().engine();
        return new MadsResult(at, attr, seconds, s, rows, e.maxInFlightPerDestination(), e.maxInFlightLocal(), sweeps,
                pausedMillis, List.copyOf(notes));
    }

    /** One depth for every target at once, in turns that give way to a sweep, until the time is measured. */
    private List<MadsResult.Row> depth(List<MadsTarget> targets, MadsAttribute attr, int depth, long nanos,
            EngineSettings[] settings, long[] measuredSoFar) throws InterruptedException {
        List<Chain> chains = targets.stream().map(t -> new Chain(t, attr.request(t.lid(), t.port()))).toList();
        long measured = 0;
        int[] inFlight = new int[1];
        while (measured < nanos && chains.stream().anyMatch(c -> c.problem.isEmpty())) {
            long left = nanos - measured;
            measured += probe.useEngine((engine, sweepWaiting) -> {
                settings[0] = engine.settings();
                inFlight[0] = Math.min(depth, engine.settings().perDestination());
                return turn(engine, chains, inFlight[0], left, sweepWaiting);
            });
        }
        measuredSoFar[0] += measured;
        long took = measured;
        return chains.stream().map(c -> c.row(depth, inFlight[0], took)).toList();
    }

    /** Keeps {@code inFlight} Gets going per destination until the time is up or a sweep waits; returns its length. */
    private static long turn(MadEngine engine, List<Chain> chains, int inFlight, long left, BooleanSupplier sweepWaiting) {
        long start = System.nanoTime();
        long end = start + left;
        for (Chain c : chains) {
            c.sentBefore = engine.madsSent(c.name);
            if (c.problem.isEmpty()) {
                Consumer<MadOutcome> again = new Consumer<>() {
                    @Override
                    public void accept(MadOutcome outcome) {
                        c.count(outcome);
                        if (c.problem.isEmpty() && System.nanoTime() < end && !sweepWaiting.getAsBoolean()) {
                            engine.submit(c.request, c.name, this);
                        }
                    }
                };
                for (int i = 0; i < inFlight; i++) {
                    engine.submit(c.request, c.name, again);
                }
            }
        }
        engine.run();
        long took = System.nanoTime() - start;
        for (Chain c : chains) {
            c.sent += engine.madsSent(c.name) - c.sentBefore;
            engine.forget(c.name);
        }
        return took;
    }

    /** One destination's Gets at one depth, and what came back. */
    private static final class Chain {
        final MadsTarget target;
        final MadRequest request;
        /** Apart from the sweep's names (node GUIDs, routes), so its per-node RTTs stay the sweep's. */
        final String name;
        final IntCountsHistogram rtt = new IntCountsHistogram(2);
        long sentBefore;
        long sent;
        long answered;
        long errors;
        String problem = "";

        Chain(MadsTarget target, MadRequest request) {
            this.target = target;
            this.request = request;
            this.name = "mads LID " + target.lid();
        }

        void count(MadOutcome outcome) {
            if (outcome instanceof MadOutcome.Answer a) {
                answered++;
                rtt.recordValue(Math.max(1, a.rttNanos() / 1000));
            } else if (outcome instanceof MadOutcome.Failed f && f.failure() != MadOutcome.Failure.TIMEOUT) {
                errors++;
                problem = f.message();
            } // a timeout is counted from the attempts: sent - answered - errors
        }

        MadsResult.Row row(int depth, int inFlight, long measuredNanos) {
            RttSummary r = rtt.getTotalCount() == 0 ? RttSummary.EMPTY : new RttSummary(rtt.getTotalCount(),
                    rtt.getMinValue(), rtt.getValueAtPercentile(50), rtt.getValueAtPercentile(99), rtt.getMaxValue());
            long timeouts = Math.max(0, sent - answered - errors);
            return new MadsResult.Row(target, depth, inFlight, sent, answered, timeouts, errors, measuredNanos, r,
                    problem);
        }
    }
}

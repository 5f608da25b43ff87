package io.fabrichealth.mbeans.smp;

import io.fabrichealth.mbeans.Composites;
import io.fabrichealth.probes.mad.PortState;
import io.fabrichealth.probes.smp.PortSnapshot;
import io.fabrichealth.probes.smp.health.IbaCounter;
import io.fabrichealth.probes.smp.health.Verdict;
import java.time.Instant;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.SimpleType;

/**
 * A port's last {@value #SWEEPS} sweeps in a bounded ring, oldest first: what the map's chart draws. One row per
 * sweep, however often the view is refreshed in between (a fleet refresh re-publishes the same sweep).
 *
 * <p>The ring holds primitives only (the verdict and the raw PortState code as bytes), and rows become CompositeData
 * only when History is read: every port of a 10,000-port fabric keeps one, and a CompositeData per sweep (a TreeMap
 * of seven items and its strings) would hold about 250 MiB once the rings are full.
 */
final class PortHistory {
    static final int SWEEPS = 60;
    private static final Verdict[] VERDICTS = Verdict.values();
    static final Composites ROW = new Composites("PortHistory",
            "one sweep of a port: when, its verdict and state, and how far its counters moved since the sweep before"
                    + " (-1 = not read; errorDelta and xmitWaitDelta stop at 2^31-1)",
            "sweptAt", SimpleType.STRING, "health", SimpleType.STRING, "portState", SimpleType.STRING,
            "errorDelta", SimpleType.LONG, "xmitDataWordsDelta", SimpleType.LONG,
            "rcvDataWordsDelta", SimpleType.LONG, "xmitWaitDelta", SimpleType.LONG);

    /** Epoch nanoseconds: a long, not an Instant held per port and sweep. */
    private final long[] sweptAt = new long[SWEEPS];
    private final byte[] health = new byte[SWEEPS];
    /** PortInfo's PortState code, -1 when none was read. */
    private final byte[] portState = new byte[SWEEPS];
    /** Error and XmitWait deltas of one sweep fit an int; the data counters' may not (a word is 4 bytes). */
    private final int[] errors = new int[SWEEPS];
    private final long[] xmitData = new long[SWEEPS];
    private final long[] rcvData = new long[SWEEPS];
    private final int[] xmitWait = new int[SWEEPS];
    private int next;
    private int size;

    /** Adds the snapshot's sweep, once. */
    synchronized void record(PortSnapshot s) {
        if (s.lastSweep() == null) {
            return;
        }
        long at = s.lastSweep().getEpochSecond() * 1_000_000_000L + s.lastSweep().getNano();
        if (size > 0 && sweptAt[(next - 1 + SWEEPS) % SWEEPS] == at) {
            return;
        }
        sweptAt[next] = at;
        health[next] = (byte) s.health().ordinal();
        portState[next] = (byte) s.portState();
        errors[next] = narrow(errors(s));
        xmitData[next] = s.deltas().getOrDefault(IbaCounter.PORT_XMIT_DATA, -1L);
        rcvData[next] = s.deltas().getOrDefault(IbaCounter.PORT_RCV_DATA, -1L);
        xmitWait[next] = narrow(s.deltas().getOrDefault(IbaCounter.PORT_XMIT_WAIT, -1L));
        next = (next + 1) % SWEEPS;
        size = Math.min(size + 1, SWEEPS);
    }

    synchronized CompositeData[] rows() {
        CompositeData[] out = new CompositeData[size];
        for (int i = 0; i < size; i++) {
            int at = (next - size + i + SWEEPS) % SWEEPS;
            out[i] = ROW.of(SmpText.time(Instant.ofEpochSecond(0, sweptAt[at])), VERDICTS[health[at]].name(),
                    Port.field(portState[at], PortState::display), (long) errors[at], xmitData[at], rcvData[at],
                    (long) xmitWait[at]);
        }
        return out;
    }

    /** Saturates at Integer.MAX_VALUE: past that, a chart says no more than "very many". */
    private static int narrow(long delta) {
        return (int) Math.min(delta, Integer.MAX_VALUE);
    }

    /** The sum of the error counters' deltas; -1 when the sweep read no counter. */
    private static long errors(PortSnapshot s) {
        long sum = -1;
        for (IbaCounter c : IbaCounter.values()) {
            Long d = s.deltas().get(c);
            if (c.kind() == IbaCounter.Kind.ERROR && d != null && d >= 0) {
                sum = Math.max(sum, 0) + d;
            }
        }
        return sum;
    }
}

package io.fabrichealth.mbeans.smp;

import io.fabrichealth.mbeans.Composites;
import io.fabrichealth.probes.smp.PortSnapshot;
import io.fabrichealth.probes.smp.health.IbaCounter;
import java.time.Instant;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.SimpleType;

/**
 * A port's last {@value #SWEEPS} sweeps in a bounded ring, oldest first: what the map's chart draws. One row per
 * sweep, however often the view is refreshed in between (a fleet refresh re-publishes the same sweep).
 */
final class PortHistory {
    static final int SWEEPS = 60;
    static final Composites ROW = new Composites("PortHistory",
            "one sweep of a port: when, its verdict and state, and how far its counters moved since the sweep before"
                    + " (-1 = not read)",
            "sweptAt", SimpleType.STRING, "health", SimpleType.STRING, "portState", SimpleType.STRING,
            "errorDelta", SimpleType.LONG, "xmitDataWordsDelta", SimpleType.LONG,
            "rcvDataWordsDelta", SimpleType.LONG, "xmitWaitDelta", SimpleType.LONG);

    private final CompositeData[] ring = new CompositeData[SWEEPS];
    private int next;
    private int size;
    private Instant last;

    /** Adds the snapshot's sweep, once. */
    synchronized void record(PortSnapshot s, String portState) {
        if (s.lastSweep() == null || s.lastSweep().equals(last)) {
            return;
        }
        last = s.lastSweep();
        ring[next] = ROW.of(SmpText.time(s.lastSweep()), s.health().name(), portState, errors(s),
                s.deltas().getOrDefault(IbaCounter.PORT_XMIT_DATA, -1L),
                s.deltas().getOrDefault(IbaCounter.PORT_RCV_DATA, -1L),
                s.deltas().getOrDefault(IbaCounter.PORT_XMIT_WAIT, -1L));
        next = (next + 1) % SWEEPS;
        size = Math.min(size + 1, SWEEPS);
    }

    synchronized CompositeData[] rows() {
        CompositeData[] out = new CompositeData[size];
        for (int i = 0; i < size; i++) {
            out[i] = ring[(next - size + i + SWEEPS) % SWEEPS];
        }
        return out;
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

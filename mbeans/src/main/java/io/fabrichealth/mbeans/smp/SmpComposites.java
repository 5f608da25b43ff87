package io.fabrichealth.mbeans.smp;

import io.fabrichealth.mbeans.Composites;
import io.fabrichealth.probes.smp.engine.RttSummary;
import io.fabrichealth.probes.smp.health.IbaCounter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.SimpleType;

/** The structured values of the SMP MBeans, each from one CompositeType. */
final class SmpComposites {
    static final Composites DELTAS = deltaType();
    static final Composites RTT = new Composites("RttByDestination",
            "round-trip times of answered MADs to one destination, microseconds (-1 = none)",
            "destination", SimpleType.STRING, "count", SimpleType.LONG, "minMicros", SimpleType.LONG,
            "p50Micros", SimpleType.LONG, "p99Micros", SimpleType.LONG, "maxMicros", SimpleType.LONG);

    private SmpComposites() {
    }

    /** One item per IBA counter, by its IBA name; -1 for a counter the port does not report. */
    static CompositeData deltas(Map<IbaCounter, Long> deltas) {
        Object[] values = new Object[IbaCounter.values().length];
        for (IbaCounter c : IbaCounter.values()) {
            values[c.ordinal()] = deltas.getOrDefault(c, -1L);
        }
        return DELTAS.of(values);
    }

    static CompositeData rtt(String destination, RttSummary r) {
        return RTT.of(destination, r.count(), r.minMicros(), r.p50Micros(), r.p99Micros(), r.maxMicros());
    }

    private static Composites deltaType() {
        List<Object> items = new ArrayList<>();
        for (IbaCounter c : IbaCounter.values()) {
            items.add(c.ibaName());
            items.add(SimpleType.LONG);
        }
        return new Composites("CounterDeltas", "growth of each PMA counter over the last sweep interval",
                items.toArray());
    }
}

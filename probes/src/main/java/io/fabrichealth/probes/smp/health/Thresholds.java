package io.fabrichealth.probes.smp.health;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Error thresholds per counter, judged as ibqueryerrors judges them: a counter's current value above its
 * threshold is a breach. The value is the port's own reading, so a breach lasts until someone clears the counters
 * (perfquery -R) or raises the threshold, exactly as ibqueryerrors keeps reporting it. PortXmitWait is congestion
 * and never a breach.
 */
public final class Thresholds {
    private final Map<IbaCounter, Long> limits = new EnumMap<>(IbaCounter.class);

    /**
     * @param byIbaName counter name to threshold ({@code SmpConfig.effectiveThresholds()})
     * @throws IllegalArgumentException for a name that is not an error counter
     */
    public Thresholds(Map<String, Long> byIbaName) {
        for (Map.Entry<String, Long> e : byIbaName.entrySet()) {
            IbaCounter c = IbaCounter.byName(e.getKey());
            if (c == null || c.kind() != IbaCounter.Kind.ERROR) {
                throw new IllegalArgumentException("threshold for " + e.getKey() + ": not an error counter; use one of "
                        + errorCounterNames() + " (PortXmitWait is congestion and has no threshold)");
            }
            limits.put(c, e.getValue());
        }
    }

    /** "SymbolErrorCounter 1234 > 10" for every counter above its threshold, in IBA order. */
    public List<String> breaches(CounterSample sample) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<IbaCounter, Long> e : limits.entrySet()) {
            IbaCounter c = e.getKey();
            if (sample.reported(c) && Long.compareUnsigned(sample.value(c), e.getValue()) > 0) {
                out.add(c.ibaName() + " " + Long.toUnsignedString(sample.value(c)) + " > " + e.getValue());
            }
        }
        return out;
    }

    public Map<IbaCounter, Long> limits() {
        return Map.copyOf(limits);
    }

    private static List<String> errorCounterNames() {
        List<String> names = new ArrayList<>();
        for (IbaCounter c : IbaCounter.values()) {
            if (c.kind() == IbaCounter.Kind.ERROR) {
                names.add(c.ibaName());
            }
        }
        return names;
    }
}

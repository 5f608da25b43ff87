package io.fabrichealth.probes.smp.health;

import io.fabrichealth.probes.smp.PortSnapshot;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Ports ranked by PortXmitWait per second over their last counter interval: where traffic waits for credits. It is
 * congestion, never an error: it raises nothing and touches no verdict. Fed every published view of the ports.
 */
public final class Congestion {
    /** How many ports the ranking keeps. */
    public static final int TOP = 10;

    /**
     * @param ticksPerSecond PortXmitWait growth over the interval, per second
     * @param ticks the growth itself
     */
    public record Congested(String subject, String nodeDescription, int port, double ticksPerSecond, long ticks,
            Duration interval) {

        /** {@code "leaf-a" port 3 (0x…/3): 12345 ticks/s (PortXmitWait +370350 in 30.0 s)} */
        public String line() {
            return String.format(Locale.ROOT, "\"%s\" port %d (%s): %.0f ticks/s (PortXmitWait +%d in %.1f s)",
                    nodeDescription, port, subject, ticksPerSecond, ticks, interval.toMillis() / 1000.0);
        }
    }

    private final Map<String, Instant> lastReadAt = new HashMap<>();
    private final Map<String, Congested> waiting = new HashMap<>();
    private volatile List<Congested> top = List.of();

    /**
     * Takes the ports as now published: a port whose counters were read again since the last call gets its new rate;
     * the others keep theirs; ports no longer published leave the ranking.
     */
    public synchronized void add(Collection<PortSnapshot> ports) {
        Set<String> present = new HashSet<>();
        for (PortSnapshot p : ports) {
            present.add(p.subject());
            if (p.countersAt() == null) {
                continue;
            }
            Instant previous = lastReadAt.put(p.subject(), p.countersAt());
            if (previous == null || !p.countersAt().isAfter(previous)) {
                continue;
            }
            Long ticks = p.deltas().get(IbaCounter.PORT_XMIT_WAIT);
            if (ticks == null || ticks <= 0) {
                waiting.remove(p.subject());
                continue;
            }
            Duration interval = Duration.between(previous, p.countersAt());
            waiting.put(p.subject(), new Congested(p.subject(), p.nodeDescription(), p.port(),
                    ticks * 1e9 / interval.toNanos(), ticks, interval));
        }
        lastReadAt.keySet().retainAll(present);
        waiting.keySet().retainAll(present);
        top = waiting.values().stream().sorted(Comparator.comparingDouble(Congested::ticksPerSecond).reversed()
                .thenComparing(Congested::subject)).limit(TOP).toList();
    }

    /** The most congested ports, most first; at most {@link #TOP}. */
    public List<Congested> top() {
        return top;
    }
}

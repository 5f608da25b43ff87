package io.fabrichealth.probes.smp.health;

import io.fabrichealth.config.Durations;
import io.fabrichealth.config.FlappingConfig;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * Tells a flapping port from a down one, per port subject, from what each sweep sees: a port that went Down and
 * came back Active within the window bounced; a LinkDownedCounter that rose within the window bounced between
 * sweeps. Either makes the port flapping until a whole window passes without a bounce. While it flaps, a Down that
 * is younger than the window is part of the flapping, not a PortDown of its own; one that lasts longer is an outage.
 * Written by the sweep thread only.
 */
public final class Flapping {

    /**
     * @param flapping the LinkFlapping observation
     * @param portDownIsFlap a Down seen now belongs to the flapping: PortDown should not be raised for it
     * @param details what was seen, for the alarm ("" when not flapping)
     */
    public record Judgement(boolean flapping, boolean portDownIsFlap, String details) {
    }

    private static final class PortHistory {
        Instant downSince;
        final Deque<Instant> bounces = new ArrayDeque<>();
        /** (when, growth) of LinkDownedCounter, oldest first. */
        final Deque<long[]> linkDowned = new ArrayDeque<>();
    }

    private final Map<String, PortHistory> ports = new HashMap<>();

    /**
     * One sweep's view of a port.
     *
     * @param down the sweep saw it Down (it was Active before)
     * @param linkDownedGrowth LinkDownedCounter's growth since the last reading (0 when unread)
     * @param where the port as an alarm says it ("leaf-a" port 2)
     */
    public Judgement observe(String subject, Instant now, boolean down, long linkDownedGrowth, FlappingConfig rule,
            String where) {
        PortHistory h = ports.computeIfAbsent(subject, s -> new PortHistory());
        Duration window = rule.window();
        if (down) {
            if (h.downSince == null) {
                h.downSince = now;
            }
        } else if (h.downSince != null) {
            if (Duration.between(h.downSince, now).compareTo(window) <= 0) {
                h.bounces.add(now);
            }
            h.downSince = null;
        }
        if (linkDownedGrowth > 0) {
            h.linkDowned.add(new long[] {now.toEpochMilli(), linkDownedGrowth});
        }
        Instant since = now.minus(window);
        while (!h.bounces.isEmpty() && h.bounces.peekFirst().isBefore(since)) {
            h.bounces.removeFirst();
        }
        while (!h.linkDowned.isEmpty() && h.linkDowned.peekFirst()[0] < since.toEpochMilli()) {
            h.linkDowned.removeFirst();
        }
        long downs = h.linkDowned.stream().mapToLong(e -> e[1]).sum();
        boolean flapping = !h.bounces.isEmpty() || downs >= rule.linkDowned();
        boolean downIsFlap = flapping && down && Duration.between(h.downSince, now).compareTo(window) < 0;
        if (!flapping) {
            if (!down && h.bounces.isEmpty() && h.linkDowned.isEmpty()) {
                ports.remove(subject); // nothing left to remember: a quiet port costs no memory
            }
            return new Judgement(false, false, "");
        }
        StringBuilder d = new StringBuilder(where);
        if (!h.bounces.isEmpty()) {
            d.append(" went Down and came back Active ").append(times(h.bounces.size())).append(" in the last ")
                    .append(Durations.format(window)).append(" (last at ").append(h.bounces.peekLast()).append(')');
        }
        if (downs > 0) {
            d.append(h.bounces.isEmpty() ? "" : ";").append(" LinkDownedCounter rose by ").append(downs)
                    .append(" in the last ").append(Durations.format(window));
        }
        d.append(down ? "; Down again now" : "").append(": check the cable and both transceivers (reseat or swap)");
        return new Judgement(true, downIsFlap, d.toString());
    }

    private static String times(int n) {
        return n == 1 ? "once" : n + " times";
    }
}

package io.fabrichealth.config;

import io.fabrichealth.config.bind.Locator;
import io.fabrichealth.config.bind.Problem;
import io.fabrichealth.config.bind.Texts;
import java.text.ParseException;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.quartz.CronExpression;

/** Peers are unique; schedules are unique, have exactly one trigger, and name peers that exist. */
final class ScheduleRules {
    private static final double MAX_JITTER_PERCENT = 50;

    private ScheduleRules() {
    }

    static void check(FabricHealthConfig c, Locator at, List<Problem> out) {
        Map<Object, Integer> names = new HashMap<>();
        Map<Object, Integer> addresses = new HashMap<>();
        for (int i = 0; i < c.peers().size(); i++) {
            PeerConfig p = c.peers().get(i);
            String field = "peers[" + i + "]";
            if (PeerConfig.SELF.equals(p.name())) {
                out.add(at.problem(field + ".name", "a name other than self (self means this agent)",
                        Texts.quote(p.name()), "targets: [self] already probes this agent's own listen address"));
            }
            once(names, p.name(), i, field + ".name", "peers", at, out);
            once(addresses, p.address(), i, field + ".address", "peers", at, out);
        }
        Map<Object, Integer> scheduleNames = new HashMap<>();
        for (int i = 0; i < c.schedules().size(); i++) {
            ScheduleConfig s = c.schedules().get(i);
            String field = "schedules[" + i + "]";
            once(scheduleNames, s.name(), i, field + ".name", "schedules", at, out);
            trigger(s, field, at, out);
            if (s.jitter().percent() < 0 || s.jitter().percent() > MAX_JITTER_PERCENT) {
                out.add(at.problem(field + ".jitter", "a percentage from 0% to 50%, like 10% or 0.1",
                        Texts.quote(s.jitter().toString()), null));
            }
            targets(c, s, field, at, out);
        }
    }

    private static void trigger(ScheduleConfig s, String field, Locator at, List<Problem> out) {
        if (s.every() != null && s.cron() != null) {
            out.add(at.problem(field + ".cron", "exactly one of every or cron", "both",
                    "remove every or cron"));
        } else if (s.every() == null && s.cron() == null) {
            out.add(at.problem(field, "one of every (like 60s) or cron (like \"0 0/5 * * * ?\")", "neither", null));
        } else if (s.cron() != null) {
            try {
                new CronExpression(s.cron());
            } catch (ParseException e) {
                out.add(at.problem(field + ".cron", "a Quartz cron expression (seconds first) like \"0 0/5 * * * ?\"",
                        Texts.quote(s.cron()), e.getMessage()));
            }
        }
    }

    private static void targets(FabricHealthConfig c, ScheduleConfig s, String field, Locator at, List<Problem> out) {
        if (s.probe() == ProbeFamily.SMP_SWEEP) {
            if (!s.targets().isEmpty()) {
                out.add(at.problem(field + ".targets", "no targets for an smp-sweep schedule",
                        "a list of " + s.targets().size(), "list SMP destinations in smp.targets"));
            }
            return;
        }
        // Fleet members are drawn at run time, so their names cannot be checked here; a name that is neither static
        // nor drawn then makes that target SKIPPED, saying so.
        boolean fleetNames = c.fleet() != null && c.fleet().enabled() && c.fleet().peers() == FleetConfig.FleetPeers.AUTO;
        Set<String> known = new LinkedHashSet<>();
        known.add(PeerConfig.SELF);
        c.peers().forEach(p -> known.add(p.name()));
        known.remove(null); // a peer whose name failed to bind
        for (int j = 0; j < s.targets().size(); j++) {
            String name = s.targets().get(j);
            if (!known.contains(name) && !fleetNames) {
                String hint = Texts.didYouMean(name, known);
                out.add(at.problem(field + ".targets[" + j + "]", "a peer name from peers, or self: "
                        + Texts.oneOf(known), Texts.quote(name), hint != null ? hint
                        : "or turn on fleet.enabled with fleet.peers: auto to name fleet members"));
            }
        }
    }

    /** Reports the second and later holders of {@code value}; nulls were already reported by the binder. */
    private static void once(Map<Object, Integer> seen, Object value, int index, String field, String list,
            Locator at, List<Problem> out) {
        if (value == null) {
            return;
        }
        Integer first = seen.putIfAbsent(value, index);
        if (first != null) {
            out.add(at.problem(field, "a value not used by another entry of " + list,
                    Texts.quote(value.toString()), "already used by " + list + "[" + first + "]"));
        }
    }
}

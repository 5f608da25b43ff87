package io.fabrichealth.config;

import io.fabrichealth.config.bind.Locator;
import io.fabrichealth.config.bind.Position;
import io.fabrichealth.config.bind.Problem;
import io.fabrichealth.config.bind.Texts;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Checks across the probe sections: files that must exist, names that must be known, sizes that must fit. */
final class ProbeRules {
    private ProbeRules() {
    }

    static void check(FabricHealthConfig c, Locator at, List<Problem> out) {
        topology(c, at, out);
        thresholds(c.smp().thresholds(), at, out);
        LocalRules.thresholds(c.local().thresholds(), at, out);
        suite(c.bursts().suite(), at, out);
        unique("pingpong.transports", c.pingpong().transports(), at, out);
        BurstsConfig b = c.bursts();
        long message = multiplySaturated(b.segmentSize().bytes(), b.segments());
        if (b.maxBytes().bytes() < message) {
            out.add(at.problem("bursts.maxBytes", "at least segmentSize x segments = " + ByteSize.ofBytes(message)
                    + ", one write", Texts.quote(b.maxBytes().toString()), null));
        }
        if (b.listen().equals(c.pingpong().listen())) {
            out.add(at.problem("pingpong.listen", "an address other than bursts.listen",
                    Texts.quote(c.pingpong().listen().toString()), "both targets cannot share one port"));
        }
        PingPongConfig p = c.pingpong();
        if (p.serverInvalidate() && p.memory() != MemoryMode.WINDOW) {
            out.add(at.problem("pingpong.serverInvalidate", "true only with memory: window",
                    "true with memory: " + ConfigScalars.TYPES.find(MemoryMode.class).render(p.memory()),
                    "krping's server_inv invalidates the client's rkey with the server's go-ahead: set memory: window, "
                            + "or remove serverInvalidate"));
        }
    }

    private static long multiplySaturated(long a, long b) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    /**
     * Each phase's sets once each and valid in that phase, and at least one set in all. Also catches
     * {@code [default, cacheless,reregister]}: inside a flow list YAML splits at every comma, so that is two sets,
     * {@code cacheless} and {@code reregister}, where the operator meant one.
     */
    private static void suite(BurstSuite suite, Locator at, List<Problem> out) {
        if (suite.size() == 0) {
            out.add(at.problem("bursts.suite", "at least one set in get or put", "no sets at all",
                    "fabtrun's 15 tests are the default: remove bursts.suite to run them"));
        }
        for (BurstPhase phase : BurstPhase.values()) {
            String field = "bursts.suite." + phase.text();
            List<BurstSet> sets = suite.sets(phase);
            once(field, sets, at, out);
            for (int i = 0; i < sets.size(); i++) {
                String problem = sets.get(i).problemIn(phase);
                if (problem != null) {
                    out.add(at.problem(field + "[" + i + "]", "a set that applies to " + phase.text(),
                            Texts.quote(sets.get(i).toString()), problem));
                }
                if (i > 0 && splitByFlowList(at, field, i - 1, sets.get(i - 1))) {
                    String meant = sets.get(i - 1) + "," + sets.get(i);
                    out.add(at.problem(field + "[" + i + "]", "one set per list entry",
                            Texts.quote(sets.get(i).toString()) + " right after " + Texts.quote(sets.get(i - 1) + ","),
                            "inside [ ] YAML splits at every comma: quote the set, \"" + meant + "\", or write it on a '- ' line"));
                }
            }
        }
    }

    /** Entry {@code i + 1} starts on entry {@code i}'s line right after it and one comma: no space between. */
    private static boolean splitByFlowList(Locator at, String field, int i, BurstSet first) {
        Position a = at.at(field + "[" + i + "]");
        Position b = at.at(field + "[" + (i + 1) + "]");
        return a.line() > 0 && a.line() == b.line() && b.column() == a.column() + first.toString().length() + 1;
    }

    private static void topology(FabricHealthConfig c, Locator at, List<Problem> out) {
        Topology t = c.simulation().topology();
        if (c.fabric().mode() == FabricMode.SIMULATED && !t.isBundled() && !Files.isRegularFile(t.file())) {
            out.add(at.problem("simulation.topology", "\"bundled\" or an existing ibnetdiscover-format file",
                    Texts.quote(t.file().toString()) + " (not found)",
                    "examples are in /usr/share/doc/ibsim-utils/net-examples/"));
        }
    }

    private static void thresholds(Map<String, Long> thresholds, Locator at, List<Problem> out) {
        thresholds.forEach((name, value) -> {
            String field = "smp.thresholds." + name;
            if (!IbaCounters.PORT_COUNTERS.contains(name)) {
                out.add(at.problem(field, "a PortCounters name: " + Texts.oneOf(IbaCounters.PORT_COUNTERS),
                        Texts.quote(name), Texts.didYouMean(name, IbaCounters.PORT_COUNTERS)));
            } else if (value < 0) {
                out.add(at.problem(field, "a count of 0 or more", Texts.quote(value.toString()), null));
            }
        });
    }

    private static void unique(String field, List<?> values, Locator at, List<Problem> out) {
        if (values.isEmpty()) {
            out.add(at.problem(field, "at least one entry", "an empty list", null));
        }
        once(field, values, at, out);
    }

    private static void once(String field, List<?> values, Locator at, List<Problem> out) {
        Set<Object> seen = new HashSet<>();
        for (int i = 0; i < values.size(); i++) {
            if (!seen.add(values.get(i))) {
                out.add(at.problem(field + "[" + i + "]", "each entry once",
                        Texts.quote(ConfigScalars.TYPES.find(values.get(i).getClass()).render(values.get(i))
                                .toString()) + " again", null));
            }
        }
    }
}

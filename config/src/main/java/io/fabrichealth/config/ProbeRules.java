package io.fabrichealth.config;

import io.fabrichealth.config.bind.Locator;
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
        unique("bursts.sets", c.bursts().sets(), at, out);
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

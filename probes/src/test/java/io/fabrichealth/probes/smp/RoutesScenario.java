package io.fabrichealth.probes.smp;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.SmpConfig;
import io.fabrichealth.probes.smp.route.Route;
import io.fabrichealth.probes.smp.route.Routes;
import io.fabrichealth.probes.smp.route.SuspectLinks;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

/**
 * In the child JVM: after a sweep, every route between CA ports (all pairs, or {@code args[0]} random pairs on a big
 * fabric) equals ibtracert's, line for line; a second trace of the same pairs reads no new forwarding block.
 */
public final class RoutesScenario {

    public static void main(String[] args) throws Exception {
        int sample = args.length > 0 ? Integer.parseInt(args[0]) : 0;
        try (SmpSweepProbe probe = Sweeps.probe(SmpConfig.DEFAULTS, new Sweeps.Recorded())) {
            SmpSnapshot s = Sweeps.sweep(probe);
            List<Integer> lids = new ArrayList<>();
            for (PortSnapshot p : s.ports()) {
                if (!"Switch".equals(p.nodeType()) && p.lid() > 0) {
                    lids.add(p.lid());
                }
            }
            List<Routes.LidPair> pairs = new ArrayList<>();
            if (sample == 0) {
                for (int a : lids) {
                    for (int b : lids) {
                        if (a != b) {
                            pairs.add(new Routes.LidPair(a, b));
                        }
                    }
                }
            } else {
                Random random = new Random(42);
                while (pairs.size() < sample) {
                    int a = lids.get(random.nextInt(lids.size()));
                    int b = lids.get(random.nextInt(lids.size()));
                    if (a != b) {
                        pairs.add(new Routes.LidPair(a, b));
                    }
                }
            }
            long before = probe.routes().madsSent();
            List<Route> routes = probe.traceRoutes(pairs);
            long firstMads = probe.routes().madsSent() - before;
            int hops = 0;
            for (Route r : routes) {
                assertThat(r.problem()).as("route %d -> %d", r.sourceLid(), r.destinationLid()).isEmpty();
                String tracert = Sim.tool("ibtracert", Integer.toString(r.sourceLid()),
                        Integer.toString(r.destinationLid()));
                assertThat(r.lines()).as("route %d -> %d against ibtracert:\n%s", r.sourceLid(),
                        r.destinationLid(), tracert).containsExactlyElementsOf(tracert.lines().map(String::strip).filter(l -> !l.isEmpty()).toList());
                hops += r.hops().size();
            }
            long again = probe.routes().madsSent();
            assertThat(probe.traceRoutes(pairs)).containsExactlyElementsOf(routes);
            assertThat(probe.routes().madsSent()).as("a second trace in the same sweep reads nothing")
                    .isEqualTo(again);
            Sweeps.sweep(probe);
            long third = probe.routes().madsSent();
            assertThat(probe.traceRoutes(pairs)).containsExactlyElementsOf(routes);
            System.out.println("pairs=" + pairs.size());
            System.out.println("hops=" + hops);
            System.out.println("firstTraceMads=" + firstMads);
            System.out.println("blocksHeld=" + probe.routes().blocksHeld());
            System.out.println("nextSweepMads=" + (probe.routes().madsSent() - third));
            if (sample > 0) {
                localize(routes);
                thereAndBack(probe, routes);
            }
            System.out.println("routes=ok");
        }
    }

    /**
     * A ping-pong's answers come back by the reverse route, which may cross other cables. Of the real pairs, one whose
     * route back crosses a cable its route there does not: with that pair failing and every pair whose routes avoid
     * the cable passing, the cable is named when both routes are given, and missed when only the route there is.
     */
    private static void thereAndBack(SmpSweepProbe probe, List<Route> there) throws InterruptedException {
        List<Routes.LidPair> reversed = there.stream().map(r -> new Routes.LidPair(r.destinationLid(), r.sourceLid()))
                .toList();
        List<Route> back = probe.traceRoutes(reversed);
        for (int i = 0; i < there.size(); i++) {
            Set<String> onlyBack = new TreeSet<>(SuspectLinks.cables(back.get(i)));
            onlyBack.removeAll(SuspectLinks.cables(there.get(i)));
            if (onlyBack.isEmpty()) {
                continue;
            }
            String cable = onlyBack.iterator().next();
            List<SuspectLinks.Outcome> both = new ArrayList<>();
            List<SuspectLinks.Outcome> thereOnly = new ArrayList<>();
            for (int k = 0; k < there.size(); k++) {
                boolean failing = k == i;
                SuspectLinks.Outcome o = new SuspectLinks.Outcome("pair " + k, !failing, failing ? "FAIL" : "PASS",
                        List.of(there.get(k), back.get(k)));
                if (failing || !o.routes().stream().anyMatch(r -> SuspectLinks.cables(r).contains(cable))) {
                    both.add(o);
                    thereOnly.add(new SuspectLinks.Outcome(o.pair(), o.passed(), o.result(), there.get(k)));
                }
            }
            assertThat(SuspectLinks.find(both).suspects()).extracting(SuspectLinks.Suspect::link).contains(cable);
            assertThat(SuspectLinks.find(thereOnly).suspects()).extracting(SuspectLinks.Suspect::link)
                    .doesNotContain(cable);
            System.out.println("cableOnlyOnTheWayBack=" + cable.replace(' ', '_'));
            return;
        }
        throw new AssertionError("no pair of the " + there.size() + " has a route back that crosses another cable");
    }

    /**
     * The real localization code on real routes: two failing pairs whose routes share exactly one cable, with every
     * route that avoids it passing, give exactly that cable; two failing pairs with no cable in common give none.
     */
    private static void localize(List<Route> routes) {
        String shared = null;
        String disjoint = null;
        for (int i = 0; i < routes.size(); i++) {
            for (int j = i + 1; j < routes.size(); j++) {
                Set<String> common = new TreeSet<>(SuspectLinks.cables(routes.get(i)));
                common.retainAll(SuspectLinks.cables(routes.get(j)));
                if (common.size() == 1 && shared == null) {
                    String cable = common.iterator().next();
                    List<SuspectLinks.Outcome> outcomes = new ArrayList<>();
                    for (int k = 0; k < routes.size(); k++) {
                        boolean failing = k == i || k == j;
                        if (failing || !SuspectLinks.cables(routes.get(k)).contains(cable)) {
                            outcomes.add(new SuspectLinks.Outcome("pair " + k, !failing, failing ? "FAIL" : "PASS",
                                    routes.get(k)));
                        }
                    }
                    SuspectLinks.Finding f = SuspectLinks.find(outcomes);
                    assertThat(f.suspects()).extracting(SuspectLinks.Suspect::link).containsExactly(cable);
                    assertThat(f.suspects().get(0).failing()).hasSize(2);
                    shared = cable;
                }
                if (common.isEmpty() && disjoint == null) {
                    List<SuspectLinks.Outcome> outcomes = new ArrayList<>();
                    for (int k = 0; k < routes.size(); k++) {
                        outcomes.add(new SuspectLinks.Outcome("pair " + k, k != i && k != j, "", routes.get(k)));
                    }
                    SuspectLinks.Finding f = SuspectLinks.find(outcomes);
                    assertThat(f.suspects()).isEmpty();
                    assertThat(f.notes()).anyMatch(n -> n.startsWith("no cable lies on all 2 failing routes"));
                    disjoint = "pairs " + i + ", " + j;
                }
            }
        }
        assertThat(shared).as("two of the routes share exactly one cable").isNotNull();
        assertThat(disjoint).as("two of the routes share no cable").isNotNull();
        System.out.println("localizedCable=" + shared.replace(' ', '_'));
        System.out.println("localization=ok");
    }
}

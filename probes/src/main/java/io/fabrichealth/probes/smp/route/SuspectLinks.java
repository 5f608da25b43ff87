package io.fabrichealth.probes.smp.route;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Localization by set intersection over known paths, not statistics: a cable that lies on every failing pair's routes
 * (there and back) and on no passing pair's routes is suspect. A failing pair whose route is unknown or incomplete cannot take part,
 * and says so; no failing pair means no suspect.
 */
public final class SuspectLinks {

    /**
     * One probed pair.
     *
     * @param pair   how an operator names it ("a -> b over tcp")
     * @param result what the run said ("PASS", "FAIL: 3 corruptions", ...)
     * @param routes every route its packets take: a ping-pong's requests go there and its answers come back, and
     *               the way back may cross other cables (null where a route is not known)
     */
    public record Outcome(String pair, boolean passed, String result, List<Route> routes) {
        public Outcome {
            routes = java.util.Collections.unmodifiableList(new ArrayList<>(routes));
        }

        /** A pair whose packets take one route. */
        public Outcome(String pair, boolean passed, String result, Route route) {
            this(pair, passed, result, java.util.Collections.singletonList(route));
        }

        /** Null when every route is known whole; otherwise why not. */
        String unknown() {
            for (Route r : routes) {
                if (r == null || !r.complete()) {
                    return r == null ? "no route is known" : r.problem();
                }
            }
            return routes.isEmpty() ? "no route is known" : null;
        }

        /** The cables its routes cross. */
        Set<String> cables() {
            Set<String> out = new LinkedHashSet<>();
            routes.forEach(r -> out.addAll(SuspectLinks.cables(r)));
            return out;
        }
    }

    /**
     * A suspect cable and why.
     *
     * @param link the cable, its two ports as {@code 0x<GUID>/<port>}, lower first
     * @param failing the failing pairs whose routes all cross it
     * @param passingChecked how many passing pairs' routes were checked and avoid it
     */
    public record Suspect(String link, List<Outcome> failing, int passingChecked) {
    }

    /** What intersecting gave, and the failing pairs it had to leave out. */
    public record Finding(List<Suspect> suspects, List<String> notes) {
    }

    private SuspectLinks() {
    }

    public static Finding find(List<Outcome> outcomes) {
        List<Outcome> failing = new ArrayList<>();
        List<Outcome> passing = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (Outcome o : outcomes) {
            String why = o.unknown();
            if (why != null) {
                if (!o.passed()) {
                    notes.add(o.pair() + " failed but cannot take part: " + why);
                }
                continue;
            }
            (o.passed() ? passing : failing).add(o);
        }
        if (failing.isEmpty()) {
            return new Finding(List.of(), notes);
        }
        Set<String> common = null;
        for (Outcome o : failing) {
            Set<String> links = o.cables();
            if (common == null) {
                common = new TreeSet<>(links);
            } else {
                common.retainAll(links);
            }
        }
        for (Outcome o : passing) {
            common.removeAll(o.cables());
        }
        List<Suspect> suspects = new ArrayList<>();
        for (String link : common) {
            suspects.add(new Suspect(link, List.copyOf(failing), passing.size()));
        }
        suspects.sort(Comparator.comparing(Suspect::link));
        if (suspects.isEmpty()) {
            notes.add("no cable lies on all " + failing.size() + " failing routes and on none of the " + passing.size()
                    + " passing ones: the failures have more than one cause, or the cause is not a cable");
        }
        return new Finding(suspects, notes);
    }

    /** The cables a route crosses, each named the same whichever way it is crossed. */
    public static Set<String> cables(Route route) {
        Set<String> out = new LinkedHashSet<>();
        for (Route.RouteLink l : route.links()) {
            out.add(cable(l));
        }
        return out;
    }

    /** A cable's name, the same whichever way it is crossed. */
    public static String cable(Route.RouteLink l) {
        String a = l.from().outSubject();
        String b = l.to().inSubject();
        return a.compareTo(b) <= 0 ? a + " <-> " + b : b + " <-> " + a;
    }

    /** The ports of a cable's name, for reading their counters. */
    public static List<String> ports(String link) {
        return List.of(link.split(" <-> "));
    }
}

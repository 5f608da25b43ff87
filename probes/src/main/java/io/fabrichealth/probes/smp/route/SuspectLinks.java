package io.fabrichealth.probes.smp.route;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Localization by set intersection over known paths, not statistics: a cable that lies on every failing pair's route
 * and on no passing pair's route is suspect. A failing pair whose route is unknown or incomplete cannot take part,
 * and says so; no failing pair means no suspect.
 */
public final class SuspectLinks {

    /**
     * One probed pair.
     *
     * @param pair how an operator names it ("a -> b over tcp")
     * @param result what the run said ("PASS", "FAIL: 3 corruptions", ...)
     */
    public record Outcome(String pair, boolean passed, String result, Route route) {
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
            if (o.route() == null || !o.route().complete()) {
                String why = o.route() == null ? "no route is known" : o.route().problem();
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
            Set<String> links = cables(o.route());
            if (common == null) {
                common = new TreeSet<>(links);
            } else {
                common.retainAll(links);
            }
        }
        for (Outcome o : passing) {
            common.removeAll(cables(o.route()));
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

    static String cable(Route.RouteLink l) {
        String a = l.from().outSubject();
        String b = l.to().inSubject();
        return a.compareTo(b) <= 0 ? a + " <-> " + b : b + " <-> " + a;
    }

    /** The ports of a cable's name, for reading their counters. */
    public static List<String> ports(String link) {
        return List.of(link.split(" <-> "));
    }
}

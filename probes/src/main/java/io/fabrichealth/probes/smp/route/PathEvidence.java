package io.fabrichealth.probes.smp.route;

import io.fabrichealth.alarms.Alarm;
import io.fabrichealth.probes.smp.health.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a ping-pong or burst learned of its path through the fabric: the route from this agent's port to the peer's and
 * the route back (answers and acknowledgements come back that way, and it may cross other cables), each cable end on
 * them, and so the cables to check when the run went wrong. A cable is suspect when an error counter
 * of either end grew since the sweep before the run, or the last sweep found either end down, degraded or past a threshold.
 *
 * @param routes  there and back, as ibtracert prints them; empty when no route could be traced ({@code problem} says
 *                why)
 * @param ends    both ends of every cable on the routes, each cable once: there in path order, then what only the
 *                way back crosses
 * @param problem empty when the path was traced and read whole; otherwise what is missing and what to do
 */
public record PathEvidence(List<Route> routes, List<PathPort> ends, String problem) {

    /** Before any run, or where no path is watched. */
    public static final PathEvidence NONE = unknown("");

    public PathEvidence {
        routes = List.copyOf(routes);
        ends = List.copyOf(ends);
    }

    public static PathEvidence unknown(String why) {
        return new PathEvidence(List.of(), List.of(), why);
    }

    /** A path was traced, whole or as far as it goes (then {@link #text()} and the lines say why it stops). */
    public boolean known() {
        return !routes.isEmpty();
    }

    /** Both routes were traced to their ends. */
    public boolean complete() {
        return known() && routes.stream().allMatch(Route::complete);
    }

    /** There and back as ibtracert prints each; the problem alone when none was traced; empty before any run. */
    public List<String> lines() {
        if (known()) {
            List<String> out = new ArrayList<>();
            routes.forEach(r -> out.addAll(r.lines()));
            return out;
        }
        return problem.isEmpty() ? List.of() : List.of(problem);
    }

    /** The worst verdict of the path's ports in the last sweep, a moved error counter counting as WARN; null if unknown. */
    public Verdict health() {
        if (!complete()) {
            return null;
        }
        Verdict worst = Verdict.OK;
        for (PathPort p : ends) {
            Verdict v = p.health() == null ? Verdict.OK : p.health();
            if (!p.moved().isEmpty() && v == Verdict.OK) {
                v = Verdict.WARN;
            }
            worst = v.compareTo(worst) > 0 ? v : worst;
        }
        return worst;
    }

    /** The error counters that grew on the path since the sweep before the run: {@code "0x…/3 SymbolErrorCounter"} to the growth. */
    public Map<String, Long> counterDeltas() {
        Map<String, Long> out = new LinkedHashMap<>();
        for (PathPort p : ends) {
            p.moved().forEach((counter, delta) -> out.put(p.subject() + " " + counter, delta));
        }
        return out;
    }

    /** The suspect cables, each {@code "0x…/1 <-> 0x…/3: why"}, in path order. */
    public List<String> suspects() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i + 1 < ends.size(); i += 2) {
            PathPort a = ends.get(i);
            PathPort b = ends.get(i + 1);
            if (a.suspect() || b.suspect()) {
                String why = a.why() + (a.suspect() && b.suspect() ? "; " : "") + b.why();
                out.add(cable(a, b) + ": " + why);
            }
        }
        return out;
    }

    /**
     * The path's part of an alarm's details: the suspect cables last (after {@code suspect links: }, which the alarm
     * model reads back), or that the path is clean, or why it is not known.
     */
    public String text() {
        if (!complete()) {
            return problem.isEmpty() ? "" : "path not known: " + problem;
        }
        Route there = routes.get(0);
        String head = String.format("path LID %d -> LID %d%s, %d cable%s", there.sourceLid(), there.destinationLid(),
                routes.size() > 1 ? " and back" : "", ends.size() / 2, ends.size() == 2 ? "" : "s");
        String unread = problem.isEmpty() ? "" : " (" + problem + ")";
        List<String> suspects = suspects();
        if (suspects.isEmpty()) {
            return head + unread + ": no error counter moved since the sweep before the run and every port was OK in the last sweep";
        }
        return head + unread + "; " + Alarm.SUSPECT_LINKS + String.join("; ", suspects);
    }

    /** Named the same whichever way it is crossed, as {@link SuspectLinks} names it. */
    private static String cable(PathPort a, PathPort b) {
        return a.subject().compareTo(b.subject()) <= 0 ? a.subject() + " <-> " + b.subject()
                : b.subject() + " <-> " + a.subject();
    }
}

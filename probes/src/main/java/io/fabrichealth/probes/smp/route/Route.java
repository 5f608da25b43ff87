package io.fabrichealth.probes.smp.route;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The path from one LID to another, hop by hop, or as far as it could be traced and why it stops there.
 *
 * @param problem empty for a complete route; otherwise what stopped the trace and what to check
 */
public record Route(int sourceLid, int destinationLid, List<RouteHop> hops, String problem) {

    public Route {
        hops = List.copyOf(hops);
    }

    public boolean complete() {
        return problem.isEmpty();
    }

    /**
     * The route as ibtracert prints it: {@code From ca {node GUID} portnum 1 lid 1-1 "h1"}, then one
     * {@code [out] -> switch port {port GUID}[in] lid 3-3 "leaf 1"} per hop, then {@code To ca {node GUID} portnum
     * 1 ...} (a switch's portnum is 0); a trace that stops ends with its problem instead of the last line.
     */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        if (hops.isEmpty()) {
            out.add(problem);
            return out;
        }
        RouteHop first = hops.get(0);
        out.add(String.format(Locale.ROOT, "From %s {0x%016x} portnum %d lid %d-%d \"%s\"", word(first),
                first.nodeGuid(), first.isSwitch() ? 0 : first.outPort(), first.lid(), first.lid(),
                first.description()));
        for (int i = 1; i < hops.size(); i++) {
            RouteHop h = hops.get(i);
            out.add(String.format(Locale.ROOT, "[%d] -> %s port {0x%016x}[%d] lid %d-%d \"%s\"",
                    hops.get(i - 1).outPort(), word(h), h.portGuid(), h.inPort(), h.lid(), h.lid(), h.description()));
        }
        if (complete()) {
            RouteHop last = hops.get(hops.size() - 1);
            out.add(String.format(Locale.ROOT, "To %s {0x%016x} portnum %d lid %d-%d \"%s\"", word(last),
                    last.nodeGuid(), last.isSwitch() ? 0 : last.inPort(), last.lid(), last.lid(), last.description()));
        } else {
            out.add(problem);
        }
        return out;
    }

    /** The cables the route crosses, one per pair of consecutive hops: the out port of one, the in port of the next. */
    public List<RouteLink> links() {
        List<RouteLink> out = new ArrayList<>();
        for (int i = 1; i < hops.size(); i++) {
            out.add(new RouteLink(hops.get(i - 1), hops.get(i)));
        }
        return out;
    }

    private static String word(RouteHop h) {
        return h.nodeType().toLowerCase(Locale.ROOT);
    }

    /** A cable on a route, named by the ports at its two ends. */
    public record RouteLink(RouteHop from, RouteHop to) {
        /** "0x…/1 <-> 0x…/3", with the ports' own subjects. */
        public String name() {
            return from.outSubject() + " <-> " + to.inSubject();
        }
    }
}

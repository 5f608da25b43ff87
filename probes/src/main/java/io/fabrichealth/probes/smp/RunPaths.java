package io.fabrichealth.probes.smp;

import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.PortGuid;
import io.fabrichealth.probes.mad.MadRequests;
import io.fabrichealth.probes.mad.PortCounters;
import io.fabrichealth.probes.smp.engine.MadOutcome;
import io.fabrichealth.probes.smp.health.IbaCounter;
import io.fabrichealth.probes.smp.health.Verdict;
import io.fabrichealth.probes.smp.route.PathEvidence;
import io.fabrichealth.probes.smp.route.PathPort;
import io.fabrichealth.probes.smp.route.PathWatch;
import io.fabrichealth.probes.smp.route.Route;
import io.fabrichealth.probes.smp.route.Routes;
import io.fabrichealth.probes.smp.route.SuspectLinks;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.IntSupplier;

/**
 * The path watch of the ping-pongs and bursts, on the SMP sweep. Before a run, the routes from this agent's port to
 * the peer's and back are traced over the last sweep's cables (forwarding blocks read through the sweep's engine and kept, see
 * {@link Routes}), and the swept error counters of both ends of every cable on them are noted: no MAD beyond the
 * trace. After a clean run the counters are the sweeps' again, so a clean run costs nothing and its deltas reach as
 * far as the last sweep. After a run that went wrong each end's PortCounters are read at once (one PMA Get per cable
 * end, through the sweep's engine and its limits), so its alarm names the cable without waiting for a sweep; the
 * deltas then cover the sweep before the run to the run's end.
 */
public final class RunPaths implements PathWatch {
    /** The error counters PortCounters carries (every one the sweep judges). */
    private static final List<IbaCounter> ERRORS = Arrays.stream(IbaCounter.values())
            .filter(c -> c.kind() == IbaCounter.Kind.ERROR && c.portCounter() != null).toList();

    private final SmpSweepProbe smp;
    private final IntSupplier ownLid;
    private final Function<HostPort, PortGuid> peerGuid;

    /**
     * @param ownLid   this agent's port's LID; 0 while unknown
     * @param peerGuid the fabric port of a peer, by the address a run aims at; null when unknown
     */
    public RunPaths(SmpSweepProbe smp, IntSupplier ownLid, Function<HostPort, PortGuid> peerGuid) {
        this.smp = smp;
        this.ownLid = ownLid;
        this.peerGuid = peerGuid;
    }

    /** A cable end on the route, and how a PMA Get reaches it (a switch port by its switch's LID). */
    private record End(String subject, long nodeGuid, String node, int lid, int port) {
    }

    @Override
    public Bracket before(HostPort peer) {
        PortGuid guid = peerGuid.apply(peer);
        if (guid == null) {
            return Bracket.of(PathEvidence.unknown("the fabric port of " + peer + " is not known: give that peer's "
                    + "guid in peers (ibstat's Port GUID), or run both agents in one fleet, whose cards carry it"));
        }
        int source = ownLid.getAsInt();
        if (source <= 0) {
            return Bracket.of(PathEvidence.unknown("this agent's own port has no LID yet (not read yet, or the subnet "
                    + "manager has not assigned one); the next run tries again"));
        }
        int destination = lidOf(guid.value());
        if (destination <= 0) {
            return Bracket.of(PathEvidence.unknown("no port with GUID " + guid + " (" + peer + ") in the last sweep; "
                    + "check the peer's guid, or wait for a sweep that reaches it"));
        }
        try {
            List<Route> routes = smp.traceRoutes(List.of(new Routes.LidPair(source, destination),
                    new Routes.LidPair(destination, source)));
            for (Route r : routes) {
                if (!r.complete()) {
                    return Bracket.of(new PathEvidence(routes, List.of(), r.problem()));
                }
            }
            List<End> ends = ends(routes);
            Map<String, PortSnapshot> swept = sweptPorts();
            Map<String, PortSnapshot> before = new HashMap<>();
            ends.forEach(e -> before.put(e.subject(), swept.get(e.subject())));
            return failed -> after(routes, ends, before, failed);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Bracket.of(PathEvidence.unknown("interrupted while tracing the path: the agent is stopping"));
        } catch (RuntimeException e) { // the umad port did not open, the probe closed: the run goes on without
            return Bracket.of(PathEvidence.unknown("the path was not traced (" + e.getMessage() + "); the SmpProbe "
                    + "MBean's LastError says more"));
        }
    }

    private PathEvidence after(List<Route> routes, List<End> ends, Map<String, PortSnapshot> before, boolean failed) {
        Map<String, Object> now = Map.of();
        if (failed) {
            try {
                now = read(ends);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) { // the engine closed: the sweeps' counters are all there is
                now = Map.of();
            }
        }
        Map<String, PortSnapshot> swept = sweptPorts();
        List<PathPort> ports = new ArrayList<>();
        int unread = 0;
        String firstProblem = "";
        for (End e : ends) {
            PortSnapshot b = before.get(e.subject());
            PortSnapshot s = swept.get(e.subject());
            Map<String, Long> moved = new LinkedHashMap<>();
            String problem = moved(b, s, now.get(e.subject()), failed, moved);
            if (!problem.isEmpty() && unread++ == 0) {
                firstProblem = e.subject() + ": " + problem;
            }
            ports.add(new PathPort(e.subject(), e.node(), s == null ? null : s.health(),
                    s == null || s.health() == Verdict.OK ? List.of() : s.reasons(), moved, problem));
        }
        String problem = unread == 0 ? "" : unread + " of " + ends.size() + " cable ends not compared, e.g. "
                + firstProblem;
        return new PathEvidence(routes, ports, problem);
    }

    /**
     * Fills {@code moved} with the error counters of one cable end that grew since the sweep before the run, and
     * returns why they could not be compared (empty when they were). The sweep's counters are 64-bit accumulators
     * that equal the port's own counters until someone resets them, so a read at the run's end compares with them
     * directly while the port has never been reset; otherwise the sweeps compare with each other.
     *
     * @param b   the end as the sweep before the run saw it; null when no sweep had
     * @param s   the end as the last sweep sees it
     * @param raw what the read at the run's end answered: PortCounters, the text of a failure, or null (not read)
     */
    private static String moved(PortSnapshot b, PortSnapshot s, Object raw, boolean failed, Map<String, Long> moved) {
        if (b == null || b.countersAt() == null) {
            return "no sweep had read its counters before the run";
        }
        if (raw instanceof PortCounters now && b.counterResets() == 0) {
            for (IbaCounter c : ERRORS) {
                Long was = b.counters().get(c);
                long delta = was == null ? 0 : now.get(c.portCounter()) - was;
                if (delta > 0) {
                    moved.put(c.ibaName(), delta);
                } else if (delta < 0) {
                    moved.clear();
                    return "its counters were cleared since the sweep before the run";
                }
            }
            return "";
        }
        if (s != null && s.countersAt() != null && s.countersAt().isAfter(b.countersAt())) {
            for (IbaCounter c : ERRORS) {
                long delta = s.counters().getOrDefault(c, 0L) - b.counters().getOrDefault(c, 0L);
                if (delta > 0) {
                    moved.put(c.ibaName(), delta);
                }
            }
        }
        if (raw instanceof String why) {
            return "its PortCounters were not read at the run's end: " + why;
        }
        return failed && !(raw instanceof PortCounters) ? "its PortCounters were not read at the run's end: the agent "
                + "is stopping" : "";
    }

    /**
     * Both ends of every cable, each cable once: the port a hop leaves by, then the port the next enters by, there in
     * path order and then the cables only the way back crosses.
     */
    private static List<End> ends(List<Route> routes) {
        List<End> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Route route : routes) {
            for (Route.RouteLink l : route.links()) {
                if (seen.add(SuspectLinks.cable(l))) {
                    out.add(new End(l.from().outSubject(), l.from().nodeGuid(), l.from().description(),
                            l.from().lid(), l.from().outPort()));
                    out.add(new End(l.to().inSubject(), l.to().nodeGuid(), l.to().description(), l.to().lid(),
                            l.to().inPort()));
                }
            }
        }
        return out;
    }

    /** Each end's PortCounters, or the text of why it has none. */
    private Map<String, Object> read(List<End> ends) throws InterruptedException {
        Map<String, Object> out = new HashMap<>();
        smp.useEngine((engine, sweepWaiting) -> {
            for (End e : ends) {
                engine.submit(MadRequests.portCounters(e.lid(), e.port()), String.format("0x%016x", e.nodeGuid()),
                        o -> out.put(e.subject(), o instanceof MadOutcome.Answer a
                                && a.attribute() instanceof PortCounters pc ? pc : failure(o)));
            }
            engine.run();
            return null;
        });
        return out;
    }

    private static String failure(MadOutcome o) {
        return o instanceof MadOutcome.Failed f ? f.failure() + " (" + f.message() + ")" : "the answer was not PortCounters";
    }

    /** The LID of a CA port by its GUID, in the last sweep (the fleet's records included); 0 when none has it. */
    private int lidOf(long portGuid) {
        for (PortSnapshot p : sweptPorts().values()) {
            if (p.portGuid() == portGuid && !"Switch".equals(p.nodeType()) && p.lid() > 0) {
                return p.lid();
            }
        }
        return 0;
    }

    /** The last sweep's ports by subject, the other members' records first and this agent's own winning. */
    private Map<String, PortSnapshot> sweptPorts() {
        Map<String, PortSnapshot> out = new HashMap<>();
        smp.share().othersPorts().forEach(p -> out.put(p.subject(), p));
        smp.snapshot().ports().forEach(p -> out.put(p.subject(), p));
        return out;
    }
}

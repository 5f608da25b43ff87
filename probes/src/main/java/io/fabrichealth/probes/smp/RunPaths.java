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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntSupplier;

/**
 * The path watch of the ping-pongs and bursts, on the SMP sweep. Before a run, the route from this agent's port to
 * the peer's is traced over the last sweep's cables (forwarding blocks read through the sweep's engine and kept, see
 * {@link Routes}), and the PortCounters of both ends of every cable on it are read through the same engine; after
 * the run they are read again. That is two PMA Gets per cable end per run, inside the engine's windows, and the
 * deltas cover exactly the run, not a sweep period around it.
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
            Route route = smp.traceRoutes(List.of(new Routes.LidPair(source, destination))).get(0);
            if (!route.complete()) {
                return Bracket.of(new PathEvidence(route, List.of(), route.problem()));
            }
            List<End> ends = ends(route);
            Map<String, Object> before = read(ends);
            return () -> after(route, ends, before);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Bracket.of(PathEvidence.unknown("interrupted while tracing the path: the agent is stopping"));
        } catch (RuntimeException e) { // the umad port did not open, the probe closed: the run goes on without
            return Bracket.of(PathEvidence.unknown("the path was not traced (" + e.getMessage() + "); the SmpProbe "
                    + "MBean's LastError says more"));
        }
    }

    private PathEvidence after(Route route, List<End> ends, Map<String, Object> before) {
        Map<String, Object> now;
        try {
            now = read(ends);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            now = Map.of();
        } catch (RuntimeException e) {
            now = Map.of();
        }
        Map<String, PortSnapshot> swept = sweptPorts();
        List<PathPort> ports = new ArrayList<>();
        int unread = 0;
        String firstProblem = "";
        for (End e : ends) {
            PortSnapshot s = swept.get(e.subject());
            Map<String, Long> moved = new LinkedHashMap<>();
            String problem = "";
            if (before.get(e.subject()) instanceof PortCounters b && now.get(e.subject()) instanceof PortCounters a) {
                for (IbaCounter c : ERRORS) {
                    long delta = a.get(c.portCounter()) - b.get(c.portCounter());
                    if (delta > 0) {
                        moved.put(c.ibaName(), delta);
                    } else if (delta < 0) {
                        problem = "its counters were cleared during the run";
                    }
                }
            } else {
                Object why = before.get(e.subject()) instanceof String w ? w : now.get(e.subject());
                problem = "its PortCounters were not read: " + (why == null ? "the agent is stopping" : why);
            }
            if (!problem.isEmpty() && unread++ == 0) {
                firstProblem = e.subject() + ": " + problem;
            }
            ports.add(new PathPort(e.subject(), e.node(), s == null ? null : s.health(),
                    s == null || s.health() == Verdict.OK ? List.of() : s.reasons(), moved, problem));
        }
        String problem = unread == 0 ? "" : unread + " of " + ends.size() + " cable ends not compared, e.g. "
                + firstProblem;
        return new PathEvidence(route, ports, problem);
    }

    /** Both ends of every cable, in path order: the port a hop leaves by, then the port the next enters by. */
    private static List<End> ends(Route route) {
        List<End> out = new ArrayList<>();
        for (Route.RouteLink l : route.links()) {
            out.add(new End(l.from().outSubject(), l.from().nodeGuid(), l.from().description(), l.from().lid(),
                    l.from().outPort()));
            out.add(new End(l.to().inSubject(), l.to().nodeGuid(), l.to().description(), l.to().lid(),
                    l.to().inPort()));
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

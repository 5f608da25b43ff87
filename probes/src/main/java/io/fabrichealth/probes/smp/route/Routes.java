package io.fabrichealth.probes.smp.route;

import io.fabrichealth.probes.mad.LidRoute;
import io.fabrichealth.probes.mad.LinearForwardingTable;
import io.fabrichealth.probes.mad.MadRequests;
import io.fabrichealth.probes.mad.SwitchInfo;
import io.fabrichealth.probes.smp.NodeSnapshot;
import io.fabrichealth.probes.smp.PortSnapshot;
import io.fabrichealth.probes.smp.engine.MadEngine;
import io.fabrichealth.probes.smp.engine.MadOutcome;
import io.fabrichealth.probes.smp.route.RouteTopology.PortRef;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Traces routes between LIDs the way ibtracert does: from the source port over its cable, then at every switch the
 * output port its LinearForwardingTable gives for the destination LID, until the destination's node.
 *
 * <p>Only the blocks a route needs are read (one 64-LID block per switch on the path, plus each switch's SwitchInfo
 * once for LinearFDBTop), all through the engine it is handed, so the sweep's windows and per-destination limits hold.
 * Blocks are kept across calls: they are dropped when the topology moved (a cable, a LID or a port state changed, so
 * the subnet manager reroutes), and once per sweep each switch that holds blocks is asked its SwitchInfo again and
 * loses them if it changed (LinearFDBTop, or PortStateChange).
 */
public final class Routes {
    private static final int MAX_HOPS = 64;

    /** A route to trace: from a port's LID to another's. */
    public record LidPair(int source, int destination) {
    }

    private final ForwardingTables tables = new ForwardingTables();
    private long fingerprint;
    private long checkedAtSweep = -1;
    private long madsSent;

    /**
     * Each pair's route, in order; one that cannot be traced ends early with its problem.
     *
     * @param sweep the number of the last sweep: the first trace after a new one re-asks each SwitchInfo
     * @param nodes every node known (in a fleet, the other members' too)
     * @param ports every port known
     */
    public synchronized List<Route> trace(MadEngine engine, long sweep, Collection<NodeSnapshot> nodes,
            Collection<PortSnapshot> ports, List<LidPair> pairs) {
        RouteTopology topology = RouteTopology.of(nodes, ports);
        if (topology.fingerprint() != fingerprint) {
            tables.forgetAll();
            fingerprint = topology.fingerprint();
            checkedAtSweep = sweep;
        } else if (sweep != checkedAtSweep) {
            recheck(engine);
            checkedAtSweep = sweep;
        }
        tables.clearFailures();
        Route[] out = new Route[pairs.size()];
        for (int round = 0; round <= MAX_HOPS + 1; round++) {
            Map<Long, Set<Integer>> wanted = new TreeMap<>();
            for (int i = 0; i < out.length; i++) {
                if (out[i] == null) {
                    out[i] = traceOne(topology, pairs.get(i), wanted);
                }
            }
            if (wanted.isEmpty()) {
                break;
            }
            fetch(engine, topology, wanted);
        }
        return Arrays.asList(out);
    }

    /** SwitchInfo and LinearForwardingTable MADs sent since the agent started. */
    public synchronized long madsSent() {
        return madsSent;
    }

    /** Forwarding blocks held now, over all switches. */
    public synchronized int blocksHeld() {
        return tables.blocksHeld();
    }

    /** Null while a block it needs is unread (and adds that block to {@code wanted}). */
    private Route traceOne(RouteTopology t, LidPair pair, Map<Long, Set<Integer>> wanted) {
        int dlid = pair.destination();
        List<RouteHop> hops = new ArrayList<>();
        PortRef source = t.atLid(pair.source());
        PortRef destination = t.atLid(dlid);
        if (source == null || destination == null) {
            int missing = source == null ? pair.source() : dlid;
            return new Route(pair.source(), dlid, hops, String.format("no port has LID %d in the last sweep; check "
                    + "the LID (smpquery portinfo), or wait for a sweep that finds it", missing));
        }
        PortRef at = source;
        int inPort = 0;
        while (true) {
            NodeSnapshot node = t.node(at.guid());
            int lid = t.lidOf(at.guid(), at.port());
            if (at.guid() == destination.guid() && at != source) {
                hops.add(hop(t, node, at.port(), lid, inPort, 0));
                return new Route(pair.source(), dlid, hops, "");
            }
            if (hops.size() > MAX_HOPS) {
                return new Route(pair.source(), dlid, hops, String.format("more than %d hops toward LID %d: a "
                        + "forwarding loop; check the subnet manager's routing (its log, then ibroute on these "
                        + "switches)", MAX_HOPS, dlid));
            }
            int out;
            if (!RouteTopology.isSwitch(node)) {
                if (at != source) {
                    return new Route(pair.source(), dlid, hops, String.format("the route reaches CA \"%s\" "
                            + "(0x%016x), which is not LID %d and forwards nothing; the switch before it is "
                            + "misrouted: check the subnet manager's routing", node.description(), node.guid(), dlid));
                }
                out = at.port();
            } else if (at.guid() == destination.guid()) {
                hops.add(hop(t, node, at.port(), lid, inPort, 0)); // the source switch is the destination
                return new Route(pair.source(), dlid, hops, "");
            } else {
                out = tables.outPort(node.guid(), dlid);
                if (out == ForwardingTables.UNKNOWN) {
                    String failure = tables.failure(node.guid(), dlid);
                    if (failure == null) {
                        wanted.computeIfAbsent(node.guid(), g -> new TreeSet<>())
                                .add(LinearForwardingTable.blockOf(dlid));
                        return null;
                    }
                    hops.add(hop(t, node, at.port(), lid, inPort, 0));
                    return new Route(pair.source(), dlid, hops, failure);
                }
                if (out == LinearForwardingTable.NO_ROUTE || out == 0 || out > node.numPorts()) {
                    hops.add(hop(t, node, at.port(), lid, inPort, 0));
                    return new Route(pair.source(), dlid, hops, String.format("switch \"%s\" (LID %d) has no route "
                            + "to LID %d (its LinearForwardingTable gives %s); the subnet manager has not routed it: "
                            + "check the SM's log", node.description(), lid, dlid,
                            out == LinearForwardingTable.NO_ROUTE ? "255, no route" : "port " + out));
                }
            }
            hops.add(hop(t, node, at.port(), lid, inPort, out));
            PortRef next = t.cableFrom(at.guid(), out);
            if (next == null || t.node(next.guid()) == null) {
                return new Route(pair.source(), dlid, hops, String.format("port %d of \"%s\" (0x%016x) leads to no "
                        + "cable in the last sweep (down or unlinked); check that cable and the port's state",
                        out, node.description(), node.guid()));
            }
            at = next;
            inPort = next.port();
        }
    }

    /** @param port the port the trace stands on (the CA port it entered or leaves by) */
    private static RouteHop hop(RouteTopology t, NodeSnapshot n, int port, int lid, int in, int out) {
        return new RouteHop(n.guid(), t.portGuidOf(n.guid(), port), RouteTopology.isSwitch(n) ? "Switch" : "CA",
                n.description(), lid, in, out);
    }

    /** Reads what {@code wanted} lacks: the SwitchInfo first where none is held, then the blocks under its top. */
    private void fetch(MadEngine engine, RouteTopology t, Map<Long, Set<Integer>> wanted) {
        for (Map.Entry<Long, Set<Integer>> w : wanted.entrySet()) {
            long guid = w.getKey();
            NodeSnapshot node = t.node(guid);
            ForwardingTables.SwitchTables tables = this.tables.of(guid);
            if (node.lid() <= 0 || node.lid() > LidRoute.MAX_UNICAST_LID) {
                tables.failed.put(-1, String.format("switch \"%s\" (0x%016x) has no LID to ask its forwarding table "
                        + "by; the subnet manager has not configured it yet", node.description(), guid));
                continue;
            }
            LidRoute route = new LidRoute(node.lid());
            tables.lid = node.lid();
            String destination = String.format("0x%016x", guid);
            if (tables.info == null) {
                madsSent++;
                engine.submit(MadRequests.switchInfo(route), destination, outcome -> {
                    if (outcome instanceof MadOutcome.Answer a) {
                        this.tables.confirm(guid, (SwitchInfo) a.attribute());
                        readBlocks(engine, node, route, destination, w.getValue());
                    } else {
                        tables.failed.put(-1, unread("SwitchInfo", node, outcome));
                    }
                });
            } else {
                readBlocks(engine, node, route, destination, w.getValue());
            }
        }
        engine.run();
    }

    private void readBlocks(MadEngine engine, NodeSnapshot node, LidRoute route, String destination,
            Set<Integer> blocks) {
        ForwardingTables.SwitchTables tables = this.tables.of(node.guid());
        for (int block : blocks) {
            if (block * LinearForwardingTable.LIDS_PER_BLOCK > tables.info.linearFdbTop()) {
                continue; // outPort answers NO_ROUTE past the top: nothing to read
            }
            madsSent++;
            engine.submit(MadRequests.linearForwardingTable(route, block), destination, outcome -> {
                if (outcome instanceof MadOutcome.Answer a && a.attribute() instanceof LinearForwardingTable lft
                        && lft.block() == block) {
                    tables.blocks.put(block, lft);
                } else {
                    tables.failed.put(block, unread("LinearForwardingTable block " + block, node, outcome));
                }
            });
        }
    }

    /** Once per sweep: a switch whose SwitchInfo changed loses its blocks; one that does not answer loses them too. */
    private void recheck(MadEngine engine) {
        for (long guid : tables.switchesWithBlocks()) {
            ForwardingTables.SwitchTables t = tables.of(guid);
            madsSent++;
            engine.submit(MadRequests.switchInfo(new LidRoute(t.lid)), String.format("0x%016x", guid), outcome -> {
                if (outcome instanceof MadOutcome.Answer a) {
                    tables.confirm(guid, (SwitchInfo) a.attribute());
                } else {
                    t.blocks.clear();
                    t.info = null;
                }
            });
        }
        engine.run();
    }

    private static String unread(String what, NodeSnapshot node, MadOutcome outcome) {
        String why = outcome instanceof MadOutcome.Failed f ? f.failure() + ": " + f.message()
                : "the answer was not a " + what;
        return String.format("%s of switch \"%s\" (LID %d) was not read (%s); check the switch's SMA "
                + "(smpquery switchinfo %d); the next trace asks again", what, node.description(), node.lid(), why,
                node.lid());
    }
}

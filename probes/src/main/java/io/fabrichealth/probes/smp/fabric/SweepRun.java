package io.fabrichealth.probes.smp.fabric;

import io.fabrichealth.config.SmpTarget;
import io.fabrichealth.probes.mad.ClassPortInfo;
import io.fabrichealth.probes.mad.DrPath;
import io.fabrichealth.probes.mad.LidRoute;
import io.fabrichealth.probes.mad.MadRequests;
import io.fabrichealth.probes.mad.NodeDescription;
import io.fabrichealth.probes.mad.NodeInfo;
import io.fabrichealth.probes.mad.PhysState;
import io.fabrichealth.probes.mad.PmaCapability2;
import io.fabrichealth.probes.mad.PortCounters;
import io.fabrichealth.probes.mad.PortCountersExtended;
import io.fabrichealth.probes.mad.PortInfo;
import io.fabrichealth.probes.mad.SmpRoute;
import io.fabrichealth.probes.smp.engine.MadEngine;
import io.fabrichealth.probes.smp.engine.MadOutcome;
import io.fabrichealth.probes.smp.health.CounterSample;
import io.fabrichealth.probes.smp.health.IbaCounter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.LongPredicate;

/**
 * One sweep of the fabric through a {@link MadEngine}, all of it asynchronous: every answer submits the next
 * requests, so the engine keeps its windows full.
 *
 * <p>Discovery walks directed routes from the agent's port the way libibnetdisc (ibnetdiscover) does: NodeInfo,
 * then PortInfo of every port of a switch (of the entry port of a CA), NodeDescription of nodes not known yet (and
 * of all nodes when asked to refresh), and through every
 * switch port whose PhysState is LinkUp, except the one the SMP came in by, to the next NodeInfo. DR paths never
 * go through a CA other than the agent's own. Known nodes the walk did not reach are then asked by LID, so a
 * vanished node shows up as silent instead of disappearing. Once a node's PortInfos are in, its PMA is read by LID:
 * ClassPortInfo (once per LID), then PortCounters and, where ClassPortInfo has it, PortCountersExtended, for every
 * port with a PortInfo: all external ports of a switch (through the switch's LID), every CA port reached.
 *
 * <p>In a fleet a node's PortInfo and PMA are read only by the agent it is {@code mine} to (it owns the node and
 * holds its claim). A discovery still reads the PortInfo it needs to walk (every port of a switch, the entry port of
 * a CA) of every node, but reads PMA only of its own; {@link #byLid} sweeps the own nodes alone, by LID.
 */
public final class SweepRun {
    private final MadEngine engine;
    private final FabricMap map;
    private final Map<Long, NodeVisit> visits = new LinkedHashMap<>();
    private final List<Link> links = new ArrayList<>();
    private final Map<Long, Integer> failuresOfSilent = new HashMap<>();
    private final Map<Integer, ClassPortInfo> pmaThisSweep = new HashMap<>();
    private final Map<Integer, Long> pmaOwner = new HashMap<>();
    private final Map<Integer, List<Consumer<ClassPortInfo>>> pmaWaiters = new HashMap<>();
    private final List<String> problems = new ArrayList<>();
    private final Map<Long, Long> madsViaRoute = new HashMap<>();
    /**
     * Engine destinations named after a directed route (a NodeInfo whose node was not known yet): forgotten once the
     * sweep is over, since the engine would otherwise keep an RTT histogram per route ever walked (half of a
     * 10,000-port fabric's agent memory); their MADs are counted under the node's GUID by then.
     */
    private final Set<String> routeDestinations = new HashSet<>();
    private final boolean refreshDescriptions;
    private final LongPredicate mine;
    /** Per node, whether {@link #mine} said yes; asked once per sweep, since a fleet's answer may cost a claim. */
    private final Map<Long, Boolean> decided = new HashMap<>();
    /** A rolling rediscovery walks on only from these switches and from nodes the map does not know; null: all. */
    private Set<Long> walkFrom;
    /** A rolling rediscovery's view of ports another member read moments ago: their PhysState code, or null. */
    private BiFunction<Long, Integer, Integer> freshPhysState = (guid, port) -> null;
    /** A steady-state sweep's visits of known nodes, by GUID; each joins {@link #visits} at its first answer. */
    private Map<Long, NodeVisit> steady = Map.of();
    /** Ports a steady-state sweep walked through because the topology moved behind them. */
    private int rewalked;
    private int madsFailed;

    private SweepRun(MadEngine engine, FabricMap map, boolean refreshDescriptions, LongPredicate mine) {
        this.engine = engine;
        this.map = map;
        this.refreshDescriptions = refreshDescriptions;
        this.mine = mine;
    }

    /** Alone, every node is this agent's to sweep. */
    public static final LongPredicate EVERY_NODE = guid -> true;

    /**
     * Discovers from the agent's own port, then asks known but unreached nodes by LID.
     *
     * @param refreshDescriptions read NodeDescription of every node, not only of nodes seen for the first time
     *     (descriptions change rarely, e.g. when a host sets its name after boot; the probe refreshes them every
     *     few sweeps and saves a MAD per node in the others)
     */
    public static SweepReport discover(MadEngine engine, FabricMap map, boolean refreshDescriptions, Clock clock) {
        return discover(engine, map, refreshDescriptions, EVERY_NODE, clock);
    }

    /**
     * A discovery in a fleet: walks the whole fabric as {@link #discover(MadEngine, FabricMap, boolean, Clock)} does,
     * but reads PMA only of the nodes that are {@code mine}, and asks only those of the known but unreached by LID.
     *
     * @param mine whether a node is this agent's to sweep; asked at most once per node and sweep
     */
    public static SweepReport discover(MadEngine engine, FabricMap map, boolean refreshDescriptions,
            LongPredicate mine, Clock clock) {
        Instant start = clock.instant();
        SweepRun run = new SweepRun(engine, map, refreshDescriptions, mine);
        run.nodeInfo(DrPath.local(), null, 0, true, true, null);
        engine.run();
        for (KnownNode k : map.nodes()) {
            int lid = k.lid();
            if (!run.visits.containsKey(k.guid()) && lid > 0 && lid <= LidRoute.MAX_UNICAST_LID && run.mine(k.guid())) {
                run.nodeInfo(SmpRoute.lid(lid), null, 0, false, false, k.guid());
            }
        }
        engine.run();
        map.walkNeeded(false);
        return run.merge(start, clock.instant());
    }

    /**
     * A steady-state sweep, alone, after a full walk ({@link FabricMap#walkNeeded()} false): no rediscovery of what
     * has not changed. Every known node is read by the directed route the walk took to it, PortInfo of its known ports
     * (every port of a switch) and PMA counters, but no NodeInfo. A port whose PortInfo says the topology moved behind
     * it is walked through as a discovery would (NodeInfo, and in full any node the map does not know): a port that
     * is LinkUp now and was not, whose PhysState changed, that is new, that has no known neighbour, or whose
     * LinkDownedCounter rose since the sweep before (down and up in between, as when a node is replaced). A different
     * NodeGUID behind such a port is a new node and walked in full. A known node its route no longer reaches is asked
     * by LID, as a discovery asks unreached ones; if it answers so, the routes are stale and the next sweep walks the
     * whole fabric.
     */
    public static SweepReport steady(MadEngine engine, FabricMap map, boolean refreshDescriptions, Clock clock) {
        Instant start = clock.instant();
        SweepRun run = new SweepRun(engine, map, refreshDescriptions, EVERY_NODE);
        run.walkFrom = Set.of(); // walk on in full only from nodes the map does not know
        run.steady = new HashMap<>();
        for (KnownNode k : map.nodes()) {
            DrPath path = map.pathTo(k.guid());
            if (k.info() != null && path != null) {
                run.steady.put(k.guid(), new NodeVisit(k.info(), path, true, k.local(), true));
            }
        }
        for (NodeVisit v : run.steady.values()) {
            KnownNode k = map.node(v.guid);
            if (refreshDescriptions) {
                run.readDescription(v, v.route);
            }
            if (v.isSwitch()) {
                for (int p = 0; p <= v.info.numPorts(); p++) {
                    run.portInfo(v, p, v.route);
                }
            } else {
                for (KnownPort kp : k.ports()) {
                    run.portInfo(v, kp.number(), v.route);
                }
            }
        }
        engine.run();
        List<Long> byLid = new ArrayList<>();
        for (KnownNode k : map.nodes()) {
            int lid = k.lid();
            if (!run.visits.containsKey(k.guid()) && lid > 0 && lid <= LidRoute.MAX_UNICAST_LID) {
                byLid.add(k.guid());
                run.nodeInfo(SmpRoute.lid(lid), null, 0, false, false, k.guid());
            }
        }
        engine.run();
        if (byLid.stream().anyMatch(run.visits::containsKey)) {
            map.walkNeeded(true);
        }
        return run.merge(start, clock.instant());
    }

    /**
     * Sweeps the known nodes that are {@code mine} by LID (NodeInfo, PortInfo, PMA: what a discovery does for a
     * known but unreached node), without walking. The agent's own node is asked by directed route too, with
     * NodeInfo alone unless it is mine: one MAD to the local HCA, never to a switch, that tells whether the agent's
     * port works and which node is its own. Descriptions come from the published node list, so none is read.
     */
    public static SweepReport byLid(MadEngine engine, FabricMap map, LongPredicate mine, Clock clock) {
        Instant start = clock.instant();
        SweepRun run = new SweepRun(engine, map, false, mine);
        run.nodeInfo(DrPath.local(), null, 0, false, true, null);
        for (KnownNode k : map.nodes()) {
            int lid = k.lid();
            if (!k.local() && lid > 0 && lid <= LidRoute.MAX_UNICAST_LID && run.mine(k.guid())) {
                if (!run.readSteadily(k, lid)) {
                    run.nodeInfo(SmpRoute.lid(lid), null, 0, false, false, k.guid());
                }
            }
        }
        engine.run();
        return run.merge(start, clock.instant());
    }

    /**
     * A fleet member's steady state, as {@link #steady} is a lone agent's: a node that answered the last sweep and
     * none of whose ports bounced (LinkDownedCounter) is read by PortInfo and counters alone, with no NodeInfo. A node
     * that went silent or bounced is asked its NodeInfo again, which also tells whether another node now answers at
     * that LID. False when the node needs its NodeInfo.
     */
    private boolean readSteadily(KnownNode k, int lid) {
        if (k.info() == null || !k.answeredLastSweep() || k.ports().stream().anyMatch(KnownPort::flapped)) {
            return false;
        }
        SmpRoute route = SmpRoute.lid(lid);
        NodeVisit v = new NodeVisit(k.info(), route, false, false, true);
        if (v.isSwitch()) {
            for (int p = 0; p <= v.info.numPorts(); p++) {
                portInfo(v, p, route);
            }
            return true;
        }
        for (KnownPort kp : k.ports()) {
            if (kp.info() != null && kp.info().lid() == lid) {
                portInfo(v, kp.number(), route); // the CA port the LID belongs to, as NodeInfo by LID would name it
                return true;
            }
        }
        return false;
    }

    /**
     * A rolling rediscovery, for a fleet's discovery owner: instead of walking the whole fabric every
     * {@code rediscoverEvery} sweeps, which would double one period's MADs to every switch, it walks a slice of the
     * known switches each sweep, by the directed routes earlier walks took (NodeInfo, PortInfo of every port, and
     * NodeInfo through every LinkUp port), so every cable is checked once a cycle. A node the walk meets that the
     * map does not know is walked in full, so new parts of the fabric are found. The nodes that are {@code mine}
     * and not in the slice are swept by LID, as in {@link #byLid}.
     *
     * <p>A walked switch that another member owns and swept moments ago costs it one NodeInfo: the walk takes each
     * port's PhysState from that member's sweep ({@code freshPhysState}) instead of reading PortInfo again, and
     * still sends NodeInfo through every LinkUp port, so the cable's far end is checked.
     *
     * @param slice the switches to walk from this sweep; each must have a {@link FabricMap#pathTo}
     * @param freshPhysState the PhysState code another member read moments ago for a node's port, or null
     */
    public static SweepReport rolling(MadEngine engine, FabricMap map, Set<Long> slice, boolean refreshDescriptions,
            LongPredicate mine, BiFunction<Long, Integer, Integer> freshPhysState, Clock clock) {
        Instant start = clock.instant();
        SweepRun run = new SweepRun(engine, map, refreshDescriptions, mine);
        run.walkFrom = slice;
        run.freshPhysState = freshPhysState;
        run.nodeInfo(DrPath.local(), null, 0, false, true, null);
        for (long guid : slice) {
            run.nodeInfo(map.pathTo(guid), null, 0, true, false, guid);
        }
        for (KnownNode k : map.nodes()) {
            int lid = k.lid();
            if (!k.local() && !slice.contains(k.guid()) && lid > 0 && lid <= LidRoute.MAX_UNICAST_LID
                    && run.mine(k.guid())) {
                run.nodeInfo(SmpRoute.lid(lid), null, 0, false, false, k.guid());
            }
        }
        engine.run();
        return run.merge(start, clock.instant());
    }

    /** Sweeps only the configured targets (smp_mad_stress's -L list), without walking to neighbours. */
    public static SweepReport targets(MadEngine engine, FabricMap map, List<SmpTarget> targets,
            boolean refreshDescriptions, Clock clock) {
        Instant start = clock.instant();
        SweepRun run = new SweepRun(engine, map, refreshDescriptions, EVERY_NODE);
        for (SmpTarget t : targets) {
            run.nodeInfo(route(t), null, 0, false, false, null);
        }
        engine.run();
        return run.merge(start, clock.instant());
    }

    static SmpRoute route(SmpTarget target) {
        if (target instanceof SmpTarget.Lid lid) {
            return SmpRoute.lid(lid.lid());
        }
        List<Integer> ports = ((SmpTarget.DirectedRoute) target).ports();
        return DrPath.of(ports.subList(1, ports.size()).stream().mapToInt(Integer::intValue).toArray());
    }

    private boolean mine(long guid) {
        return decided.computeIfAbsent(guid, mine::test);
    }

    private void nodeInfo(SmpRoute route, NodeVisit from, int fromPort, boolean explore, boolean local, Long expected) {
        Long guess = expected != null ? expected : route instanceof DrPath p ? map.guidAt(p) : null;
        String destination = guess != null ? KnownNode.hex(guess) : route.toString();
        if (guess == null) {
            routeDestinations.add(destination);
        }
        engine.submit(MadRequests.nodeInfo(route), destination, outcome -> {
            if (outcome instanceof MadOutcome.Answer a) {
                NodeInfo ni = (NodeInfo) a.attribute();
                if (guess == null) {
                    // Sent under the route's name: count those MADs to the node, now that it has a GUID.
                    madsViaRoute.merge(ni.nodeGuid(), engine.madsSent(destination), Long::sum);
                }
                onNodeInfo(ni, route, from, fromPort, explore, local);
            } else {
                failed(outcome);
                if (guess != null && !visits.containsKey(guess)) {
                    failuresOfSilent.merge(guess, 1, Integer::sum);
                }
            }
        });
    }

    private void onNodeInfo(NodeInfo ni, SmpRoute route, NodeVisit from, int fromPort, boolean explore,
            boolean local) {
        long guid = ni.nodeGuid();
        if (route instanceof DrPath path) {
            map.remember(path, guid);
        }
        if (from != null) {
            links.add(new Link(from.guid, fromPort, guid, ni.localPortNum()));
        }
        NodeVisit v = visits.get(guid);
        if (v == null && steady.containsKey(guid) && !(route instanceof LidRoute)) {
            v = steady.get(guid); // a walk through a moved port met a known node: its reads are under way
            visits.put(guid, v);
        }
        if (v == null) {
            boolean walk = explore && (walkFrom == null || walkFrom.contains(guid) || map.node(guid) == null);
            v = new NodeVisit(ni, route, walk, local);
            visits.put(guid, v);
            if (refreshDescriptions || map.node(guid) == null) {
                readDescription(v, route);
            }
            if (v.isSwitch() && readsPorts(v)) {
                boolean reuse = walkFrom != null && v.explore && !mine(guid);
                for (int p = reuse ? 1 : 0; p <= ni.numPorts(); p++) {
                    Integer known = reuse ? freshPhysState.apply(guid, p) : null;
                    if (known != null) {
                        exploreThrough(v, p, known == PhysState.LINK_UP.code(), ni.localPortNum(), route);
                    } else {
                        portInfo(v, p, route);
                    }
                }
            }
        }
        v.answered++;
        v.port(ni.localPortNum()).portGuid = ni.portGuid();
        if (!v.isSwitch() && readsPorts(v)) {
            portInfo(v, ni.localPortNum(), route);
        }
    }

    /** A walk needs the PortInfos of every node it passes; a sweep by LID reads only its own nodes'. */
    private boolean readsPorts(NodeVisit v) {
        return v.explore || mine(v.guid);
    }

    private void readDescription(NodeVisit v, SmpRoute route) {
        engine.submit(MadRequests.nodeDescription(route), v.destination, outcome -> {
            if (outcome instanceof MadOutcome.Answer a) {
                v.answered++;
                v.description = ((NodeDescription) a.attribute()).text();
            } else {
                v.failed++;
                failed(outcome);
            }
        });
    }

    private void portInfo(NodeVisit v, int port, SmpRoute route) {
        NodeVisit.PortVisit pv = v.port(port);
        if (pv.infoAsked) {
            return;
        }
        pv.infoAsked = true;
        v.portInfosPending++;
        engine.submit(MadRequests.portInfo(route, port), v.destination, outcome -> {
            v.portInfosPending--;
            if (outcome instanceof MadOutcome.Answer a) {
                v.answered++;
                PortInfo pi = (PortInfo) a.attribute();
                pv.info = pi;
                if (v.steady) {
                    visits.putIfAbsent(v.guid, v);
                    walkIfMoved(v, port, pi, route);
                } else {
                    explore(v, port, pi, route);
                }
            } else {
                v.failed++;
                failed(outcome);
            }
            if (v.portInfosPending == 0) {
                readCounters(v);
            }
        });
    }

    /** libibnetdisc's rule: out through LinkUp switch ports but the entry one, and through the agent's own port. */
    private void explore(NodeVisit v, int port, PortInfo pi, SmpRoute route) {
        exploreThrough(v, port, pi.physState() == PhysState.LINK_UP, pi.localPortNum(), route);
    }

    /** A steady-state visit walks on only where the port's PortInfo (or its LinkDownedCounter) says things moved. */
    private void walkIfMoved(NodeVisit v, int port, PortInfo pi, SmpRoute route) {
        if (pi.physState() != PhysState.LINK_UP || !(route instanceof DrPath)) {
            // nothing to walk to (the nodes behind it go silent, or answer by LID); a sweep by LID walks nowhere:
            // in a fleet the discovery owner's rolling rediscovery does
            return;
        }
        KnownNode k = map.node(v.guid);
        KnownPort before = k == null ? null : k.port(port);
        PortInfo was = before == null ? null : before.info();
        boolean moved = was == null || was.physState() != PhysState.LINK_UP || before.remoteGuid() == 0
                || before.flapped();
        if (moved && port != 0 && (v.isSwitch() ? port != pi.localPortNum() : v.local)) {
            rewalked++;
            exploreThrough(v, port, true, pi.localPortNum(), route);
        }
    }

    /** @param cameIn the port the SMP reached the node by (a switch's PortInfo.LocalPortNum) */
    private void exploreThrough(NodeVisit v, int port, boolean linkUp, int cameIn, SmpRoute route) {
        if (!v.explore || port == 0 || !linkUp || !(route instanceof DrPath path) || path.hopCount() >= DrPath.MAX_HOPS) {
            return;
        }
        boolean onward = v.isSwitch() ? port != cameIn : v.local && port == v.info.localPortNum();
        if (onward) {
            nodeInfo(path.then(port), v, port, true, false, null);
        }
    }

    private void readCounters(NodeVisit v) {
        if (!mine(v.guid)) {
            return; // its owner reads them
        }
        KnownNode known = map.node(v.guid);
        v.forEachPort(pv -> {
            int port = pv.number;
            if (port == 0 || pv.info == null || pv.countersAsked) {
                return;
            }
            pv.countersAsked = true;
            int lid = lidFor(v, port);
            if (lid < 1 || lid > LidRoute.MAX_UNICAST_LID) {
                pv.counterProblem = "no LID to send PerfMgt MADs to (LID " + lid + "); a subnet manager assigns LIDs";
                return;
            }
            withPma(v, known, lid, pma -> {
                if (pma == null) {
                    pv.counterProblem = "PerfMgt ClassPortInfo of LID " + lid + " did not answer";
                } else {
                    readCounters(v, pv, lid, pma);
                }
            });
        });
    }

    private static int lidFor(NodeVisit v, int port) {
        PortInfo pi = v.portInfo(v.isSwitch() ? 0 : port);
        return pi == null ? 0 : pi.lid();
    }

    private void withPma(NodeVisit v, KnownNode known, int lid, Consumer<ClassPortInfo> then) {
        ClassPortInfo cached = pmaThisSweep.containsKey(lid) ? pmaThisSweep.get(lid)
                : known == null ? null : known.pma(lid);
        if (cached != null) {
            then.accept(cached);
            return;
        }
        List<Consumer<ClassPortInfo>> waiting = pmaWaiters.get(lid);
        if (waiting != null) {
            waiting.add(then);
            return;
        }
        List<Consumer<ClassPortInfo>> waiters = new ArrayList<>(List.of(then));
        pmaWaiters.put(lid, waiters);
        engine.submit(MadRequests.pmaClassPortInfo(lid), v.destination, outcome -> {
            pmaWaiters.remove(lid);
            ClassPortInfo cpi = null;
            if (outcome instanceof MadOutcome.Answer a) {
                v.answered++;
                cpi = (ClassPortInfo) a.attribute();
                pmaThisSweep.put(lid, cpi);
                pmaOwner.put(lid, v.guid);
            } else {
                v.failed++;
                failed(outcome);
            }
            for (Consumer<ClassPortInfo> w : waiters) {
                w.accept(cpi);
            }
        });
    }

    private void readCounters(NodeVisit v, NodeVisit.PortVisit pv, int lid, ClassPortInfo pma) {
        int port = pv.number;
        PmaReading r = new PmaReading(pma);
        pv.counters = r;
        boolean extended = pma.hasExtendedCounters();
        // With the additional extended counters, PortCountersExtended alone holds everything.
        boolean narrow = !pma.has(PmaCapability2.IS_ADDITIONAL_PORT_COUNTERS_EXTENDED_SUPPORTED) || !extended;
        r.pending = (narrow ? 1 : 0) + (extended ? 1 : 0);
        if (narrow) {
            engine.submit(MadRequests.portCounters(lid, port), v.destination, outcome -> {
                r.pending--;
                if (outcome instanceof MadOutcome.Answer a) {
                    v.answered++;
                    r.counters = (PortCounters) a.attribute();
                } else {
                    counterFailed(v, r, outcome);
                }
            });
        }
        if (extended) {
            engine.submit(MadRequests.portCountersExtended(lid, port), v.destination, outcome -> {
                r.pending--;
                if (outcome instanceof MadOutcome.Answer a) {
                    v.answered++;
                    r.extended = (PortCountersExtended) a.attribute();
                } else {
                    counterFailed(v, r, outcome);
                }
            });
        }
    }

    private void counterFailed(NodeVisit v, PmaReading r, MadOutcome outcome) {
        v.failed++;
        r.problem = ((MadOutcome.Failed) outcome).message();
        failed(outcome);
    }

    private void failed(MadOutcome outcome) {
        madsFailed++;
        if (problems.size() < 20 && outcome instanceof MadOutcome.Failed f) {
            problems.add(f.message());
        }
    }

    private SweepReport merge(Instant start, Instant end) {
        routeDestinations.forEach(engine::forget);
        Set<Long> answered = new LinkedHashSet<>();
        Set<KnownPort> fresh = new LinkedHashSet<>();
        Map<KnownPort, Boolean> wasActive = new HashMap<>();
        Map<KnownPort, List<String>> resets = new HashMap<>();
        for (NodeVisit v : visits.values()) {
            KnownNode k = map.nodeOrCreate(v.guid);
            k.answered(v.info, v.description, v.route, v.local, end);
            k.addMadsViaRoute(madsViaRoute.getOrDefault(v.guid, 0L));
            answered.add(v.guid);
            v.forEachPort(pv -> {
                if (pv.info == null) {
                    return;
                }
                KnownPort kp = k.portOrCreate(pv.number);
                wasActive.put(kp, kp.update(pv.info, end));
                long portGuid = v.isSwitch() ? v.info.portGuid() : pv.portGuid;
                if (portGuid != 0) {
                    kp.portGuid(portGuid);
                }
                fresh.add(kp);
            });
        }
        pmaThisSweep.forEach((lid, cpi) -> map.node(pmaOwner.get(lid)).pma(lid, cpi));
        for (Link l : links) {
            link(l.guidA(), l.portA(), l.guidB(), l.portB());
            link(l.guidB(), l.portB(), l.guidA(), l.portA());
        }
        for (NodeVisit v : visits.values()) {
            KnownNode k = map.node(v.guid);
            v.forEachPort(pv -> {
                if (pv.counterProblem != null) {
                    k.portOrCreate(pv.number).countersProblem(pv.counterProblem);
                }
                PmaReading r = pv.counters;
                if (r == null) {
                    return;
                }
                KnownPort kp = k.portOrCreate(pv.number);
                if (r.complete()) {
                    List<String> down = kp.addCounters(CounterSample.of(r.counters, r.extended, r.pma), end);
                    if (!down.isEmpty()) {
                        resets.put(kp, down);
                    }
                    kp.flapped(kp.counters().delta(IbaCounter.LINK_DOWNED_COUNTER) > 0);
                } else {
                    kp.countersProblem(r.problem == null ? "no answer" : r.problem);
                }
            });
        }
        Set<Long> silent = new LinkedHashSet<>();
        for (KnownNode k : map.nodes()) {
            if (!mine(k.guid())) {
                k.notSweptHere();
                continue;
            }
            NodeVisit v = visits.get(k.guid());
            boolean ok = v != null;
            k.sweepResult(ok, ok ? v.failed : failuresOfSilent.getOrDefault(k.guid(), 0));
            if (!ok) {
                silent.add(k.guid());
            }
        }
        return new SweepReport(end, Duration.between(start, end), answered, silent, fresh, wasActive, resets,
                steady.isEmpty() ? List.copyOf(links) : knownLinks(answered), madsFailed, List.copyOf(problems),
                rewalked);
    }

    /** A steady-state sweep walks few cables, so it reports the ones the map knows between nodes that answered. */
    private List<Link> knownLinks(Set<Long> answered) {
        List<Link> out = new ArrayList<>();
        for (long guid : answered) {
            for (KnownPort p : map.node(guid).ports()) {
                long remote = p.remoteGuid();
                boolean once = Long.compareUnsigned(guid, remote) < 0 || (guid == remote && p.number() < p.remotePort());
                if (remote != 0 && once && answered.contains(remote)) {
                    out.add(new Link(guid, p.number(), remote, p.remotePort()));
                }
            }
        }
        return List.copyOf(out);
    }

    private void link(long guid, int port, long remoteGuid, int remotePort) {
        KnownNode k = map.node(guid);
        if (k != null && k.port(port) != null) {
            k.port(port).linkTo(remoteGuid, remotePort);
        }
    }
}

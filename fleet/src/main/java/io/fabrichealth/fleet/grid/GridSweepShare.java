package io.fabrichealth.fleet.grid;

import com.hazelcast.core.EntryEvent;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.map.listener.EntryAddedListener;
import com.hazelcast.map.listener.EntryRemovedListener;
import com.hazelcast.map.listener.EntryUpdatedListener;
import io.fabrichealth.fleet.Ownership;
import io.fabrichealth.probes.smp.FabricNode;
import io.fabrichealth.probes.smp.NodeSnapshot;
import io.fabrichealth.probes.smp.PortSnapshot;
import io.fabrichealth.probes.smp.SmpJson;
import io.fabrichealth.probes.smp.SweepShare;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * The SMP sweep shared through the grid. The oldest member walks the fabric (in full once, then a slice of its
 * switches each sweep, so the whole fabric every {@code rediscoverEvery} sweeps) and publishes the node list; every member computes the same {@link Ownership} from the trusted members'
 * names and the node GUIDs (no one hands out work), sweeps its own nodes by LID under a claim, and publishes what it
 * swept for the others to show.
 *
 * <p>Claims close the window while ownership moves: after a membership change two members may briefly disagree on
 * who owns a node, but only the one holding the node's claim sends to it, so the per-destination limit holds for
 * the fleet. A dead member's claims lapse with their time to live, or sooner when the oldest tidies up after it.
 */
public final class GridSweepShare implements SweepShare, AutoCloseable {
    private static final Logger LOG = Logger.getLogger(GridSweepShare.class.getName());
    /** Others' sweeps are read at most this often: the Port MBeans of 1,000 ports are one grid read, not 1,000. */
    private static final Duration OTHERS_FRESH = Duration.ofSeconds(1);

    private final Fleet fleet;
    private final HazelcastInstance grid;
    private final Seal seal;
    private final String self;
    private final int rediscoverEvery;
    private final Duration freshFor;
    private final List<Runnable> gained = new CopyOnWriteArrayList<>();
    private final UUID nodesRegistration;
    private final UUID sweptRegistration;
    /** What the others swept, as the grid's events delivered it: each record crosses the network once per change. */
    private final Map<String, String> sweptValues = new ConcurrentHashMap<>();
    /** Decoded records by key, reused while the value is the same. */
    private final Map<String, Decoded> decoded = new HashMap<>();
    private volatile List<FabricNode> nodes = List.of();
    private volatile Ownership ownership;
    private volatile List<String> owners = List.of();
    private volatile Rebalance lastRebalance = Rebalance.NONE;
    private volatile String nodesProblem = "";
    private String publishedShape = "";
    private Instant publishedAt = Instant.EPOCH;
    private SmpJson.Swept others = new SmpJson.Swept(List.of(), List.of());
    private volatile Map<Long, NodeSnapshot> othersByGuid = Map.of();
    private Instant othersAt = Instant.EPOCH;

    /**
     * The last time ownership changed hands.
     *
     * @param moved nodes whose owner changed
     * @param why what changed: members (who joined or left) or the node list
     */
    public record Rebalance(Instant at, int moved, int nodes, int members, String why) {
        public static final Rebalance NONE = new Rebalance(null, 0, 0, 0, "");
    }

    /**
     * @param sweepPeriod how often the SMP sweep runs (its schedule's {@code every}; zero for a cron schedule): a
     *     node another member swept within 80% of it is not swept again this period
     */
    public GridSweepShare(Fleet fleet, Duration sweepPeriod) {
        this.fleet = fleet;
        this.grid = fleet.grid();
        this.seal = fleet.seal();
        this.self = fleet.card().name();
        this.rediscoverEvery = fleet.config().rediscoverEvery();
        this.freshFor = sweepPeriod.multipliedBy(4).dividedBy(5);
        nodesRegistration = grid.<String, String>getMap(GridMaps.NODES).addEntryListener(
                new Fleet.Changes(() -> fleet.onFleetThread(this::loadNodes)), false);
        IMap<String, String> swept = grid.getMap(GridMaps.SWEPT);
        sweptRegistration = swept.addEntryListener(new SweptEvents(), true);
        sweptValues.putAll(swept); // after the listener: no change is missed
        fleet.addListener(view -> reassign("members " + String.join(", ", view.sweepers())));
        fleet.onFleetThread(this::loadNodes);
    }

    @Override
    public String self() {
        return self;
    }

    @Override
    public boolean discoverNow(long sweep) {
        return fleet.view().isDiscoveryOwner();
    }

    @Override
    public int rediscoverEvery() {
        return rediscoverEvery;
    }

    /**
     * Writes the node list when its shape changed (a node, a LID, a cable) or once per full rediscovery cycle: a
     * rolling rediscovery ends every sweep, and rewriting an unchanged list each time would send it to every member
     * every period.
     */
    @Override
    public void publishNodes(List<FabricNode> found) {
        String shape = shape(found);
        Instant now = fleet.clock().instant();
        Duration cycle = freshFor.multipliedBy(rediscoverEvery);
        if (shape.equals(publishedShape) && Duration.between(publishedAt, now).compareTo(cycle) < 0) {
            nodes = List.copyOf(found);
            return;
        }
        grid.<String, String>getMap(GridMaps.NODES).set(GridMaps.FABRIC, seal.seal(SmpJson.encodeNodes(found)));
        publishedShape = shape;
        publishedAt = now;
        nodes = List.copyOf(found);
        reassign("node list: " + found.size() + " node(s)");
    }

    /** What the other members sweep by: the nodes, their LIDs and cables, not when or by whom they were seen. */
    private static String shape(List<FabricNode> list) {
        StringBuilder b = new StringBuilder();
        list.stream().sorted(Comparator.comparingLong(FabricNode::guid)).forEach(n -> b.append(n.guid())
                .append(':').append(n.lid()).append(':').append(n.numPorts()).append(n.links()).append('\n'));
        return b.toString();
    }

    private void loadNodes() {
        String value = grid.<String, String>getMap(GridMaps.NODES).get(GridMaps.FABRIC);
        if (value == null) {
            return;
        }
        try {
            nodes = SmpJson.decodeNodes(seal.open(value));
            nodesProblem = "";
            reassign("node list: " + nodes.size() + " node(s)");
        } catch (RecordException | IllegalArgumentException e) {
            nodesProblem = "the fleet's node list was refused (" + e.getMessage() + "); sweeping from the last good one";
            LOG.warning("fabric-health: " + nodesProblem);
        }
    }

    /** Recomputes who owns what; every member gets the same answer from the same names and GUIDs. */
    private synchronized void reassign(String why) {
        List<String> members = fleet.view().sweepers();
        List<FabricNode> list = nodes;
        if (members.isEmpty() || list.isEmpty()) {
            return;
        }
        long[] guids = list.stream().mapToLong(FabricNode::guid).toArray();
        Ownership before = ownership;
        Ownership now = Ownership.of(members, guids);
        if (before != null && members.equals(owners) && now.moved(before) == 0) {
            return;
        }
        ownership = now;
        owners = members;
        int moved = before == null ? guids.length : now.moved(before);
        if (before != null && gainedAny(before, now, guids)) {
            gained.forEach(Runnable::run);
        }
        lastRebalance = new Rebalance(fleet.clock().instant(), moved, guids.length, members.size(), why);
        LOG.info("fabric-health: fleet rebalance (" + why + "): " + moved + " of " + guids.length
                + " node(s) changed owner among " + members.size() + " member(s); this agent owns "
                + now.loads().getOrDefault(self, 0));
    }

    private boolean gainedAny(Ownership before, Ownership now, long[] guids) {
        for (long g : guids) {
            if (self.equals(now.ownerOf(g)) && !self.equals(before.ownerOf(g))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Runs {@code sweepSoon} (on the fleet's thread: hand it off) when this agent is given nodes it did not own, e.g.
     * a dead member's: sweeping them at once instead of at the next period keeps their data fresh.
     */
    public void onNodesGained(Runnable sweepSoon) {
        gained.add(sweepSoon);
    }

    @Override
    public boolean freshElsewhere(long guid) {
        if (freshFor.isZero()) {
            return false;
        }
        others(); // refreshes othersByGuid at most once a second
        NodeSnapshot n = othersByGuid.get(guid);
        // A dead member's last sweep is no reason to wait: its nodes are swept at once by their new owners.
        return n != null && n.lastAnswered() != null && fleet.view().names().contains(n.sweptBy())
                && Duration.between(n.lastAnswered(), fleet.clock().instant()).compareTo(freshFor) < 0;
    }

    @Override
    public List<FabricNode> nodes() {
        return nodes;
    }

    @Override
    public boolean owns(long guid) {
        Ownership o = ownership;
        return o != null && self.equals(o.ownerOf(guid));
    }

    @Override
    public Set<Long> claim(Collection<Long> guids, Duration ttl) {
        IMap<String, String> claims = grid.getMap(GridMaps.CLAIMS);
        String mine = seal.seal(self);
        Set<Long> granted = new HashSet<>();
        for (long g : guids) {
            String key = hex(g);
            String held = claims.putIfAbsent(key, mine, ttl.toMillis(), TimeUnit.MILLISECONDS);
            if (held == null || held.equals(mine)) {
                granted.add(g);
            }
        }
        return granted;
    }

    @Override
    public void release(Collection<Long> guids) {
        IMap<String, String> claims = grid.getMap(GridMaps.CLAIMS);
        String mine = seal.seal(self);
        for (long g : guids) {
            claims.remove(hex(g), mine);
        }
    }

    @Override
    public void publishSwept(List<NodeSnapshot> swept, List<PortSnapshot> ports) {
        Map<Long, List<PortSnapshot>> byNode = new HashMap<>();
        ports.forEach(p -> byNode.computeIfAbsent(p.nodeGuid(), g -> new ArrayList<>()).add(p));
        Map<String, String> entries = new HashMap<>();
        for (NodeSnapshot n : swept) {
            entries.put(hex(n.guid()), seal.seal(SmpJson.encodeSwept(List.of(n), byNode.getOrDefault(n.guid(), List.of()))));
        }
        grid.<String, String>getMap(GridMaps.SWEPT).setAllAsync(entries);
    }

    @Override
    public List<NodeSnapshot> othersNodes() {
        return others().nodes();
    }

    @Override
    public List<PortSnapshot> othersPorts() {
        return others().ports();
    }

    private record Decoded(String value, SmpJson.Swept swept) {
    }

    /** Keeps {@link #sweptValues} as members publish; decoding waits until someone reads. */
    private final class SweptEvents implements EntryAddedListener<String, String>,
            EntryUpdatedListener<String, String>,
            EntryRemovedListener<String, String> {
        @Override
        public void entryAdded(EntryEvent<String, String> e) {
            sweptValues.put(e.getKey(), e.getValue());
        }

        @Override
        public void entryUpdated(EntryEvent<String, String> e) {
            sweptValues.put(e.getKey(), e.getValue());
        }

        @Override
        public void entryRemoved(EntryEvent<String, String> e) {
            sweptValues.remove(e.getKey());
        }
    }

    /** Everything others swept, of nodes still in the fabric; rebuilt at most once a second. */
    private synchronized SmpJson.Swept others() {
        Instant now = fleet.clock().instant();
        if (Duration.between(othersAt, now).compareTo(OTHERS_FRESH) < 0) {
            return others;
        }
        Set<Long> fabric = new HashSet<>();
        nodes.forEach(n -> fabric.add(n.guid()));
        List<NodeSnapshot> ns = new ArrayList<>();
        List<PortSnapshot> ps = new ArrayList<>();
        decoded.keySet().retainAll(sweptValues.keySet());
        for (Map.Entry<String, String> e : sweptValues.entrySet()) {
            try {
                Decoded d = decoded.get(e.getKey());
                if (d == null || !d.value().equals(e.getValue())) {
                    d = new Decoded(e.getValue(), SmpJson.decodeSwept(seal.open(e.getValue())));
                    decoded.put(e.getKey(), d);
                }
                SmpJson.Swept s = d.swept();
                for (NodeSnapshot n : s.nodes()) {
                    if (!self.equals(n.sweptBy()) && fabric.contains(n.guid())) {
                        ns.add(n);
                        s.ports().stream().filter(p -> p.nodeGuid() == n.guid()).forEach(ps::add);
                    }
                }
            } catch (RecordException | IllegalArgumentException ex) {
                LOG.fine("fabric-health: skipped what another agent swept of " + e.getKey() + ": " + ex.getMessage());
            }
        }
        others = new SmpJson.Swept(List.copyOf(ns), List.copyOf(ps));
        Map<Long, NodeSnapshot> byGuid = new HashMap<>();
        ns.forEach(n -> byGuid.put(n.guid(), n));
        othersByGuid = byGuid;
        othersAt = now;
        return others;
    }

    /** Nodes per member now, for the Fleet MBean. */
    public Map<String, Integer> loads() {
        Ownership o = ownership;
        return o == null ? Map.of() : o.loads();
    }

    public Rebalance lastRebalance() {
        return lastRebalance;
    }

    /** Empty, or why the published node list was refused. */
    public String problem() {
        return nodesProblem;
    }

    /** The key of a node in the swept and claims maps. */
    public static String hex(long guid) {
        return String.format("0x%016x", guid);
    }

    @Override
    public void close() {
        try {
            grid.getMap(GridMaps.NODES).removeEntryListener(nodesRegistration);
            grid.getMap(GridMaps.SWEPT).removeEntryListener(sweptRegistration);
        } catch (RuntimeException e) {
            // the grid is already gone
        }
    }
}

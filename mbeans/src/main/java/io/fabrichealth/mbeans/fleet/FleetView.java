package io.fabrichealth.mbeans.fleet;

import io.fabrichealth.fleet.grid.Card;
import io.fabrichealth.fleet.grid.FleetParts;
import io.fabrichealth.fleet.grid.GridPeerMatrix;
import io.fabrichealth.fleet.grid.GridSweepShare;
import io.fabrichealth.fleet.grid.Member;
import io.fabrichealth.mbeans.Composites;
import io.fabrichealth.probes.smp.route.SuspectLinks;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.SimpleType;

/** Presents the fleet; every getter reads its own part afresh and never waits on a probe. */
public final class FleetView implements FleetMXBean {
    private static final Composites MEMBER = new Composites("FleetMember", "one live agent of the fleet",
            "name", SimpleType.STRING, "host", SimpleType.STRING, "jolokiaUrl", SimpleType.STRING,
            "joinedAt", SimpleType.STRING, "startedAt", SimpleType.STRING, "version", SimpleType.STRING,
            "ca", SimpleType.STRING, "portGuid", SimpleType.STRING, "lid", SimpleType.INTEGER,
            "burst", SimpleType.STRING, "pingpong", SimpleType.STRING, "sweeps", SimpleType.BOOLEAN,
            "nodes", SimpleType.INTEGER,
            "oldest", SimpleType.BOOLEAN, "problem", SimpleType.STRING);
    private static final Composites LOAD = new Composites("FleetLoad", "fabric nodes one member sweeps",
            "member", SimpleType.STRING, "nodes", SimpleType.INTEGER);
    private static final Composites PAIR = new Composites("FleetPeerPair", "one agent's last ping-pong of one peer",
            "from", SimpleType.STRING, "to", SimpleType.STRING, "result", SimpleType.STRING, "rttP50Micros", SimpleType.DOUBLE, "corruptions", SimpleType.LONG,
            "at", SimpleType.STRING);
    private static final Composites REBALANCE = new Composites("FleetRebalance", "the last change of node owners",
            "at", SimpleType.STRING, "moved", SimpleType.INTEGER, "nodes", SimpleType.INTEGER,
            "members", SimpleType.INTEGER, "why", SimpleType.STRING);

    private static final Composites SUSPECT = new Composites("FleetSuspectLink",
            "a cable on every failing pair's route and on no passing pair's",
            "link", SimpleType.STRING, "failing", SimpleType.STRING, "passingChecked", SimpleType.INTEGER,
            "counters", SimpleType.STRING);

    private final FleetParts fleet;

    public FleetView(FleetParts fleet) {
        this.fleet = fleet;
    }

    @Override
    public String getState() {
        return fleet.fleet().view().state();
    }

    @Override
    public boolean isJoined() {
        return fleet.joined();
    }

    @Override
    public String getSelf() {
        return fleet.fleet().view().self();
    }

    @Override
    public CompositeData[] getMembers() {
        Map<String, Integer> loads = fleet.nodesPerMember();
        List<CompositeData> rows = new ArrayList<>();
        for (Member m : fleet.fleet().view().members()) {
            Card c = m.card();
            rows.add(MEMBER.of(c.name(), c.host(), c.jolokiaUrl(), c.joinedAt().toString(), c.startedAt().toString(),
                    c.version(), c.ca(), String.format("0x%016x", c.portGuid()), c.lid(), text(c.burst().host(), c.burst().port()),
                    text(c.pingpong().host(), c.pingpong().port()), c.sweeps(), loads.getOrDefault(c.name(), 0),
                    m.oldest(), m.problem()));
        }
        return rows.toArray(CompositeData[]::new);
    }

    @Override
    public String getDiscoveryOwner() {
        return fleet.fleet().view().discoveryOwner();
    }

    @Override
    public CompositeData[] getNodesPerMember() {
        List<CompositeData> rows = new ArrayList<>();
        for (Map.Entry<String, Integer> e : new TreeMap<>(fleet.nodesPerMember()).entrySet()) {
            rows.add(LOAD.of(e.getKey(), e.getValue()));
        }
        return rows.toArray(CompositeData[]::new);
    }

    @Override
    public CompositeData[] getPeerMatrix() {
        List<CompositeData> rows = new ArrayList<>();
        for (GridPeerMatrix.Row r : fleet.peerMatrix()) {
            rows.add(PAIR.of(r.from(), r.to(), r.result(), r.rttP50Micros(), r.corruptions(),
                    r.at().toString()));
        }
        return rows.toArray(CompositeData[]::new);
    }

    @Override
    public CompositeData[] getSuspectLinks() {
        FleetParts.Localized l = fleet.suspectLinks();
        List<CompositeData> rows = new ArrayList<>();
        for (SuspectLinks.Suspect s : l.finding().suspects()) {
            String failing = s.failing().stream().map(o -> o.pair() + ": " + o.result())
                    .collect(Collectors.joining("; "));
            rows.add(SUSPECT.of(s.link(), failing, s.passingChecked(), l.counters().getOrDefault(s.link(), "")));
        }
        return rows.toArray(CompositeData[]::new);
    }

    @Override
    public String[] getLocalizationNotes() {
        return fleet.suspectLinks().finding().notes().toArray(String[]::new);
    }

    @Override
    public CompositeData getLastRebalance() {
        GridSweepShare.Rebalance r = fleet.lastRebalance();
        return REBALANCE.of(iso(r.at()), r.moved(), r.nodes(), r.members(), r.why());
    }

    @Override
    public String[] getProblems() {
        return fleet.problems().toArray(String[]::new);
    }

    private static String text(String host, int port) {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }

    private static String iso(Instant t) {
        return t == null ? "" : t.toString();
    }
}

package io.fabrichealth.fleet.grid;

import io.fabrichealth.alarms.AlarmBook;
import io.fabrichealth.alarms.FleetAlarms;
import io.fabrichealth.config.FleetConfig;
import io.fabrichealth.probes.PeerSource;
import io.fabrichealth.probes.pingpong.PingPongListener;
import io.fabrichealth.probes.smp.SweepShare;
import io.fabrichealth.probes.smp.route.Route;
import io.fabrichealth.probes.smp.route.Routes;
import io.fabrichealth.probes.smp.route.SuspectLinks;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What the rest of the agent uses of the fleet, in plain types: the SMP share, the drawn peers, the other agents'
 * alarms, the ping-pong results to publish, and the status the Fleet MBean shows. An agent outside a fleet (or
 * alone because the grid could not be joined) gets the single-agent parts, which behave exactly as in wave 1.
 */
public final class FleetParts implements AutoCloseable {
    private final Fleet fleet;
    private final SweepShare sweeps;
    private final PeerSource peers;
    private final FleetAlarms alarms;
    private final PingPongListener results;
    private final GridSweepShare gridSweeps;
    private final GridPeerMatrix matrix;
    private final GridAlarms gridAlarms;
    private volatile Localized localized = new Localized(new SuspectLinks.Finding(List.of(), List.of()), Map.of());

    /**
     * What the last localization found, and for each suspect cable what the sweeps say of its two ends.
     *
     * @param counters cable to its ends' last-sweep verdicts and moved error counters
     */
    public record Localized(SuspectLinks.Finding finding, Map<String, String> counters) {
    }

    private FleetParts(Fleet fleet, GridSweepShare gridSweeps, PeerSource peers, GridAlarms gridAlarms,
            GridPeerMatrix matrix) {
        this.fleet = fleet;
        this.gridSweeps = gridSweeps;
        this.sweeps = gridSweeps != null ? gridSweeps : SweepShare.alone(fleet.view().self());
        this.peers = peers;
        this.gridAlarms = gridAlarms;
        this.alarms = gridAlarms != null ? gridAlarms : FleetAlarms.NONE;
        this.matrix = matrix;
        this.results = matrix != null ? matrix : new PingPongListener() { };
    }

    /** Not in a fleet (fleet.enabled is false, or the grid could not be joined; {@code fleet} says why). */
    public static FleetParts alone(Fleet fleet) {
        return new FleetParts(fleet, null, PeerSource.NONE, null, null);
    }

    /**
     * Joined: shares the sweep, draws peers (unless {@code fleet.peers} is none) and the alarms.
     *
     * @param sweepPeriod the SMP sweep's period (zero for a cron schedule), see {@link GridSweepShare}
     */
    public static FleetParts joined(Fleet fleet, AlarmBook book, Duration sweepPeriod) {
        FleetConfig c = fleet.config();
        PeerSource peers = c.peers() == FleetConfig.FleetPeers.AUTO ? new GridPeerSource(fleet, c.randomPeers())
                : PeerSource.NONE;
        return new FleetParts(fleet, new GridSweepShare(fleet, sweepPeriod), peers, new GridAlarms(fleet, book),
                new GridPeerMatrix(fleet));
    }

    /** Runs {@code sweepSoon} when this agent is given nodes it did not own (never when alone). */
    public void onNodesGained(Runnable sweepSoon) {
        if (gridSweeps != null) {
            gridSweeps.onNodesGained(sweepSoon);
        }
    }

    public boolean joined() {
        return fleet.joined();
    }

    public Fleet fleet() {
        return fleet;
    }

    public SweepShare sweeps() {
        return sweeps;
    }

    public PeerSource peers() {
        return peers;
    }

    public FleetAlarms alarms() {
        return alarms;
    }

    /** Hears every ping-pong run, for the peer matrix. */
    public PingPongListener results() {
        return results;
    }

    // What the Fleet MBean shows, each read on its own so a getter pays only for its part.

    /** Who owns how many fabric nodes now; empty when alone. */
    public Map<String, Integer> nodesPerMember() {
        return gridSweeps == null ? Map.of() : gridSweeps.loads();
    }

    /** When node ownership last changed hands. */
    public GridSweepShare.Rebalance lastRebalance() {
        return gridSweeps == null ? GridSweepShare.Rebalance.NONE : gridSweeps.lastRebalance();
    }

    /** Every live member's last result against each of its peers (one grid read). */
    public List<GridPeerMatrix.Row> peerMatrix() {
        return matrix == null ? List.of() : matrix.rows();
    }

    /**
     * Localizes from the peer matrix: each live pair's last result and the routes between the two members' ports
     * (their cards' LIDs), there and back, traced by {@code tracer}; kept for {@link #suspectLinks()}. Pairs whose members have no
     * LID yet take no part. Run it off the grid's thread: tracing may send MADs.
     *
     * @param portNote what the last sweep says of a port ({@code 0x<GUID>/<port>}): its verdict and moved counters
     */
    public Localized localize(Function<List<Routes.LidPair>, List<Route>> tracer, Function<String, String> portNote) {
        Map<String, Integer> lids = new HashMap<>();
        for (Member m : fleet.view().members()) {
            if (m.card().lid() > 0) {
                lids.put(m.card().name(), m.card().lid());
            }
        }
        List<GridPeerMatrix.Row> rows = new ArrayList<>();
        List<Routes.LidPair> pairs = new ArrayList<>();
        for (GridPeerMatrix.Row r : peerMatrix()) {
            Integer from = lids.get(r.from());
            Integer to = lids.get(r.to());
            if (from != null && to != null && !r.result().equals("SKIPPED") && !r.result().equals("UNSUPPORTED")) {
                rows.add(r);
                pairs.add(new Routes.LidPair(from, to));
                pairs.add(new Routes.LidPair(to, from));
            }
        }
        List<Route> routes = pairs.isEmpty() ? List.of() : tracer.apply(pairs);
        List<SuspectLinks.Outcome> outcomes = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            GridPeerMatrix.Row r = rows.get(i);
            boolean passed = r.result().equals("PASS") && r.corruptions() == 0;
            outcomes.add(new SuspectLinks.Outcome(r.from() + " -> " + r.to(), passed, r.result()
                    + (r.corruptions() > 0 ? ", " + r.corruptions() + " corrupted payloads" : ""),
                    routes.subList(2 * i, 2 * i + 2)));
        }
        SuspectLinks.Finding found = SuspectLinks.find(outcomes);
        Map<String, String> counters = new LinkedHashMap<>();
        for (SuspectLinks.Suspect suspect : found.suspects()) {
            List<String> ends = new ArrayList<>();
            for (String port : SuspectLinks.ports(suspect.link())) {
                ends.add(port + ": " + portNote.apply(port));
            }
            counters.put(suspect.link(), String.join("; ", ends));
        }
        localized = new Localized(found, Map.copyOf(counters));
        return localized;
    }

    /** The last {@link #localize} finding: the cables every failing pair crosses and no passing pair does. */
    public Localized suspectLinks() {
        return localized;
    }

    /** Records refused, members of another version, a node list that did not parse. */
    public List<String> problems() {
        List<String> problems = new ArrayList<>(fleet.view().problems());
        if (gridSweeps != null && !gridSweeps.problem().isEmpty()) {
            problems.add(gridSweeps.problem());
        }
        return List.copyOf(problems);
    }

    /** Leaves the fleet: alarms and shares stop first, then the card goes (a departure, not a death). */
    @Override
    public void close() {
        if (gridAlarms != null) {
            gridAlarms.close();
        }
        if (gridSweeps != null) {
            gridSweeps.close();
        }
        fleet.close();
    }
}

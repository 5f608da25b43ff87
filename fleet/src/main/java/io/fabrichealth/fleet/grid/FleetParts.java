package io.fabrichealth.fleet.grid;

import io.fabrichealth.alarms.AlarmBook;
import io.fabrichealth.alarms.FleetAlarms;
import io.fabrichealth.config.FleetConfig;
import io.fabrichealth.probes.PeerSource;
import io.fabrichealth.probes.pingpong.PingPongListener;
import io.fabrichealth.probes.smp.SweepShare;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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

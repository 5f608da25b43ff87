package io.fabrichealth.probes.smp;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * How an {@link SmpSweepProbe} shares the fabric with a fleet of agents, so that every switch is swept once per
 * period by the fleet, not once per agent: one member discovers by directed route and publishes the node list,
 * every member sweeps only the nodes it owns, by LID, under a fleet-wide claim, and publishes what it swept.
 *
 * <p>The probe calls these from its sweep thread, never concurrently with itself. A grid implementation may block
 * briefly (a round trip) but must not throw for a grid that is unreachable: it then behaves like {@link #ALONE}
 * and says why elsewhere (the Fleet MBean). {@link #ALONE} is the single agent of wave 1.
 */
public interface SweepShare {

    /** This agent's name: what {@code SweptBy} shows on the nodes and ports it sweeps. */
    String self();

    /**
     * Whether this sweep walks the fabric by directed route (in full, or a slice of it: {@link #rediscoverEvery}).
     * The fleet says yes to one member, the discovery owner, at every sweep; alone, always.
     *
     * @param sweep this agent's sweep number, counting from 0
     */
    boolean discoverNow(long sweep);

    /**
     * How many sweeps one walk of the whole fabric is spread over. 1 (alone): every sweep walks everything, as a
     * single agent does. More (a fleet's discovery owner): after its first full walk, each sweep walks a slice of
     * the switches, so the walk's MADs are spread evenly instead of doubling one period's load.
     */
    default int rediscoverEvery() {
        return 1;
    }

    /**
     * No other member walks or reads the fabric: after a full walk this agent's sweeps can be steady-state ones
     * ({@code SweepRun.steady}), which rediscover only where the topology moved. A fleet walks as before.
     */
    default boolean alone() {
        return false;
    }

    /** Publishes what this agent's discovery found, for every member; replaces the previous list. */
    void publishNodes(List<FabricNode> nodes);

    /** The latest published node list (possibly this agent's own); empty before the first discovery. */
    List<FabricNode> nodes();

    /** This agent owns the node now: it, and no other live member, should sweep it. */
    boolean owns(long guid);

    /**
     * Another member swept the node so recently (within most of a sweep period) that sweeping it again now would
     * only double the MADs it gets this period: after the discovery owner's walk, which reads every node it can
     * claim, the owners skip those nodes once. Alone: never.
     */
    default boolean freshElsewhere(long guid) {
        return false;
    }

    /**
     * Claims nodes fleet-wide for one sweep, so that no two agents send to one node at once while ownership
     * moves. A claim lapses after {@code ttl} if its holder dies without releasing it.
     *
     * @return the nodes granted (a subset of {@code guids}); a node claimed by another member is not granted
     */
    Set<Long> claim(Collection<Long> guids, Duration ttl);

    /** Releases this agent's claims on the nodes (after the sweep, even a failed one). Unknown ones are ignored. */
    void release(Collection<Long> guids);

    /** Publishes what this agent swept in its last sweep (its nodes and their ports), replacing its previous ones. */
    void publishSwept(List<NodeSnapshot> nodes, List<PortSnapshot> ports);

    /** What the other members swept last, never this agent's own; empty when alone. */
    List<NodeSnapshot> othersNodes();

    /** The ports of {@link #othersNodes()}. */
    List<PortSnapshot> othersPorts();

    /** The single agent: discovers every sweep, owns and is granted everything, publishes nothing, has no others. */
    SweepShare ALONE = alone("");

    /** {@link #ALONE} under an agent name, so SweptBy shows it. */
    static SweepShare alone(String agentName) {
        return alone(agentName, true);
    }

    /**
     * A single agent that walks the whole fabric at every sweep, as wave 1 did, instead of steady-state sweeps: the
     * reference load a fleet's sweeps are held to, and the bench's full sweep.
     */
    static SweepShare walkingAlone(String agentName) {
        return alone(agentName, false);
    }

    private static SweepShare alone(String agentName, boolean steady) {
        return new SweepShare() {
            @Override
            public String self() {
                return agentName;
            }

            @Override
            public boolean discoverNow(long sweep) {
                return true;
            }

            @Override
            public boolean alone() {
                return steady;
            }

            @Override
            public void publishNodes(List<FabricNode> nodes) {
            }

            @Override
            public List<FabricNode> nodes() {
                return List.of();
            }

            @Override
            public boolean owns(long guid) {
                return true;
            }

            @Override
            public Set<Long> claim(Collection<Long> guids, Duration ttl) {
                return Set.copyOf(guids);
            }

            @Override
            public void release(Collection<Long> guids) {
            }

            @Override
            public void publishSwept(List<NodeSnapshot> nodes, List<PortSnapshot> ports) {
            }

            @Override
            public List<NodeSnapshot> othersNodes() {
                return List.of();
            }

            @Override
            public List<PortSnapshot> othersPorts() {
                return List.of();
            }

            @Override
            public String toString() {
                return (steady ? "alone(" : "walkingAlone(") + agentName + ")";
            }
        };
    }
}

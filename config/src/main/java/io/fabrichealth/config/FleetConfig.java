package io.fabrichealth.config;

import io.fabrichealth.config.bind.NotBlank;
import io.fabrichealth.config.bind.Nullable;
import io.fabrichealth.config.bind.Positive;
import io.fabrichealth.config.bind.Range;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The fleet: agents on many hosts joined in Payara Micro's Domain Data Grid (Hazelcast), sharing one view of the
 * fabric, one SMP load and one set of alarms. Off, the agent is alone exactly as a single host (the grid is not
 * even started).
 *
 * @param name the grid's cluster name (Payara Micro's {@code --clustername}); agents of one fleet share it
 * @param discovery how members find each other ({@code --clustermode})
 * @param interfaces addresses the grid binds to ({@code --interfaces}), like {@code 127.0.0.1} or
 *     {@code 10.1.0.*}; anything but loopback needs {@code secretFile}
 * @param port this member's grid port ({@code --startport})
 * @param heartbeat how often members tell each other they live (whole seconds: Hazelcast counts in seconds)
 * @param failureDetection how long without a heartbeat before a member counts as dead (whole seconds)
 * @param peers {@code auto}: ping-pong and burst peers are drawn from the fleet, on top of {@code peers:}
 * @param randomPeers k: each agent probes its ring successor plus k random members
 * @param rediscoverEvery the discovery owner walks the whole fabric once, then a slice of its switches each sweep,
 *     so all of it every this many sweeps; each agent sweeps the nodes it owns by LID (a single agent walks all
 *     of it every sweep)
 * @param exportFleet {@code /metrics} exports the whole fleet's ports, not only the ones this agent swept
 * @param secretFile a secret every agent of the fleet shares; every record an agent writes to the grid is signed
 *     with it, and records without a good signature are refused. Hazelcast 5 (Payara Community) has neither a
 *     cluster password nor socket encryption, so this is the protection there is; required off loopback
 */
public record FleetConfig(
        boolean enabled,
        @NotBlank String name,
        GridDiscovery discovery,
        List<String> interfaces,
        @Range(min = 1, max = 65535) int port,
        @Positive Duration heartbeat,
        @Positive Duration failureDetection,
        FleetPeers peers,
        @Range(min = 0, max = 16) int randomPeers,
        @Range(min = 1, max = 1000) int rediscoverEvery,
        boolean exportFleet,
        @Nullable Path secretFile) {

    public static final FleetConfig DEFAULTS = new FleetConfig(false, "fabric-health", GridDiscovery.DEFAULTS,
            List.of("127.0.0.1"), 6900, Duration.ofSeconds(1), Duration.ofSeconds(10), FleetPeers.AUTO, 2, 10, false,
            null);

    /** Whether the fleet draws ping-pong and burst peers. */
    public enum FleetPeers {
        /** Ring successor plus {@code randomPeers} random members, redrawn when membership changes. */
        AUTO,
        /** Only the static {@code peers:} list. */
        NONE
    }
}

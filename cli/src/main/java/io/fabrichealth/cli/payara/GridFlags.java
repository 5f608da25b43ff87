package io.fabrichealth.cli.payara;

import io.fabrichealth.config.FleetConfig;
import java.util.ArrayList;
import java.util.List;

/**
 * The config's {@code fleet:} section as Payara Micro flags for its Domain Data Grid (Hazelcast). With the fleet
 * off, the grid is not even started ({@code --nohazelcast}), exactly as a single agent always ran.
 */
public final class GridFlags {
    /** What a single agent passes: no grid at all. */
    public static final List<String> OFF = List.of("--nohazelcast");

    private GridFlags() {
    }

    /** Payara Micro's own arguments; {@code agentName} becomes the member's name in the grid. */
    public static List<String> payara(FleetConfig fleet, String agentName) {
        if (!fleet.enabled()) {
            return OFF;
        }
        List<String> args = new ArrayList<>(List.of(
                "--clustername", fleet.name(),
                "--clustermode", fleet.discovery().clusterMode(),
                "--interfaces", String.join(",", fleet.interfaces()),
                "--startport", Integer.toString(fleet.port()),
                "--name", agentName));
        if (allLoopback(fleet)) {
            // Host-aware partitioning groups members by address. With every member on 127.0.0.1 Hazelcast splits
            // that one group in two so backups still exist, but unevenly: of 3 members one held half of all
            // replicas (measured: 2 member groups, primaries 68/135/68). One group per member spreads them evenly.
            args.add("--nohostaware");
        }
        return args;
    }

    /** JVM flags: bind only to the configured interfaces, and the failure detector's timers. */
    public static List<String> jvm(FleetConfig fleet) {
        if (!fleet.enabled()) {
            return List.of();
        }
        return List.of(
                "-Dhazelcast.socket.bind.any=false", // else Hazelcast listens on 0.0.0.0 whatever --interfaces says
                "-Dhazelcast.heartbeat.interval.seconds=" + fleet.heartbeat().toSeconds(),
                "-Dhazelcast.max.no.heartbeat.seconds=" + fleet.failureDetection().toSeconds());
    }

    /** Every grid interface is a 127.x address, so every member of the fleet runs on this one host. */
    public static boolean allLoopback(FleetConfig fleet) {
        return !fleet.interfaces().isEmpty() && fleet.interfaces().stream().allMatch(i -> i.startsWith("127."));
    }
}

package io.fabrichealth.config;

import io.fabrichealth.config.bind.NotBlank;
import io.fabrichealth.config.bind.Nullable;

/**
 * The ibsim fabric, used only when {@code fabric.mode} is {@code simulated}.
 *
 * @param simHost node name the agent attaches at ({@code SIM_HOST}); {@code null} = first HCA of the topology
 * @param opensm run opensm against the simulator so ports become active and LIDs get assigned
 */
public record SimulationConfig(
        Topology topology,
        @Nullable @NotBlank String simHost,
        boolean opensm) {

    public static final SimulationConfig DEFAULTS = new SimulationConfig(Topology.BUNDLED, null, true);
}

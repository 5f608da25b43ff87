package io.fabrichealth.config;

import io.fabrichealth.config.bind.NotBlank;
import io.fabrichealth.config.bind.Nullable;
import io.fabrichealth.config.bind.Range;

/**
 * @param ca the local HCA such as {@code mlx5_0}; {@code null} picks the first CA with an active port
 * @param port the local port number; 0 picks the first active port
 */
public record FabricConfig(
        FabricMode mode,
        @Nullable @NotBlank String ca,
        @Range(min = 0, max = 254) int port) {

    public static final FabricConfig DEFAULTS = new FabricConfig(FabricMode.SIMULATED, null, 0);
}

package io.fabrichealth.config;

import io.fabrichealth.config.bind.NotBlank;
import io.fabrichealth.config.bind.Required;

/**
 * Another agent that bursts and ping-pongs are aimed at.
 *
 * @param name unique; schedules refer to it; {@code self} is reserved for this agent
 * @param address the peer's probe endpoint; it may be this agent's own listen address
 */
public record PeerConfig(@Required @NotBlank String name, @Required HostPort address) {

    /** The reserved target name for this agent's own loopback target. */
    public static final String SELF = "self";

    public static final PeerConfig DEFAULTS = new PeerConfig(null, null);
}

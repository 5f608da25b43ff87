package io.fabrichealth.config;

import io.fabrichealth.config.bind.NotBlank;
import io.fabrichealth.config.bind.Nullable;
import io.fabrichealth.config.bind.Required;

/**
 * Another agent that bursts and ping-pongs are aimed at.
 *
 * @param name unique; schedules refer to it; {@code self} is reserved for this agent
 * @param address  the peer's burst target (its bursts.listen); it may be this agent's own listen address
 * @param pingpong the peer's ping-pong responder (its pingpong.listen); null means the host of {@code address}
 *                 with this agent's own pingpong.listen port, since a fleet usually shares one config
 * @param guid     the GUID of the peer's fabric port, to trace the path of every run to it through the fabric
 *                 (its LID is looked up in the last sweep); null: a fleet peer's card gives it, a static peer's
 *                 runs then have no path
 */
public record PeerConfig(@Required @NotBlank String name, @Required HostPort address, @Nullable HostPort pingpong,
        @Nullable PortGuid guid) {

    /** The reserved target name for this agent's own loopback target. */
    public static final String SELF = "self";

    public static final PeerConfig DEFAULTS = new PeerConfig(null, null, null, null);

    public PeerConfig(String name, HostPort address) {
        this(name, address, null, null);
    }

    public PeerConfig(String name, HostPort address, HostPort pingpong) {
        this(name, address, pingpong, null);
    }

    /** Where this peer's ping-pong responder listens, given this agent's own pingpong.listen. */
    public HostPort pingpongAddress(HostPort ownListen) {
        return pingpong != null ? pingpong : new HostPort(address.host(), ownListen.port());
    }
}

package io.fabrichealth.cli.fleet;

import io.fabrichealth.config.AgentConfig;
import io.fabrichealth.config.BurstsConfig;
import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.config.FabricMode;
import io.fabrichealth.config.FleetConfig;
import io.fabrichealth.config.GridDiscovery;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.HttpConfig;
import io.fabrichealth.config.JmxConfig;
import io.fabrichealth.config.PingPongConfig;
import io.fabrichealth.config.SimulationConfig;
import io.fabrichealth.config.Topology;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The config of agent <i>i</i> of a fleet on one host, derived from one base config: every port the base names
 * plus <i>i</i>, its own name, HCA and state folder, and a grid on 127.0.0.1 that lists all <i>n</i> members.
 */
public final class MemberConfigs {
    private static final String LOOPBACK = "127.0.0.1";

    private MemberConfigs() {
    }

    /**
     * @param base the shared config; its ports are agent 0's
     * @param i which agent, from 0
     * @param n how many agents the fleet has
     * @param topology the simulated fabric every agent attaches to
     * @param simHost the HCA agent {@code i} attaches at
     * @param stateDir agent {@code i}'s own state folder (alarms survive its restart there)
     */
    public static FabricHealthConfig derive(FabricHealthConfig base, int i, int n, Path topology, String simHost,
            Path stateDir) {
        if (base.fabric().mode() != FabricMode.SIMULATED) {
            throw new IllegalArgumentException("--agents runs a fleet on the simulated fabric; fabric.mode is "
                    + base.fabric().mode().name().toLowerCase() + ": set it to simulated (or start one agent per host)");
        }
        HttpConfig h = base.http();
        JmxConfig j = base.jmx();
        BurstsConfig b = base.bursts();
        PingPongConfig p = base.pingpong();
        FleetConfig f = base.fleet();
        List<HostPort> members = new ArrayList<>();
        for (int m = 0; m < n; m++) {
            members.add(new HostPort(LOOPBACK, f.port() + m));
        }
        // One host: the grid never leaves loopback, whatever the base config says about other hosts.
        FleetConfig fleet = new FleetConfig(true, f.name(), new GridDiscovery(GridDiscovery.Mode.TCPIP, members,
                null, null, null), List.of(LOOPBACK), f.port() + i, f.heartbeat(), f.failureDetection(), f.peers(),
                f.randomPeers(), f.rediscoverEvery(), f.exportFleet(), f.secretFile());
        return new FabricHealthConfig(base.source(),
                new AgentConfig(base.agent().name() + "-" + i, stateDir),
                new HttpConfig(h.bind(), h.port() + i, h.auth(), h.execFromLoopbackOnly(), h.allowedOrigins()),
                new JmxConfig(j.enabled(), j.bind(), j.port() + i, j.auth()),
                base.fabric(),
                new SimulationConfig(Topology.file(topology), simHost, base.simulation().opensm()),
                base.smp(), base.peers(),
                new BurstsConfig(plus(b.listen(), i), b.provider(), b.endpoint(), b.suite(), b.segmentSize(),
                        b.segments(), b.window(), b.maxBytes(), b.maxDuration(), b.maxConcurrent(), b.cancelDelay()),
                p.listening(plus(p.listen(), i)),
                base.schedules(), base.budget(), base.alarms(), fleet, base.local());
    }

    /** {@code c} outside any fleet (the grid off) under another name: a single agent, as in wave 1. */
    public static FabricHealthConfig alone(FabricHealthConfig c, String name) {
        FleetConfig f = c.fleet();
        return new FabricHealthConfig(c.source(), new AgentConfig(name, c.agent().stateDir()), c.http(), c.jmx(),
                c.fabric(), c.simulation(), c.smp(), c.peers(), c.bursts(), c.pingpong(), c.schedules(), c.budget(),
                c.alarms(), new FleetConfig(false, f.name(), f.discovery(), f.interfaces(), f.port(), f.heartbeat(),
                        f.failureDetection(), f.peers(), f.randomPeers(), f.rediscoverEvery(), f.exportFleet(),
                        f.secretFile()), c.local());
    }

    /** The base with every port that {@link #derive} shifts set to the start of another run of {@code n}. */
    public static FabricHealthConfig withPorts(FabricHealthConfig base, int http, int jmx, int bursts, int pingpong,
            int grid) {
        HttpConfig h = base.http();
        JmxConfig j = base.jmx();
        BurstsConfig b = base.bursts();
        PingPongConfig p = base.pingpong();
        FleetConfig f = base.fleet();
        return new FabricHealthConfig(base.source(), base.agent(),
                new HttpConfig(h.bind(), http, h.auth(), h.execFromLoopbackOnly(), h.allowedOrigins()),
                new JmxConfig(j.enabled(), j.bind(), jmx, j.auth()),
                base.fabric(), base.simulation(), base.smp(), base.peers(),
                new BurstsConfig(new HostPort(b.listen().host(), bursts), b.provider(), b.endpoint(), b.suite(),
                        b.segmentSize(), b.segments(), b.window(), b.maxBytes(), b.maxDuration(), b.maxConcurrent(),
                        b.cancelDelay()),
                p.listening(new HostPort(p.listen().host(), pingpong)),
                base.schedules(), base.budget(), base.alarms(),
                new FleetConfig(f.enabled(), f.name(), f.discovery(), f.interfaces(), grid, f.heartbeat(),
                        f.failureDetection(), f.peers(), f.randomPeers(), f.rediscoverEvery(), f.exportFleet(),
                        f.secretFile()), base.local());
    }

    /**
     * The base with its port ranges apart: each of http, jmx, bursts, pingpong and fleet takes its configured port
     * plus 0..n-1, and a range that would overlap an earlier one in that order moves to just past it (the
     * defaults, bursts 7470 and ping-pong 7472, overlap from 3 agents on). {@code notes} gets one line per move.
     */
    public static FabricHealthConfig apart(FabricHealthConfig base, int n, List<String> notes) {
        String[] names = {"http.port", "jmx.port", "bursts.listen", "pingpong.listen", "fleet.port"};
        int[] start = {base.http().port(), base.jmx().port(), base.bursts().listen().port(),
                base.pingpong().listen().port(), base.fleet().port()};
        for (int r = 1; r < start.length; r++) {
            for (boolean moved = true; moved; ) {
                moved = false;
                for (int q = 0; q < r; q++) {
                    if (start[r] < start[q] + n && start[q] < start[r] + n) {
                        int from = start[r];
                        start[r] = start[q] + n;
                        notes.add(names[r] + " " + from + ".." + (from + n - 1) + " would overlap " + names[q] + " "
                                + start[q] + ".." + (start[q] + n - 1) + "; " + n + " agents use " + start[r] + ".."
                                + (start[r] + n - 1));
                        moved = true;
                    }
                }
            }
        }
        if (java.util.Arrays.stream(start).anyMatch(p -> p + n - 1 > 65535)) {
            throw new IllegalArgumentException(n + " agents need ports up to " + (java.util.Arrays.stream(start).max()
                    .orElseThrow() + n - 1) + ", beyond 65535: lower the configured ports");
        }
        return withPorts(base, start[0], start[1], start[2], start[3], start[4]);
    }

    private static HostPort plus(HostPort hp, int i) {
        return new HostPort(hp.host(), hp.port() + i);
    }
}

package io.fabrichealth.config;

import io.fabrichealth.config.bind.Locator;
import io.fabrichealth.config.bind.Problem;
import io.fabrichealth.config.bind.Texts;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The grid binds to loopback unless the config says otherwise, as HTTP does; off loopback it needs the shared
 * secret, because Payara Community's grid has no password and no encryption of its own. Also: each discovery
 * mode has its field, and Hazelcast's timers count in whole seconds.
 */
final class FleetRules {
    /** An IPv4 address or one of Hazelcast's interface patterns: 10.1.0.*, 10.1.0.10-20. */
    private static final Pattern INTERFACE = Pattern.compile(
            "(\\d{1,3}|\\*|\\d{1,3}-\\d{1,3})(\\.(\\d{1,3}|\\*|\\d{1,3}-\\d{1,3})){3}");
    private static final Pattern KUBERNETES = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?:[a-z0-9]([-a-z0-9]*[a-z0-9])?");

    private FleetRules() {
    }

    static void check(FabricHealthConfig c, Locator at, List<Problem> out) {
        FleetConfig f = c.fleet();
        if (f == null || f.discovery() == null) {
            return; // already reported by the binder
        }
        if (f.enabled() && PeerConfig.SELF.equals(c.agent().name())) {
            out.add(at.problem("agent.name", "a name other than self, unique in the fleet", "\"self\"",
                    "self names each agent's own loopback target in schedules"));
        }
        wholeSeconds("fleet.heartbeat", f.heartbeat(), at, out);
        wholeSeconds("fleet.failureDetection", f.failureDetection(), at, out);
        if (f.heartbeat() != null && f.failureDetection() != null
                && f.failureDetection().compareTo(f.heartbeat().multipliedBy(3)) < 0) {
            out.add(at.problem("fleet.failureDetection", "at least 3 heartbeats (" + Durations.format(f.heartbeat().multipliedBy(3)) + ")",
                    Durations.format(f.failureDetection()), "a member would be declared dead after one late heartbeat"));
        }
        GridDiscovery d = f.discovery();
        switch (d.mode()) {
            case TCPIP -> {
                if (d.members().isEmpty()) {
                    out.add(at.problem("fleet.discovery.members", "at least one member's grid address, like 127.0.0.1:6900",
                            "[]", "list every member, or a few seeds that are always up"));
                }
            }
            case DNS -> required(d.dns() != null, "fleet.discovery.dns", "name:port, like agents.fabric.example:6900", at, out);
            case KUBERNETES -> {
                if (d.kubernetes() == null || !KUBERNETES.matcher(d.kubernetes()).matches()) {
                    out.add(at.problem("fleet.discovery.kubernetes", "namespace:service, like monitoring:fabric-health",
                            d.kubernetes() == null ? "none" : Texts.quote(d.kubernetes()), null));
                }
            }
            case MULTICAST -> required(d.multicast() != null, "fleet.discovery.multicast", "group:port, like 224.2.2.3:54327", at, out);
        }
        for (int i = 0; i < f.interfaces().size(); i++) {
            if (!INTERFACE.matcher(f.interfaces().get(i)).matches()) {
                out.add(at.problem("fleet.interfaces[" + i + "]", "an IPv4 address or pattern like 127.0.0.1, 10.1.0.* or 10.1.0.10-20",
                        Texts.quote(f.interfaces().get(i)), null));
            }
        }
        if (f.interfaces().isEmpty()) {
            out.add(at.problem("fleet.interfaces", "at least one address, like 127.0.0.1", "[]", null));
        }
        Optional<String> open = openedBy(f);
        if (f.enabled() && open.isPresent() && f.secretFile() == null) {
            out.add(new Problem("fleet.secretFile", at.at("fleet"), "a secretFile because " + open.get(), "none",
                    "create a file with a long random secret (chmod 600), the same on every agent, and set "
                            + "fleet.secretFile; also put the grid on a management network: Payara Community's grid "
                            + "has no password or encryption of its own. Or keep the grid on 127.0.0.1"));
        }
        if (f.secretFile() != null && !Files.isRegularFile(f.secretFile())) {
            out.add(at.problem("fleet.secretFile", "an existing file whose first line is the fleet's secret",
                    Texts.quote(f.secretFile().toString()) + " (not found)", "create it with mode 600, or fix the path"));
        }
    }

    /** Why the grid is reachable from off this host, or empty when it stays on loopback. */
    static Optional<String> openedBy(FleetConfig f) {
        for (String i : f.interfaces()) {
            if (!i.startsWith("127.")) {
                return Optional.of("fleet.interfaces " + i + " is not loopback");
            }
        }
        GridDiscovery d = f.discovery();
        if (d.mode() != GridDiscovery.Mode.TCPIP) {
            return Optional.of("fleet.discovery.mode " + d.mode().name().toLowerCase() + " reaches other hosts");
        }
        for (HostPort m : d.members()) {
            if (!NetworkRules.isLoopback(m.host()).orElse(false)) {
                return Optional.of("fleet.discovery.members names " + m.host() + ", which is not loopback");
            }
        }
        return Optional.empty();
    }

    private static void wholeSeconds(String field, Duration d, Locator at, List<Problem> out) {
        if (d != null && (d.toNanos() % 1_000_000_000L != 0)) {
            out.add(at.problem(field, "whole seconds, like 1s or 10s (Hazelcast counts in seconds)", Durations.format(d), null));
        }
    }

    private static void required(boolean present, String field, String expected, Locator at, List<Problem> out) {
        if (!present) {
            out.add(at.problem(field, expected, "none", "it is required by fleet.discovery.mode"));
        }
    }
}

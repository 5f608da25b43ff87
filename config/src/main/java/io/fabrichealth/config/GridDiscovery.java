package io.fabrichealth.config;

import io.fabrichealth.config.bind.Nullable;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How the members of a fleet find each other: one of Payara Micro's {@code --clustermode} modes.
 *
 * @param mode which of the four
 * @param members {@code tcpip}: every member's (or a few seeds') grid address, host:port
 * @param dns {@code dns}: the name whose A records are the members, and their grid port
 * @param kubernetes {@code kubernetes}: {@code namespace:service}
 * @param multicast {@code multicast}: the group and port, like 224.2.2.3:54327. Its packets leave loopback
 */
public record GridDiscovery(Mode mode, List<HostPort> members, @Nullable HostPort dns, @Nullable String kubernetes,
        @Nullable HostPort multicast) {

    public static final GridDiscovery DEFAULTS = new GridDiscovery(Mode.TCPIP, List.of(new HostPort("127.0.0.1", 6900)),
            null, null, null);

    public enum Mode { TCPIP, DNS, KUBERNETES, MULTICAST }

    /** The value of Payara Micro's {@code --clustermode}. */
    public String clusterMode() {
        return switch (mode) {
            case TCPIP -> "tcpip:" + members.stream().map(GridDiscovery::text).collect(Collectors.joining(","));
            case DNS -> "dns:" + text(dns);
            case KUBERNETES -> "kubernetes:" + kubernetes;
            case MULTICAST -> "multicast:" + text(multicast);
        };
    }

    private static String text(HostPort hp) {
        return (hp.host().contains(":") ? "[" + hp.host() + "]" : hp.host()) + ":" + hp.port();
    }
}

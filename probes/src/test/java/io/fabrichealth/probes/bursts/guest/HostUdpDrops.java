package io.fabrichealth.probes.bursts.guest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The host's UDP RcvbufErrors. Two guests are joined by a QEMU UDP socket netdev; when a QEMU falls
 * behind, frames drop here and rxe retransmits them, which is what slows the bursts and perftest alike.
 * Host-wide, so a diagnostic to print, not a figure to assert on.
 */
final class HostUdpDrops {
    private HostUdpDrops() {
    }

    /** The counter now, or -1 when /proc/net/snmp cannot be read. */
    static long now() {
        try {
            List<String> udp = Files.readAllLines(Path.of("/proc/net/snmp")).stream()
                    .filter(l -> l.startsWith("Udp:")).toList();
            int column = List.of(udp.get(0).split("\\s+")).indexOf("RcvbufErrors");
            return column < 0 ? -1 : Long.parseLong(udp.get(1).split("\\s+")[column]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}

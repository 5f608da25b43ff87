package io.fabrichealth.mbeans.smp;

import io.fabrichealth.probes.smp.PortSnapshot;

/**
 * A port's identity as a map key: what {@link PortSnapshot#subject()} names, without formatting a string per port on
 * every sweep and every scrape (on a 1,000-port fabric those formats were a quarter of the sweep thread's time).
 */
public record PortKey(long nodeGuid, int port) {
    public static PortKey of(PortSnapshot p) {
        return new PortKey(p.nodeGuid(), p.port());
    }
}

package io.fabrichealth.agent.families;

import io.fabrichealth.alarms.AlarmBook;
import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.config.ProbeFamily;
import io.fabrichealth.fleet.grid.FleetParts;
import io.fabrichealth.jni.NativeFamily;
import io.fabrichealth.mbeans.MBeanRegistry;
import io.fabrichealth.mbeans.agent.AgentState;
import io.fabrichealth.probes.local.NativeStatus;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * What a family's wiring is handed: the config it starts from, where its MBeans and metrics go, the alarm book,
 * the agent's state (for errors people should see), the catalog its probe joins (with the peers the fleet drew),
 * the fleet (its single-agent parts when there is none), and the stack that closes what it starts, in reverse, at
 * undeploy.
 */
public record Wiring(FabricHealthConfig config, MBeanRegistry registry, PrometheusRegistry metrics, AlarmBook book,
        AgentState state, AgentProbes probes, FleetParts fleet, Keeper keeper) {

    /** Closes what it was given when the deployment stops, last kept first. */
    public interface Keeper {
        <T extends AutoCloseable> T keep(T resource);
    }

    public <T extends AutoCloseable> T keep(T resource) {
        return keeper.keep(resource);
    }

    /**
     * True when the native family loaded; otherwise the catalog answers the family's schedules UNSUPPORTED with
     * {@code what} and the reason.
     */
    public boolean loaded(NativeFamily needed, ProbeFamily family, String what) {
        String missing = missing(needed);
        if (missing != null) {
            probes.unavailable(family, what + ": " + missing);
        }
        return missing == null;
    }

    /** Null when the native family loaded, else why not (from the start-up snapshot; wiring never calls natives). */
    public String missing(NativeFamily family) {
        for (NativeStatus n : state.natives()) {
            if (n.family() == family) {
                return n.available() ? null : n.cause();
            }
        }
        return "the " + family + " family is unknown";
    }
}

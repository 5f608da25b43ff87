package io.fabrichealth.mbeans.agent;

import io.fabrichealth.probes.local.LocalFabric;
import io.fabrichealth.probes.local.NativeStatus;
import java.time.Instant;
import java.util.List;

/**
 * The facts the Agent MBean shows, written by the wiring when they change and read by getters without locks.
 */
public final class AgentState {
    private volatile String configSource = "";
    private volatile List<NativeStatus> natives = List.of();
    private volatile LocalFabric fabric = LocalFabric.unknown("unknown", "", "not inspected yet");
    private volatile String lastError = "";
    private volatile Instant lastErrorAt;

    public void configSource(String source) {
        this.configSource = source;
    }

    public String configSource() {
        return configSource;
    }

    public void natives(List<NativeStatus> natives) {
        this.natives = List.copyOf(natives);
    }

    public List<NativeStatus> natives() {
        return natives;
    }

    public void fabric(LocalFabric fabric) {
        this.fabric = fabric;
    }

    public LocalFabric fabric() {
        return fabric;
    }

    public synchronized void error(String message) {
        lastError = message;
        lastErrorAt = Instant.now();
    }

    public String lastError() {
        return lastError;
    }

    public Instant lastErrorAt() {
        return lastErrorAt;
    }
}

package io.fabrichealth.mbeans.agent;

import io.fabrichealth.probes.local.LocalFabric;
import io.fabrichealth.probes.local.NativeStatus;
import io.fabrichealth.config.ProbeFamily;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The facts the Agent MBean shows, written by the wiring when they change and read by getters without locks.
 */
public final class AgentState {
    private volatile String configSource = "";
    private volatile List<NativeStatus> natives = List.of();
    private volatile LocalFabric fabric = LocalFabric.unknown("unknown", "", "not inspected yet");
    private volatile String lastError = "";
    private volatile Instant lastErrorAt;
    private volatile String lastNativeError = "";
    private volatile String hostHealthSource = "";
    private final LongAdder jobOverruns = new LongAdder();
    private final Map<ProbeFamily, LongAdder> probeErrors = new EnumMap<>(ProbeFamily.class);

    public AgentState() {
        for (ProbeFamily f : ProbeFamily.values()) {
            probeErrors.put(f, new LongAdder());
        }
    }

    /** A probe run that took longer than its schedule's interval. */
    public void jobOverran() {
        jobOverruns.increment();
    }

    public long jobOverruns() {
        return jobOverruns.sum();
    }

    /** A probe that could not run at all (exception, missing native family), as opposed to a failed check. */
    public void probeError(ProbeFamily family, String message) {
        probeErrors.get(family).increment();
        error(family.configName() + ": " + message);
    }

    public long probeErrors(ProbeFamily family) {
        return probeErrors.get(family).sum();
    }

    /** The last error a native call reported (NativeException), for the operator who wonders why a family fails. */
    public void nativeError(String message) {
        lastNativeError = message;
    }

    public String lastNativeError() {
        return lastNativeError;
    }

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

    /** What carries this host's health (see AgentMXBean#getHostHealthSource); the local view sets it. */
    public void hostHealthSource(String source) {
        this.hostHealthSource = source;
    }

    public String hostHealthSource() {
        return hostHealthSource;
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

package io.fabrichealth.mbeans.agent;

import io.fabrichealth.mbeans.Composites;
import io.fabrichealth.probes.ProbeCounts;
import io.fabrichealth.config.ProbeFamily;
import io.fabrichealth.probes.local.LocalFabric;
import io.fabrichealth.probes.local.NativeStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.SimpleType;

public final class Agent implements AgentMXBean {
    static final Composites NATIVE = new Composites("NativeLibrary", "one native family",
            "family", SimpleType.STRING, "available", SimpleType.BOOLEAN, "version", SimpleType.STRING,
            "cause", SimpleType.STRING, "detail", SimpleType.STRING);
    static final Composites FABRIC = new Composites("Fabric", "the local CA and port in use",
            "mode", SimpleType.STRING, "simHost", SimpleType.STRING, "ca", SimpleType.STRING,
            "port", SimpleType.INTEGER, "portGuid", SimpleType.STRING, "lid", SimpleType.INTEGER,
            "state", SimpleType.STRING, "error", SimpleType.STRING);
    static final Composites PROBE_COUNTS = probeCountsType();
    static final Composites PROBE_ERRORS = probeErrorsType();

    private final String version;
    private final Instant startedAt;
    private final String jolokiaUrl;
    private final String jmxServiceUrl;
    private final AgentState state;
    private final ProbeCounts counts;

    public Agent(String version, Instant startedAt, String jolokiaUrl, String jmxServiceUrl, AgentState state,
                 ProbeCounts counts) {
        this.version = version;
        this.startedAt = startedAt;
        this.jolokiaUrl = jolokiaUrl;
        this.jmxServiceUrl = jmxServiceUrl;
        this.state = state;
        this.counts = counts;
    }

    private static Composites probeCountsType() {
        List<Object> items = new ArrayList<>();
        for (ProbeFamily f : ProbeFamily.values()) {
            items.add(itemPrefix(f) + "Runs");
            items.add(SimpleType.LONG);
            items.add(itemPrefix(f) + "Failures");
            items.add(SimpleType.LONG);
        }
        return new Composites("ProbeCounts", "runs and failures per probe family", items.toArray());
    }

    private static Composites probeErrorsType() {
        List<Object> items = new ArrayList<>();
        for (ProbeFamily f : ProbeFamily.values()) {
            items.add(itemPrefix(f));
            items.add(SimpleType.LONG);
        }
        return new Composites("ProbeErrors", "probe runs that could not happen, per family", items.toArray());
    }

    /** "smp-sweep" becomes "smpSweep": flat camelCase keys survive every exporter's flattening. */
    private static String itemPrefix(ProbeFamily f) {
        StringBuilder sb = new StringBuilder();
        boolean upper = false;
        for (char c : f.configName().toCharArray()) {
            if (c == '-') {
                upper = true;
            } else {
                sb.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return sb.toString();
    }

    @Override
    public String getVersion() {
        return version;
    }

    @Override
    public String getStartedAt() {
        return startedAt.toString();
    }

    @Override
    public long getUptimeSeconds() {
        return Duration.between(startedAt, Instant.now()).toSeconds();
    }

    @Override
    public String getConfigSource() {
        return state.configSource();
    }

    @Override
    public String getJolokiaUrl() {
        return jolokiaUrl;
    }

    @Override
    public String getJmxServiceUrl() {
        return jmxServiceUrl;
    }

    @Override
    public CompositeData[] getNativeLibraries() {
        return state.natives().stream()
                .map(n -> NATIVE.of(n.name(), n.available(), n.version(), n.cause(), n.detail()))
                .toArray(CompositeData[]::new);
    }

    @Override
    public CompositeData getFabric() {
        LocalFabric f = state.fabric();
        return FABRIC.of(f.mode(), f.simHost(), f.ca(), f.port(), f.portGuid(), f.lid(), f.state(), f.error());
    }

    @Override
    public CompositeData getProbeCounts() {
        List<Object> values = new ArrayList<>();
        for (ProbeFamily f : ProbeFamily.values()) {
            values.add(counts.runs(f));
            values.add(counts.failures(f));
        }
        return PROBE_COUNTS.of(values.toArray());
    }

    @Override
    public long getJobOverruns() {
        return state.jobOverruns();
    }

    @Override
    public CompositeData getProbeErrors() {
        List<Object> values = new ArrayList<>();
        for (ProbeFamily f : ProbeFamily.values()) {
            values.add(state.probeErrors(f));
        }
        return PROBE_ERRORS.of(values.toArray());
    }

    @Override
    public String getLastNativeError() {
        return state.lastNativeError();
    }

    @Override
    public String getLastError() {
        return state.lastError();
    }

    @Override
    public String getLastErrorAt() {
        Instant at = state.lastErrorAt();
        return at == null ? "" : at.toString();
    }

    @Override
    public String getHostHealthSource() {
        return state.hostHealthSource();
    }
}

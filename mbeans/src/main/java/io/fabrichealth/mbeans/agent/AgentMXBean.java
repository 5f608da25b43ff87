package io.fabrichealth.mbeans.agent;

import javax.management.openmbean.CompositeData;

/**
 * The agent itself: what runs, where to read it, and what it could not load. Every getter returns cached facts
 * and never blocks.
 */
public interface AgentMXBean {
    String OBJECT_NAME = "fabric.health:type=Agent";

    String getVersion();

    /** ISO-8601 instant at which the agent started. */
    String getStartedAt();

    long getUptimeSeconds();

    /** The config file in use, or {@code embedded:default.yaml}. */
    String getConfigSource();

    String getJolokiaUrl();

    /** JSR-160 URL for JConsole and the Zabbix Java gateway; empty when remote JMX is disabled. */
    String getJmxServiceUrl();

    /** One row per native family (umad, verbs, fabric, rds): family, available, version, cause, detail. */
    CompositeData[] getNativeLibraries();

    /** mode (simulated|hardware), simHost, ca, port, portGuid, lid, state, error. */
    CompositeData getFabric();

    /** Runs and failures per probe family since start. */
    CompositeData getProbeCounts();

    /** Probe runs that took longer than their schedule's interval (their next slots were skipped). */
    long getJobOverruns();

    /** Per probe family, runs that could not happen at all (exceptions, missing native families). */
    CompositeData getProbeErrors();

    /** The last error a native call reported, with its errno name; empty when there was none. */
    String getLastNativeError();

    /** The last error the agent met, with what to do next; empty when there was none. */
    String getLastError();

    /** ISO-8601 instant of {@link #getLastError()}; empty when there was none. */
    String getLastErrorAt();

    /**
     * What carries this host's health: on an Ethernet (RoCE) port there is no SMP sweep, so the local view
     * (LocalPort MBeans, from sysfs) and the data-path probes do; names the RoCE ports. Empty before the first read.
     */
    String getHostHealthSource();
}

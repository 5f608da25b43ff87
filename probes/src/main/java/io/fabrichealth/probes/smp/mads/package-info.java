/**
 * smp_mad_stress's view of SMA latency, on the agent's own engine: {@link io.fabrichealth.probes.smp.mads.MadsMeasurement}
 * sends Gets to a few destinations at queue depth 1 and then 2, for a bounded time each, through the sweep's
 * {@link io.fabrichealth.probes.smp.engine.MadEngine} and its limits, and {@link io.fabrichealth.probes.smp.mads.MadsTable}
 * prints what it measured in smp_mad_stress's table.
 */
package io.fabrichealth.probes.smp.mads;

/**
 * One sweep ({@link io.fabrichealth.probes.smp.fabric.SweepRun}) and what sweeps learn
 * ({@link io.fabrichealth.probes.smp.fabric.FabricMap}): directed-route discovery like libibnetdisc, explicit
 * targets like smp_mad_stress's {@code -L}, and the PMA reads by LID.
 */
package io.fabrichealth.probes.smp.fabric;

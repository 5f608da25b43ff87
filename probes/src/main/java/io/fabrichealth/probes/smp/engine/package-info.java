/**
 * The MAD engine: {@link io.fabrichealth.probes.smp.engine.MadEngine} keeps at most {@code perDestination} Gets
 * outstanding per destination and {@code window} on the port, enforces its own deadline per attempt (umad2sim
 * never times out), retries with a fresh TID so late answers are told apart, and counts sent, received,
 * timeouts, retries, late and unmatched answers, in-flight maxima and RTTs per destination. One thread drives it.
 */
package io.fabrichealth.probes.smp.engine;

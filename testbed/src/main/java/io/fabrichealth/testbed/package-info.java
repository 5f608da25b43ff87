/**
 * Fixtures that run the simulated InfiniBand fabric for tests, benches and {@code ./fabric-health run}.
 *
 * <p>{@link io.fabrichealth.testbed.SimulatedFabric} starts ibsim (and opensm on top); libibumad programs reach it
 * through umad2sim with {@link io.fabrichealth.testbed.Ibsim#clientEnv}. The traps of shared/TESTBEDS.md section 1
 * are handled here: a fifo console opened read-write (no EOF spin), a private {@code IBSIM_SOCKNAME} per instance,
 * opensm with {@code force_log_flush TRUE} in its own folder, clients in throwaway folders for umad2sim's
 * {@code sys-<pid>/}, a cap below ibsim's 10 client slots, opensm stopped before ibsim, and children that die with
 * the JVM even when it is SIGKILLed.
 */
package io.fabrichealth.testbed;

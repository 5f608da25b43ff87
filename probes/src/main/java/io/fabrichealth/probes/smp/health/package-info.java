/**
 * Per-port health rules, pure functions of what the sweep read: link degradation by iblinkinfo's rule, 64-bit
 * counter accumulation with reset and saturation detection, infiniband-diags' error thresholds, the verdict.
 */
package io.fabrichealth.probes.smp.health;

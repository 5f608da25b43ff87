package io.fabrichealth.schedules;

import java.time.Duration;

/**
 * Timing knobs that are not in the config file because they only matter to tests and to very short intervals.
 *
 * @param misfireThreshold how late a run may start before it is skipped as a misfire; keep it well below the
 *     shortest interval
 * @param budgetWait how long a due run waits for a slot in the impact budget before it is recorded as SKIPPED
 */
public record Tuning(Duration misfireThreshold, Duration budgetWait) {

    public static final Tuning DEFAULTS = new Tuning(Duration.ofSeconds(1), Duration.ofSeconds(2));

    public Tuning {
        if (misfireThreshold.isNegative() || misfireThreshold.isZero()) {
            throw new IllegalArgumentException("misfireThreshold must be positive, got " + misfireThreshold);
        }
        if (budgetWait.isNegative()) {
            throw new IllegalArgumentException("budgetWait must not be negative, got " + budgetWait);
        }
    }
}

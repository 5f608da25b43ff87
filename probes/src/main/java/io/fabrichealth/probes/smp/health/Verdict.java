package io.fabrichealth.probes.smp.health;

/** A port's health: what an operator should do about it. */
public enum Verdict {
    /** Nothing to do. */
    OK,
    /** Works, but below par: degraded link, errors past a threshold, a saturated counter, not yet Active. */
    WARN,
    /** Broken: a port that was Active went down, or its node stopped answering. */
    CRIT
}

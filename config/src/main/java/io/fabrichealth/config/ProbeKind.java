package io.fabrichealth.config;

/** The probe family a schedule fires. */
public enum ProbeKind {
    SMP_SWEEP,
    BURSTS,
    PINGPONG
}

package io.fabrichealth.probes;

import java.time.Duration;
import java.time.Instant;

/**
 * What one probe run found. A provider or kernel that lacks a feature gives UNSUPPORTED, never FAIL (fabtests'
 * convention), and a run the budget did not allow gives SKIPPED.
 */
public record ProbeResult(Status status, String summary, Instant at, Duration took) {
    public enum Status { PASS, FAIL, UNSUPPORTED, SKIPPED }

    public static ProbeResult pass(String summary, Instant at, Duration took) {
        return new ProbeResult(Status.PASS, summary, at, took);
    }

    public static ProbeResult fail(String summary, Instant at, Duration took) {
        return new ProbeResult(Status.FAIL, summary, at, took);
    }

    public boolean failed() {
        return status == Status.FAIL;
    }
}

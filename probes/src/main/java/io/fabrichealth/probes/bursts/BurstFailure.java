package io.fabrichealth.probes.bursts;

/** A burst could not complete; the message is the FailureReason operators read. */
public class BurstFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BurstFailure(String message) {
        super(message);
    }

    public BurstFailure(String message, Throwable cause) {
        super(message, cause);
    }
}

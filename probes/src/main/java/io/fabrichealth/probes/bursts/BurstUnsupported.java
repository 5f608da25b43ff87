package io.fabrichealth.probes.bursts;

/** The provider lacks what a set needs (ENOSYS, no wait objects, no RMA): the result is unsupported. */
public final class BurstUnsupported extends BurstFailure {
    private static final long serialVersionUID = 1L;

    public BurstUnsupported(String message, Throwable cause) {
        super(message, cause);
    }
}

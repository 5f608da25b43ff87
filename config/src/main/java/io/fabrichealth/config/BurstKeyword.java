package io.fabrichealth.config;

import java.util.Locale;

/**
 * The keywords a burst parameter set combines, as the fabtrun document defines them. Each applies to the
 * initiator's side (the side a phase varies, see {@link BurstPhase}); the target runs at defaults.
 */
public enum BurstKeyword {
    /** The initiator's side runs in a helper process with FI_MR_CACHE_MAX_SIZE=0, and nothing else changes. */
    CACHELESS,
    /**
     * After bursts.cancelDelay, fi_cancel every outstanding operation and wait until each is reported completed
     * or FI_ECANCELED; a burst that ended before it was cancelled fails.
     */
    CANCEL,
    /** put only: one contiguous buffer per write, no gather. */
    CONTIGUOUS,
    /**
     * Deregister each buffer after it is transmitted (put) or emptied and verified (get); register it again
     * before reuse.
     */
    REREGISTER,
    /** Sleep on the completion queue's wait object (epoll) instead of polling it. */
    WAIT;

    public String text() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The phases this keyword applies to. */
    public boolean appliesTo(BurstPhase phase) {
        return this != CONTIGUOUS || phase == BurstPhase.PUT;
    }
}

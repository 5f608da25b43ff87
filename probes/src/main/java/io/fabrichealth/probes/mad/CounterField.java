package io.fabrichealth.probes.mad;

/**
 * A PMA counter and its width. IBA counters stop at their maximum instead of wrapping, so a counter that
 * reads {@link #maxValue()} is saturated: its true value is unknown until someone resets it.
 */
public interface CounterField {

    /** The name perfquery prints. */
    String displayName();

    /** 4, 8, 16, 32 or 64. */
    int bits();

    /** All ones in {@link #bits()} bits; for 64-bit counters that is -1L, i.e. unsigned 2^64-1. */
    default long maxValue() {
        return bits() == 64 ? -1L : (1L << bits()) - 1;
    }

    default boolean isSaturated(long value) {
        return value == maxValue();
    }
}

package io.fabrichealth.probes.smp.health;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CounterBookTest {
    private static final IbaCounter SYM = IbaCounter.SYMBOL_ERROR_COUNTER;
    private static final IbaCounter XMIT_DATA = IbaCounter.PORT_XMIT_DATA;

    @Test
    void theFirstReadingIsTheBaselineAndLaterOnesAddTheirDelta() {
        CounterBook book = new CounterBook();
        assertThat(book.add(sample(5, 16, 100, 64))).isEmpty();
        assertThat(book.total(SYM)).isEqualTo(5);
        assertThat(book.delta(SYM)).isZero();
        book.add(sample(12, 16, 250, 64));
        assertThat(book.total(SYM)).isEqualTo(12);
        assertThat(book.delta(SYM)).isEqualTo(7);
        assertThat(book.delta(XMIT_DATA)).isEqualTo(150);
    }

    @Test
    void aCounterThatGoesDownIsAResetWithoutANegativeDelta() {
        CounterBook book = new CounterBook();
        book.add(sample(1234, 16, 100, 64));
        assertThat(book.add(sample(5, 16, 110, 64))).containsExactly("SymbolErrorCounter 1234 -> 5");
        assertThat(book.delta(SYM)).isZero();
        assertThat(book.total(SYM)).isEqualTo(1234);
        assertThat(book.resets()).isEqualTo(1);
        book.add(sample(9, 16, 120, 64));
        assertThat(book.delta(SYM)).as("counted again from the new baseline").isEqualTo(4);
        assertThat(book.total(SYM)).isEqualTo(1238);
    }

    @Test
    void sixtyFourBitCountersAreComparedUnsigned() {
        CounterBook book = new CounterBook();
        book.add(sample(0, 16, 0x7FFF_FFFF_FFFF_FFF0L, 64));
        assertThat(book.add(sample(0, 16, 0x8000_0000_0000_0010L, 64))).isEmpty();
        assertThat(book.delta(XMIT_DATA)).isEqualTo(0x20);
    }

    @Test
    void aNarrowCounterAtItsMaximumIsSaturated() {
        assertThat(sample(65535, 16, 0, 64).saturated(SYM)).isTrue();
        assertThat(sample(65534, 16, 0, 64).saturated(SYM)).isFalse();
        assertThat(sample(0, 16, -1L, 64).saturated(XMIT_DATA)).as("64-bit fields never saturate in practice").isFalse();
        assertThat(sample(0, 16, 0xFFFF_FFFFL, 32).saturated(XMIT_DATA)).isTrue();
    }

    static CounterSample sample(long symbolErrors, int symbolBits, long xmitData, int xmitDataBits) {
        long[] values = new long[IbaCounter.values().length];
        int[] bits = new int[IbaCounter.values().length];
        values[SYM.ordinal()] = symbolErrors;
        bits[SYM.ordinal()] = symbolBits;
        values[XMIT_DATA.ordinal()] = xmitData;
        bits[XMIT_DATA.ordinal()] = xmitDataBits;
        return CounterSample.ofValues(values, bits);
    }
}

package io.fabrichealth.probes.smp.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CounterValuesTest {
    private static final int N = IbaCounter.values().length;

    /** Three counters seen, out of order of their values, one of them zero. */
    private static CounterValues sample() {
        boolean[] seen = new boolean[N];
        long[] values = new long[N];
        seen[IbaCounter.SYMBOL_ERROR_COUNTER.ordinal()] = true;
        values[IbaCounter.SYMBOL_ERROR_COUNTER.ordinal()] = 7;
        seen[IbaCounter.PORT_XMIT_DATA.ordinal()] = true;
        values[IbaCounter.PORT_XMIT_DATA.ordinal()] = -1; // 2^64-1, unsigned
        seen[IbaCounter.PORT_MULTICAST_RCV_PKTS.ordinal()] = true;
        values[IbaCounter.VL15_DROPPED.ordinal()] = 99; // not seen: must not show
        return CounterValues.of(seen, values);
    }

    private static Map<IbaCounter, Long> sameAsEnumMap() {
        Map<IbaCounter, Long> m = new EnumMap<>(IbaCounter.class);
        m.put(IbaCounter.SYMBOL_ERROR_COUNTER, 7L);
        m.put(IbaCounter.PORT_XMIT_DATA, -1L);
        m.put(IbaCounter.PORT_MULTICAST_RCV_PKTS, 0L);
        return m;
    }

    @Test
    void holdsOnlyTheSeenCountersInCounterOrder() {
        CounterValues v = sample();
        assertThat(v).hasSize(3);
        assertThat(v.get(IbaCounter.SYMBOL_ERROR_COUNTER)).isEqualTo(7L);
        assertThat(v.get(IbaCounter.PORT_XMIT_DATA)).isEqualTo(-1L);
        assertThat(v.get(IbaCounter.PORT_MULTICAST_RCV_PKTS)).isZero();
        assertThat(v.get(IbaCounter.VL15_DROPPED)).isNull();
        assertThat(v.containsKey(IbaCounter.VL15_DROPPED)).isFalse();
        assertThat(v.get("SymbolErrorCounter")).isNull();
        assertThat(v.getOrDefault(IbaCounter.PORT_RCV_DATA, -5L)).isEqualTo(-5L);
        assertThat(new ArrayList<>(v.keySet())).containsExactlyElementsOf(sameAsEnumMap().keySet());
        List<String> walked = new ArrayList<>();
        v.forEach((c, n) -> walked.add(c + "=" + n));
        assertThat(walked).containsExactly("SYMBOL_ERROR_COUNTER=7", "PORT_XMIT_DATA=-1", "PORT_MULTICAST_RCV_PKTS=0");
    }

    @Test
    void equalsAndHashesAsAnEnumMapWithTheSameEntries() {
        CounterValues v = sample();
        Map<IbaCounter, Long> m = sameAsEnumMap();
        assertThat(v).isEqualTo(m);
        assertThat(m).isEqualTo(v);
        assertThat(v.hashCode()).isEqualTo(m.hashCode());
        assertThat(v).isEqualTo(sample());
        m.put(IbaCounter.SYMBOL_ERROR_COUNTER, 8L);
        assertThat(v).isNotEqualTo(m);
        assertThat(CounterValues.of(new boolean[N], new long[N])).isSameAs(CounterValues.EMPTY).isEmpty();
    }

    @Test
    void cannotBeChanged() {
        CounterValues v = sample();
        assertThatThrownBy(() -> v.put(IbaCounter.VL15_DROPPED, 1L)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> v.entrySet().iterator().next().setValue(1L))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> v.keySet().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aBookGivesWhatItSaw() {
        CounterBook book = new CounterBook();
        assertThat(book.totals()).isEmpty();
        long[] values = new long[N];
        int[] bits = new int[N];
        values[IbaCounter.PORT_RCV_DATA.ordinal()] = 100;
        bits[IbaCounter.PORT_RCV_DATA.ordinal()] = 64;
        book.add(CounterSample.ofValues(values, bits));
        values[IbaCounter.PORT_RCV_DATA.ordinal()] = 130;
        book.add(CounterSample.ofValues(values, bits));
        assertThat(book.totals()).containsExactly(Map.entry(IbaCounter.PORT_RCV_DATA, 130L));
        assertThat(book.deltas()).containsExactly(Map.entry(IbaCounter.PORT_RCV_DATA, 30L));
    }
}

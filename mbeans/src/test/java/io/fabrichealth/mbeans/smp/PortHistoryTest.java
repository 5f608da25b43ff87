package io.fabrichealth.mbeans.smp;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.probes.smp.PortSnapshot;
import io.fabrichealth.probes.smp.health.IbaCounter;
import io.fabrichealth.probes.smp.health.Verdict;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import javax.management.openmbean.CompositeData;
import org.junit.jupiter.api.Test;

class PortHistoryTest {
    private static final Instant T0 = Instant.parse("2026-11-25T15:00:00Z");

    @Test
    void aPortKeepsItsLastSixtySweepsOldestFirstAndEachSweepOnce() {
        Port port = new Port(sweep(0, 0));
        port.update(sweep(0, 0)); // a fleet refresh re-publishes the same sweep
        for (int i = 1; i < 75; i++) {
            port.update(sweep(i, i % 3));
        }
        CompositeData[] rows = port.getHistory();
        assertThat(rows).hasSize(PortHistory.SWEEPS);
        assertThat(rows[0].get("sweptAt")).isEqualTo(T0.plusSeconds(15).toString());
        assertThat(rows[59].get("sweptAt")).isEqualTo(T0.plusSeconds(74).toString());
        assertThat(rows[59].get("errorDelta")).as("74 %% 3 symbol errors plus 1 rcv error").isEqualTo(3L);
        assertThat(rows[59].get("xmitDataWordsDelta")).isEqualTo(740L);
        assertThat(rows[59].get("rcvDataWordsDelta")).as("not read").isEqualTo(-1L);
        assertThat(rows[59].get("health")).isEqualTo("WARN");
        assertThat(rows[59].get("portState")).isEqualTo("Active");
    }

    @Test
    void everyRowComesBackExactlyThroughManyWrapsWhateverTheSizeOfItsValues() {
        // Deltas of every width (0, one byte, 2^40, "unsigned" 2^64-2, beyond an int), times a nanosecond to a day
        // apart: the packed ring must give back what went in, row for row, after being moved and grown many times.
        long[] widths = {0, 1, 127, 128, 1L << 40, -2L, Integer.MAX_VALUE + 5L, Long.MAX_VALUE};
        Instant at = T0;
        Port port = null;
        List<Object[]> expected = new java.util.ArrayList<>();
        for (int i = 0; i < 500; i++) {
            at = at.plusNanos(i % 7 == 0 ? 1 : i % 5 == 0 ? 86_400_000_000_000L : 30_000_123_456L);
            long big = widths[i % widths.length];
            Map<IbaCounter, Long> deltas = new EnumMap<>(IbaCounter.class);
            deltas.put(IbaCounter.SYMBOL_ERROR_COUNTER, i % 2 == 0 ? Integer.MAX_VALUE + 7L : 0L);
            deltas.put(IbaCounter.PORT_XMIT_DATA, big);
            if (i % 3 != 0) {
                deltas.put(IbaCounter.PORT_RCV_DATA, widths[(i + 3) % widths.length]);
            }
            deltas.put(IbaCounter.PORT_XMIT_WAIT, (long) i * i * i);
            PortSnapshot s = new PortSnapshot(2, 3, 2, "leaf-a", "Switch", 3, i % 6, 5, 2, 3, 3, 4, 7, 7, 0, 0, 0,
                    "10.0 Gbps", false, "", Verdict.values()[i % Verdict.values().length], List.of(), Map.of(),
                    deltas, List.of(), 0, "", 5, 1, at, at, true, "");
            if (port == null) {
                port = new Port(s);
            } else {
                port.update(s);
            }
            expected.add(new Object[] {at.toString(), s.health().name(), i % 2 == 0 ? Integer.MAX_VALUE + 7L : 0L,
                    big, i % 3 != 0 ? widths[(i + 3) % widths.length] : -1L, (long) i * i * i});
        }
        CompositeData[] rows = port.getHistory();
        assertThat(rows).hasSize(PortHistory.SWEEPS);
        for (int r = 0; r < rows.length; r++) {
            Object[] want = expected.get(expected.size() - PortHistory.SWEEPS + r);
            assertThat(new Object[] {rows[r].get("sweptAt"), rows[r].get("health"), rows[r].get("errorDelta"),
                    rows[r].get("xmitDataWordsDelta"), rows[r].get("rcvDataWordsDelta"), rows[r].get("xmitWaitDelta")})
                    .as("row %d", r).containsExactly(want);
        }
    }

    @Test
    void aPortWithoutCountersShowsMinusOneErrors() {
        Port port = new Port(new PortSnapshot(1, 1, 1, "hca", "Channel Adapter", 3, 1, 2, -1, -1, -1, -1, -1, -1, -1,
                -1, -1, "", false, "", Verdict.CRIT, List.of("PortDown"), Map.of(), Map.of(), List.of(), 0,
                "no PMA", 0, 0, T0, null, true, ""));
        assertThat(port.getHistory()).singleElement()
                .satisfies(r -> assertThat(r.get("errorDelta")).isEqualTo(-1L))
                .satisfies(r -> assertThat(r.get("portState")).isEqualTo("Down"));
    }

    private static PortSnapshot sweep(int i, long symbolErrors) {
        Map<IbaCounter, Long> deltas = new EnumMap<>(IbaCounter.class);
        deltas.put(IbaCounter.SYMBOL_ERROR_COUNTER, symbolErrors);
        deltas.put(IbaCounter.PORT_RCV_ERRORS, 1L);
        deltas.put(IbaCounter.PORT_XMIT_DATA, 10L * i);
        return new PortSnapshot(2, 3, 2, "leaf-a", "Switch", 3, 4, 5, 2, 3, 3, 4, 7, 7, 0, 0, 0, "10.0 Gbps", false,
                "", Verdict.WARN, List.of(), Map.of(), deltas, List.of(), 0, "", 5, 1, T0.plusSeconds(i), T0, true,
                "");
    }
}

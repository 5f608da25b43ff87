package io.fabrichealth.probes.smp.health;

import static io.fabrichealth.probes.smp.health.PortInfos.port;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabrichealth.config.SmpConfig;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PortJudgeTest {
    private static final Thresholds DEFAULTS = new Thresholds(SmpConfig.DEFAULTS.effectiveThresholds());

    @Test
    void aHealthyActivePortIsOkWithoutReasons() {
        PortFindings f = PortJudge.judge(PortInfos.up(31, 8, 7, 4), true, true, "", null, List.of(), DEFAULTS);
        assertThat(f.verdict()).isEqualTo(Verdict.OK);
        assertThat(f.reasons()).isEmpty();
    }

    @Test
    void aPortThatWasActiveAndIsDownIsCritical() {
        PortFindings f = PortJudge.judge(port(PortInfos.DOWN, PortInfos.POLLING, 31, 2, 7, 1, 0, 0, 0), true, true, "",
                null, List.of(), DEFAULTS);
        assertThat(f.verdict()).isEqualTo(Verdict.CRIT);
        assertThat(f.portDown()).isTrue();
        assertThat(f.reasons()).containsExactly("PortDown: PortState Down, PhysState Polling (was Active)");
    }

    @Test
    void anUnusedPortThatNeverWasActiveIsOk() {
        PortFindings f = PortJudge.judge(port(PortInfos.DOWN, PortInfos.POLLING, 31, 2, 7, 1, 0, 0, 0), false, true,
                "", null, List.of(), DEFAULTS);
        assertThat(f.verdict()).isEqualTo(Verdict.OK);
        assertThat(f.portDown()).isFalse();
    }

    @Test
    void errorsAboveTheIbqueryerrorsThresholdWarnAndXmitWaitIsOnlyCongestion() {
        CounterBook book = new CounterBook();
        book.add(sample(Map.of(IbaCounter.SYMBOL_ERROR_COUNTER, 10L, IbaCounter.PORT_XMIT_WAIT, 5L)));
        PortFindings atThreshold = PortJudge.judge(PortInfos.up(31, 8, 7, 4), true, true, "", book, List.of(),
                DEFAULTS);
        assertThat(atThreshold.verdict()).as("ibqueryerrors: above, not at").isEqualTo(Verdict.OK);
        book.add(sample(Map.of(IbaCounter.SYMBOL_ERROR_COUNTER, 11L, IbaCounter.PORT_XMIT_WAIT, 5_000_000L)));
        PortFindings f = PortJudge.judge(PortInfos.up(31, 8, 7, 4), true, true, "", book, List.of(), DEFAULTS);
        assertThat(f.verdict()).isEqualTo(Verdict.WARN);
        assertThat(f.breaches()).containsExactly("SymbolErrorCounter 11 > 10");
        assertThat(f.xmitWaitDelta()).isEqualTo(4_999_995L);
        assertThat(f.reasons()).contains("Congestion: PortXmitWait +4999995 ticks since the last sweep");
    }

    @Test
    void aSilentNodeMakesItsPortsCritical() {
        PortFindings f = PortJudge.judge(PortInfos.up(31, 8, 7, 4), true, false, "", null, List.of(), DEFAULTS);
        assertThat(f.verdict()).isEqualTo(Verdict.CRIT);
        assertThat(f.reasons().get(0)).startsWith("MadTimeouts:");
    }

    @Test
    void aThresholdForACounterThatIsNotAnErrorIsRefusedWithTheChoices() {
        assertThatThrownBy(() -> new Thresholds(Map.of("PortXmitWait", 1000L)))
                .hasMessageContaining("PortXmitWait is congestion").hasMessageContaining("SymbolErrorCounter");
    }

    private static CounterSample sample(Map<IbaCounter, Long> values) {
        long[] v = new long[IbaCounter.values().length];
        int[] bits = new int[IbaCounter.values().length];
        values.forEach((c, x) -> {
            v[c.ordinal()] = x;
            bits[c.ordinal()] = 64;
        });
        return CounterSample.ofValues(v, bits);
    }
}

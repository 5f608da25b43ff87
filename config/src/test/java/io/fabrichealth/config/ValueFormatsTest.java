package io.fabrichealth.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The small value syntaxes read what people write and print back what they read. */
class ValueFormatsTest {

    @Test
    void durationsReadTheCommonUnitsAndPrintTheLargestExactOne() {
        assertThat(Durations.parse("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(Durations.parse("2s")).isEqualTo(Duration.ofSeconds(2));
        assertThat(Durations.parse("1m")).isEqualTo(Duration.ofMinutes(1));
        assertThat(Durations.parse(" 1H ")).isEqualTo(Duration.ofHours(1));
        assertThat(Durations.parse("250us")).isEqualTo(Duration.ofNanos(250_000));
        assertThat(Durations.format(Duration.ofSeconds(300))).isEqualTo("5m");
        assertThat(Durations.format(Duration.ofMillis(1500))).isEqualTo("1500ms");
        assertThat(Durations.format(Duration.ZERO)).isEqualTo("0s");
        assertThatThrownBy(() -> Durations.parse("1.5s")).hasMessageContaining("1500ms");
        assertThatThrownBy(() -> Durations.parse("5")).hasMessageContaining("units");
        assertThatThrownBy(() -> Durations.parse("99999999999999d")).hasMessageContaining("too long");
    }

    @Test
    void sizesAre1024BasedAndPrintBackExactly() {
        assertThat(ByteSize.parse("64K").bytes()).isEqualTo(65_536);
        assertThat(ByteSize.parse("64KiB")).isEqualTo(ByteSize.parse("64kb"));
        assertThat(ByteSize.parse("2G").bytes()).isEqualTo(2L << 30);
        assertThat(ByteSize.parse("4096")).hasToString("4K");
        assertThat(ByteSize.parse("1000")).hasToString("1000");
        assertThat(ByteSize.ofMiB(64)).hasToString("64M");
        assertThatThrownBy(() -> ByteSize.parse("1.5M")).hasMessageContaining("1536K");
        assertThatThrownBy(() -> ByteSize.parse("9000000T")).hasMessageContaining("too large");
        assertThatThrownBy(() -> ByteSize.parse("64Q")).hasMessageContaining("K, M, G and T");
    }

    @Test
    void hostPortsTakeIpv6InBrackets() {
        assertThat(HostPort.parse("host-b:7471")).isEqualTo(new HostPort("host-b", 7471));
        assertThat(HostPort.parse("[::1]:7470")).isEqualTo(new HostPort("::1", 7470)).hasToString("[::1]:7470");
        assertThatThrownBy(() -> HostPort.parse("::1:7470")).hasMessageContaining("brackets");
        assertThatThrownBy(() -> HostPort.parse(":7470")).hasMessageContaining("host");
        assertThatThrownBy(() -> HostPort.parse("h:0")).hasMessageContaining("outside 1..65535");
    }

    @Test
    void percentagesReadBothSpellingsExactly() {
        assertThat(Percent.parse("10%")).isEqualTo(Percent.parse("0.1")).hasToString("10%");
        assertThat(Percent.parse("0.125").percent()).isEqualTo(12.5);
        assertThat(Percent.parse("10%").fraction()).isEqualTo(0.1);
        assertThatThrownBy(() -> Percent.parse("ten")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void smpTargetsAreLidsOrDirectedRoutes() {
        assertThat(SmpTarget.parse("lid:5")).isEqualTo(new SmpTarget.Lid(5));
        SmpTarget dr = SmpTarget.parse("dr:0,1,3");
        assertThat(dr).isEqualTo(new SmpTarget.DirectedRoute(List.of(0, 1, 3))).hasToString("dr:0,1,3");
        assertThat(((SmpTarget.DirectedRoute) dr).hops()).isEqualTo(2);
        assertThat(SmpTarget.parse("dr:0")).hasToString("dr:0");
        assertThatThrownBy(() -> SmpTarget.parse("lid:0")).hasMessageContaining("unicast");
        assertThatThrownBy(() -> SmpTarget.parse("lid:49152")).hasMessageContaining("unicast");
        assertThatThrownBy(() -> SmpTarget.parse("dr:0,255")).hasMessageContaining("1..254");
        assertThatThrownBy(() -> SmpTarget.parse("dr:0,,1")).hasMessageContaining("not a number");
    }

    @Test
    void loopbackIsDecidedWithoutDns() {
        assertThat(NetworkRules.isLoopback("127.0.0.1")).contains(true);
        assertThat(NetworkRules.isLoopback("127.8.9.10")).contains(true);
        assertThat(NetworkRules.isLoopback("::1")).contains(true);
        assertThat(NetworkRules.isLoopback("localhost")).contains(true);
        assertThat(NetworkRules.isLoopback("0.0.0.0")).contains(false);
        assertThat(NetworkRules.isLoopback("10.0.0.1")).contains(false);
        assertThat(NetworkRules.isLoopback("::")).contains(false);
        assertThat(NetworkRules.isLoopback("999.1.1.1")).isEmpty();
        assertThat(NetworkRules.isLoopback("grafana.example")).isEmpty();
    }
}

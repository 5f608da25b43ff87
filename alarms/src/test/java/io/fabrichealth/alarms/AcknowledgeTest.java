package io.fabrichealth.alarms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.AlarmsConfig;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AcknowledgeTest {
    private final TestClock clock = new TestClock();
    private final AlarmBook book = AlarmBook.inMemory(AlarmsConfig.DEFAULTS, clock);

    @Test
    void anAcknowledgedPortDownStaysActiveUntilThePortIsUpAgain() {
        Alarm down = book.observe(AlarmKind.PortDown, "sw1/3", true, "Down").orElseThrow();
        Instant ackAt = clock.advance(Duration.ofMinutes(3));

        assertThat(book.acknowledge(down.id(), "bob")).contains("acknowledged", "clears when");

        Alarm acked = book.active(AlarmKind.PortDown, "sw1/3").orElseThrow();
        assertThat(acked.acknowledged()).isTrue();
        assertThat(acked.acknowledgedBy()).isEqualTo("bob");
        assertThat(acked.acknowledgedAt()).isEqualTo(ackAt);
        assertThat(book.observe(AlarmKind.PortDown, "sw1/3", true, "Down")).hasValueSatisfying(a ->
                assertThat(a.acknowledged()).as("still acknowledged while bad").isTrue());

        assertThat(book.observe(AlarmKind.PortDown, "sw1/3", false, "Active")).isEmpty();
    }

    @Test
    void acknowledgingSaysWhatWentWrong() {
        Alarm down = book.observe(AlarmKind.PortDown, "sw1/3", true, "Down").orElseThrow();

        assertThat(book.acknowledge("nope", "bob")).contains("no active alarm has id nope");
        assertThat(book.acknowledge(down.id(), " ")).contains("not acknowledged", "who");
        book.acknowledge(down.id(), "bob");
        assertThat(book.acknowledge(down.id(), "carol")).contains("already acknowledged by bob");
        assertThat(book.acknowledgedCount()).isEqualTo(1);
    }

    @Test
    void acknowledgeAllTakesOneKindOrEveryKind() {
        book.observe(AlarmKind.PortDown, "sw1/1", true, "");
        book.observe(AlarmKind.PortDown, "sw1/2", true, "");
        book.raise(AlarmKind.Corruption, "peer:1", "");
        book.raise(AlarmKind.ProbeError, "pingpong", "");

        assertThat(book.acknowledgeAll(Optional.of(AlarmKind.PortDown), "ops")).isEqualTo(2);
        assertThat(book.acknowledgeAll(Optional.of(AlarmKind.PortDown), "ops")).as("nothing left").isZero();
        assertThat(book.acknowledgeAll(Optional.empty(), "ops")).isEqualTo(2);

        assertThat(book.active()).extracting(Alarm::kind).containsExactlyInAnyOrder(AlarmKind.PortDown,
                AlarmKind.PortDown, AlarmKind.ProbeError);
        assertThat(book.active()).allMatch(Alarm::acknowledged);
    }

    @Test
    void anUnknownKindIsRefusedWithTheKnownOnes() {
        assertThatThrownBy(() -> AlarmKind.parse("PortFlap")).hasMessageContaining("PortDown")
                .hasMessageContaining("Corruption");
        assertThat(AlarmKind.parse("portdown")).isEqualTo(AlarmKind.PortDown);
    }
}

package io.fabrichealth.alarms;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.AlarmsConfig;
import io.fabrichealth.config.Hysteresis;
import io.fabrichealth.config.Severity;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class HysteresisTest {
    private static final String PORT = "0x0002c90300000001/3";
    private final TestClock clock = new TestClock();
    private final AlarmBook book = AlarmBook.inMemory(AlarmsConfig.DEFAULTS, clock);

    @Test
    void portDownIsRaisedByOneBadSweepAndClearedByOneGoodSweep() {
        assertThat(book.observe(AlarmKind.PortDown, PORT, true, "Active -> Down")).isPresent();
        assertThat(book.observe(AlarmKind.PortDown, PORT, false, "Active")).isEmpty();
        assertThat(book.raisedCount()).isEqualTo(1);
        assertThat(book.clearedCount()).isEqualTo(1);
    }

    @Test
    void linkDegradedNeedsTwoBadSweepsToRaiseAndTwoGoodSweepsToClear() {
        assertThat(book.observe(AlarmKind.LinkDegraded, PORT, true, "1X, could be 4X")).isEmpty();
        assertThat(book.observe(AlarmKind.LinkDegraded, PORT, false, "")).isEmpty();
        assertThat(book.observe(AlarmKind.LinkDegraded, PORT, true, "1X, could be 4X")).as("streak broken").isEmpty();
        assertThat(book.observe(AlarmKind.LinkDegraded, PORT, true, "1X, could be 4X")).isPresent();

        assertThat(book.observe(AlarmKind.LinkDegraded, PORT, false, "")).isPresent();
        assertThat(book.observe(AlarmKind.LinkDegraded, PORT, true, "1X again")).as("good streak broken").isPresent();
        assertThat(book.observe(AlarmKind.LinkDegraded, PORT, false, "")).isPresent();
        assertThat(book.observe(AlarmKind.LinkDegraded, PORT, false, "")).isEmpty();
    }

    @Test
    void aHandedOverSubjectClearsAtOnceAndForgetsItsStreakButCorruptionStays() {
        book.observe(AlarmKind.LinkDegraded, PORT, true, "1X, could be 4X");
        book.observe(AlarmKind.LinkDegraded, PORT, true, "1X, could be 4X");
        book.raise(AlarmKind.Corruption, PORT, "byte 3 differs");
        book.observe(AlarmKind.ErrorThreshold, PORT, true, "SymbolErrorCounter 12 > 10"); // a streak of one

        book.handOver(AlarmKind.LinkDegraded, PORT, "agent-2");
        book.handOver(AlarmKind.Corruption, PORT, "agent-2");
        book.handOver(AlarmKind.ErrorThreshold, PORT, "agent-2");

        assertThat(book.active(AlarmKind.LinkDegraded, PORT)).isEmpty();
        assertThat(book.active(AlarmKind.Corruption, PORT)).as("only a person clears a corruption").isPresent();
        assertThat(book.observe(AlarmKind.ErrorThreshold, PORT, true, "again")).as("the streak starts over").isEmpty();
        assertThat(book.clearedCount()).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(value = AlarmKind.class, names = "Corruption", mode = EnumSource.Mode.EXCLUDE)
    void everyKindFollowsItsConfiguredHysteresis(AlarmKind kind) {
        Map<AlarmKind, Hysteresis> h = new LinkedHashMap<>(AlarmsConfig.DEFAULTS.hysteresis());
        h.put(kind, new Hysteresis(3, 4));
        AlarmBook b = AlarmBook.inMemory(new AlarmsConfig(h), clock);

        for (int i = 1; i <= 3; i++) {
            assertThat(b.observe(kind, "s", true, "bad " + i).isPresent()).as("active after %d bad", i)
                    .isEqualTo(i == 3);
        }
        for (int i = 1; i <= 4; i++) {
            assertThat(b.observe(kind, "s", false, "").isPresent()).as("active after %d good", i)
                    .isEqualTo(i < 4);
        }
    }

    @Test
    void whileActiveAnAlarmCountsBadSweepsAndKeepsItsRaisedAt() {
        Instant raisedAt = clock.instant();
        book.observe(AlarmKind.ErrorThreshold, PORT, true, "SymbolErrorCounter +12");
        book.observe(AlarmKind.ErrorThreshold, PORT, true, "SymbolErrorCounter +15");
        Instant later = clock.advance(Duration.ofSeconds(30));
        Alarm a = book.observe(AlarmKind.ErrorThreshold, PORT, true, "SymbolErrorCounter +40").orElseThrow();

        assertThat(a.raisedAt()).isEqualTo(raisedAt);
        assertThat(a.lastSeenAt()).isEqualTo(later);
        assertThat(a.count()).isEqualTo(2);
        assertThat(a.details()).isEqualTo("SymbolErrorCounter +40");
        assertThat(a.severity()).isEqualTo(Severity.MINOR);
    }

    @Test
    void subjectsAndKindsAreIndependent() {
        book.observe(AlarmKind.PortDown, PORT, true, "");
        book.observe(AlarmKind.PortDown, "0x0002c90300000001/4", true, "");
        book.observe(AlarmKind.MadTimeouts, PORT, true, "");

        assertThat(book.active()).hasSize(2);
        assertThat(book.countBySeverity()).containsEntry(Severity.MAJOR, 2L).containsEntry(Severity.CRITICAL, 0L);
    }

    @Test
    void aReloadChangesHysteresisFromTheNextObservation() {
        book.observe(AlarmKind.PeerUnreachable, "h:1", true, "");
        Map<AlarmKind, Hysteresis> h = new LinkedHashMap<>(AlarmsConfig.DEFAULTS.hysteresis());
        h.put(AlarmKind.PeerUnreachable, new Hysteresis(5, 1));
        book.reconfigure(new AlarmsConfig(h));

        assertThat(book.observe(AlarmKind.PeerUnreachable, "h:1", true, "")).as("2 of 5").isEmpty();
    }

    @Test
    void everyKindIsAKnownConfigKey() {
        assertThat(AlarmsConfig.DEFAULTS.hysteresis()).containsOnlyKeys(AlarmKind.values());
    }
}

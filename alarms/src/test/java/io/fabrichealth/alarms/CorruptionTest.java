package io.fabrichealth.alarms;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.AlarmsConfig;
import io.fabrichealth.config.Severity;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CorruptionTest {
    private static final String PEER = "node7:7472";
    private final TestClock clock = new TestClock();
    private final AlarmBook book = AlarmBook.inMemory(AlarmsConfig.DEFAULTS, clock);

    @Test
    void aCorruptionAlarmNeverClearsOnItsOwn() {
        Alarm a = book.raise(AlarmKind.Corruption, PEER, "fabric task 0 seq 812: first bad byte at 4096");
        for (int i = 0; i < 100; i++) {
            book.observe(AlarmKind.Corruption, PEER, false, "clean");
        }
        assertThat(book.active()).containsExactly(a);
        assertThat(a.severity()).isEqualTo(Severity.CRITICAL);
    }

    @Test
    void acknowledgingACorruptionAlarmClearsIt() {
        List<AlarmChange.Type> seen = new ArrayList<>();
        book.addListener(c -> seen.add(c.type()));
        Alarm a = book.raise(AlarmKind.Corruption, PEER, "first bad byte at 4096");

        String message = book.acknowledge(a.id(), "alice");

        assertThat(message).contains("acknowledged", "cleared");
        assertThat(book.active()).isEmpty();
        assertThat(seen).containsExactly(AlarmChange.Type.RAISED, AlarmChange.Type.ACKNOWLEDGED,
                AlarmChange.Type.CLEARED);
        assertThat(book.acknowledgedCount()).isEqualTo(1);
        assertThat(book.clearedCount()).isEqualTo(1);
    }

    @Test
    void aSecondCorruptionWhileActiveCountsOnTheSameAlarm() {
        Alarm first = book.raise(AlarmKind.Corruption, PEER, "seq 1");
        Alarm again = book.raise(AlarmKind.Corruption, PEER, "seq 9");

        assertThat(again.id()).isEqualTo(first.id());
        assertThat(again.count()).isEqualTo(2);
        assertThat(again.details()).isEqualTo("seq 9");
        assertThat(book.raisedCount()).isEqualTo(1);
    }

    @Test
    void afterAcknowledgementANewCorruptionIsANewAlarm() {
        Alarm first = book.raise(AlarmKind.Corruption, PEER, "seq 1");
        book.acknowledge(first.id(), "alice");

        Alarm second = book.raise(AlarmKind.Corruption, PEER, "seq 50");

        assertThat(second.id()).isNotEqualTo(first.id());
        assertThat(second.acknowledged()).isFalse();
    }

    @Test
    void theRunsPathAmendsTheAlarmWithoutCountingASecondSightingAndItsSuspectLinksReadBack() {
        List<AlarmChange> seen = new ArrayList<>();
        book.addListener(seen::add);
        Alarm raised = book.raise(AlarmKind.Corruption, PEER, "first bad byte at 4096");
        String cable = "0x0002c90300000001/1 <-> 0x0002c90300000011/3";
        String details = raised.details() + "; path LID 1 -> LID 9, 3 cables; " + Alarm.SUSPECT_LINKS + cable
                + ": SymbolErrorCounter +37 on 0x0002c90300000011/3 during the run";

        Alarm amended = book.amend(AlarmKind.Corruption, PEER, details).orElseThrow();

        assertThat(amended.count()).isEqualTo(1);
        assertThat(amended.id()).isEqualTo(raised.id());
        assertThat(amended.raisedAt()).isEqualTo(raised.raisedAt());
        assertThat(amended.details()).isEqualTo(details);
        assertThat(amended.suspectLinks()).containsExactly(cable);
        assertThat(raised.suspectLinks()).isEmpty();
        assertThat(seen).extracting(AlarmChange::type).containsExactly(AlarmChange.Type.RAISED,
                AlarmChange.Type.AMENDED);
        assertThat(book.amend(AlarmKind.Corruption, "elsewhere:1", details)).as("no alarm there: nothing to amend")
                .isEmpty();
        assertThat(book.active()).containsExactly(amended);
    }
}

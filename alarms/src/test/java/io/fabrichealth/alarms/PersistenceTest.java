package io.fabrichealth.alarms;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.AlarmsConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PersistenceTest {
    @TempDir
    Path state;
    private final TestClock clock = new TestClock();
    private final List<String> problems = new CopyOnWriteArrayList<>();

    @Test
    void anUnacknowledgedCorruptionSurvivesARestartWithItsOriginalRaisedAt() {
        Alarm corruption;
        Alarm portDown;
        try (AlarmBook first = open()) {
            corruption = first.raise(AlarmKind.Corruption, "node7:7472", "first bad byte at 4096");
            clock.advance(Duration.ofMinutes(5));
            portDown = first.observe(AlarmKind.PortDown, "sw1/3", true, "Down").orElseThrow();
            first.acknowledge(portDown.id(), "bob");
            first.observe(AlarmKind.PortDown, "sw1/9", true, "Down");
            first.observe(AlarmKind.PortDown, "sw1/9", false, "Active"); // cleared: not kept
        }
        clock.advance(Duration.ofHours(2));

        try (AlarmBook second = open()) {
            assertThat(second.active()).hasSize(2);
            Alarm back = second.active(AlarmKind.Corruption, "node7:7472").orElseThrow();
            assertThat(back).isEqualTo(corruption);
            assertThat(second.active(AlarmKind.PortDown, "sw1/3").orElseThrow()).satisfies(a -> {
                assertThat(a.raisedAt()).isEqualTo(portDown.raisedAt());
                assertThat(a.acknowledgedBy()).isEqualTo("bob");
            });
            assertThat(second.raise(AlarmKind.ProbeError, "x", "").id()).as("new ids never reuse old ones")
                    .isNotIn(corruption.id(), portDown.id());
            assertThat(second.loadNote()).contains("loaded 2 alarm(s)");
        }
        assertThat(problems).isEmpty();
        assertThat(state.resolve("alarms.json.tmp")).doesNotExist();
    }

    @Test
    void acknowledgingTheCorruptionRemovesItFromTheFile() {
        try (AlarmBook first = open()) {
            Alarm a = first.raise(AlarmKind.Corruption, "node7:7472", "");
            first.acknowledge(a.id(), "alice");
        }
        try (AlarmBook second = open()) {
            assertThat(second.active()).isEmpty();
        }
    }

    @Test
    void aMissingFileIsAFreshStartAndNoProblem() {
        try (AlarmBook book = open()) {
            assertThat(book.active()).isEmpty();
            assertThat(book.loadNote()).contains("no saved alarms");
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void aTruncatedFileStartsFreshSaysSoAndIsKeptForInspection() throws IOException {
        saveOneCorruption();
        String full = Files.readString(state.resolve("alarms.json"));
        Files.writeString(state.resolve("alarms.json"), full.substring(0, full.length() / 2));

        try (AlarmBook book = open()) {
            assertThat(book.active()).isEmpty();
            book.raise(AlarmKind.ProbeError, "still works", "");
        }
        assertThat(problems).singleElement().asString().contains("unreadable", "started with no alarms", "kept as");
        try (var files = Files.list(state)) {
            assertThat(files.map(p -> p.getFileName().toString())).anyMatch(n -> n.startsWith("alarms.json.bad-"));
        }
    }

    @Test
    void garbageOrAnotherFormatStartsFresh() throws IOException {
        for (String garbage : List.of("\u0000\u0001binary", "[]", "{\"format\":\"other\"}", "",
                "{\"format\":\"fabric-health-alarms\",\"version\":1,\"alarms\":[{\"id\":7}]}")) {
            Files.writeString(state.resolve("alarms.json"), garbage, StandardCharsets.UTF_8);
            try (AlarmBook book = open()) {
                assertThat(book.active()).isEmpty();
            }
        }
        assertThat(problems).hasSize(5).allSatisfy(p -> assertThat(p).contains("started with no alarms"));
    }

    @Test
    void aTmpFileLeftByACrashDuringSaveIsIgnoredAndRemoved() throws IOException {
        Alarm saved = saveOneCorruption();
        Files.writeString(state.resolve("alarms.json.tmp"), "{\"format\":\"fabric-health-al");

        try (AlarmBook book = open()) {
            assertThat(book.active()).containsExactly(saved);
            assertThat(book.loadNote()).contains("interrupted save");
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void anUnwritableStateDirIsReportedOnceAndAlarmsStillWork() throws IOException {
        Path notADir = state.resolve("file");
        Files.writeString(notADir, "x");
        try (AlarmBook book = AlarmBook.persistent(AlarmsConfig.DEFAULTS, notADir.resolve("state"), clock,
                problems::add)) {
            book.raise(AlarmKind.Corruption, "p:1", "");
            book.flush();
            book.raise(AlarmKind.Corruption, "p:2", "");
            book.flush();
            assertThat(book.active()).hasSize(2);
        }
        assertThat(problems).filteredOn(p -> p.contains("cannot save alarms")).singleElement().asString()
                .contains("agent.stateDir", "will not survive a restart");
    }

    @Test
    void everyChangeReachesTheFile() throws IOException {
        try (AlarmBook book = open()) {
            for (int i = 0; i < 200; i++) {
                book.observe(AlarmKind.PortDown, "sw/" + i, true, "");
            }
            book.flush();
            assertThat(Files.readString(state.resolve("alarms.json"))).contains("sw/0", "sw/199");
        }
    }

    private AlarmBook open() {
        return AlarmBook.persistent(AlarmsConfig.DEFAULTS, state, clock, problems::add);
    }

    private Alarm saveOneCorruption() {
        try (AlarmBook book = open()) {
            return book.raise(AlarmKind.Corruption, "node7:7472", "first bad byte at 4096");
        }
    }
}

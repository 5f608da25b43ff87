package io.fabrichealth.fleet.grid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.hazelcast.core.HazelcastInstance;
import io.fabrichealth.alarms.Alarm;
import io.fabrichealth.alarms.AlarmBook;
import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.AlarmsConfig;
import io.fabrichealth.config.FleetConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Membership on a real grid of three Hazelcast members on loopback: cards, the oldest, a death and a return,
 * and the bad input a fleet meets (a duplicate name, a card that doesn't parse, a card signed with another secret).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FleetMembershipTest {
    static final Duration FD = Duration.ofSeconds(20); // failure detection (5 s) plus a slow 2-core machine
    GridBed bed;
    final List<HazelcastInstance> grids = new ArrayList<>();
    final List<Fleet> fleets = new ArrayList<>();
    final List<AlarmBook> books = new ArrayList<>();
    final List<GridAlarms> alarms = new ArrayList<>();

    @BeforeAll
    void startThree() throws Exception {
        bed = new GridBed(3);
        for (int i = 0; i < 3; i++) {
            grids.add(bed.member(i));
            books.add(AlarmBook.inMemory(AlarmsConfig.DEFAULTS, Clock.systemUTC()));
            fleets.add(Fleet.join(grids.get(i), FleetConfig.DEFAULTS, Seal.none(), GridBed.card("agent-" + i),
                    books.get(i).sink(), Clock.systemUTC()));
        }
        for (int i = 0; i < 2; i++) { // agent-2 dies and returns in one test; the alarm test uses 0 and 1
            alarms.add(new GridAlarms(fleets.get(i), books.get(i)));
        }
    }

    @AfterAll
    void stop() {
        alarms.forEach(GridAlarms::close);
        fleets.forEach(Fleet::close);
        bed.close();
    }

    @Test
    void everyAgentSeesAllThreeOldestFirst() {
        await().atMost(FD).untilAsserted(() -> {
            for (Fleet f : fleets) {
                assertThat(f.view().names()).containsExactly("agent-0", "agent-1", "agent-2");
                assertThat(f.view().oldest()).isEqualTo("agent-0");
                assertThat(f.view().members().get(0).card().jolokiaUrl()).isEqualTo("http://127.0.0.1:8778/jolokia");
            }
        });
        assertThat(fleets.get(0).view().isOldest()).isTrue();
        assertThat(fleets.get(1).view().isOldest()).isFalse();
    }

    @Test
    void aSecondAgentWithALiveNameRunsAloneAndSaysWhy() {
        HazelcastInstance extra = grids.get(1); // a second agent in the same Payara: same grid member, other Fleet
        Card c = GridBed.card("agent-2");
        Card elsewhere = new Card(c.name(), "another-host", c.member(), "http://10.0.0.9:8778/jolokia", c.burst(),
                c.pingpong(), c.transports(), c.sweeps(), c.ca(), c.port(), c.portGuid(), c.lid(), c.version(),
                c.startedAt(), c.joinedAt());
        Fleet dup = Fleet.join(extra, FleetConfig.DEFAULTS, Seal.none(), elsewhere, AlarmSink.NONE, Clock.systemUTC());
        // same member UUID as agent-1's grid, but agent-2's card belongs to grid member 2, which is alive
        assertThat(dup.joined()).isFalse();
        assertThat(dup.view().state()).contains("another live agent is named agent-2").contains("own agent.name");
        assertThat(fleets.get(0).view().names()).containsExactly("agent-0", "agent-1", "agent-2");
    }

    @Test
    void anAgentThatCannotSweepIsAMemberButOwnsNoNodesAndNeverDiscovers() {
        Card c = GridBed.card("watcher");
        Card watcher = new Card(c.name(), c.host(), c.member(), c.jolokiaUrl(), c.burst(), c.pingpong(), c.transports(),
                false, c.ca(), c.port(), c.portGuid(), c.lid(), c.version(), c.startedAt(), c.joinedAt());
        Fleet f = Fleet.join(grids.get(1), FleetConfig.DEFAULTS, Seal.none(), watcher, AlarmSink.NONE, Clock.systemUTC());
        try {
            await().atMost(FD).untilAsserted(() -> {
                assertThat(fleets.get(0).view().names()).contains("watcher");
                assertThat(fleets.get(0).view().sweepers()).doesNotContain("watcher").contains("agent-0", "agent-1");
                assertThat(f.view().discoveryOwner()).isEqualTo("agent-0");
                assertThat(f.view().isDiscoveryOwner()).isFalse();
            });
        } finally {
            f.close();
        }
    }

    @Test
    void aCardThatDoesNotParseIsShownAsAProblemAndChangesNothing() {
        grids.get(0).<String, String>getMap(GridMaps.CARDS).set("bogus", "{\"format\":1,\"name\":\"bogus\"}");
        try {
            await().atMost(FD).untilAsserted(() -> {
                for (Fleet f : fleets) {
                    assertThat(f.view().problems()).anySatisfy(p -> assertThat(p)
                            .contains("the card of 'bogus' was refused").contains("has no 'transports'"));
                    assertThat(f.view().names()).containsExactly("agent-0", "agent-1", "agent-2");
                }
            });
        } finally {
            grids.get(0).<String, String>getMap(GridMaps.CARDS).remove("bogus");
        }
    }

    @Test
    void aCardSignedWithAnotherSecretIsRefused(@TempDir Path dir) throws Exception {
        Seal ours = Seal.of(Files.writeString(dir.resolve("a"), "0123456789abcdef-ours\n"));
        Seal theirs = Seal.of(Files.writeString(dir.resolve("b"), "0123456789abcdef-theirs\n"));
        String signed = theirs.seal(GridBed.card("x").toJson());
        assertThat(theirs.open(signed)).contains("\"name\":\"x\"");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ours.open(signed))
                .hasMessageContaining("does not match this agent's fleet secret");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ours.open(GridBed.card("x").toJson()))
                .hasMessageContaining("not signed");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Seal.none().open(signed))
                .hasMessageContaining("set fleet.secretFile");
    }

    @Test
    void aDeadMemberIsLostUntilItComesBack() {
        await().atMost(FD).until(() -> fleets.get(0).view().names().size() == 3);
        grids.get(2).getLifecycleService().terminate(); // no goodbye: the card stays behind
        await().atMost(FD).untilAsserted(() -> {
            assertThat(fleets.get(0).view().names()).containsExactly("agent-0", "agent-1");
            assertThat(fleets.get(1).view().names()).containsExactly("agent-0", "agent-1");
            assertThat(lost(books.get(0), "agent-2")).isPresent();
        });
        assertThat(lost(books.get(0), "agent-2").get().details()).contains("host-agent-2").contains("rejoins");
        assertThat(lost(books.get(1), "agent-2")).as("only the oldest raises it: one alarm for the fleet").isEmpty();

        HazelcastInstance again = bed.member(2);
        grids.set(2, again);
        fleets.get(2).close();
        fleets.set(2, Fleet.join(again, FleetConfig.DEFAULTS, Seal.none(), GridBed.card("agent-2"),
                books.get(2).sink(), Clock.systemUTC()));
        await().atMost(FD).untilAsserted(() -> {
            assertThat(fleets.get(0).view().names()).containsExactly("agent-0", "agent-1", "agent-2");
            assertThat(lost(books.get(0), "agent-2")).isEmpty();
        });
    }

    @Test
    void anAgentThatLeavesIsNotLost() throws Exception {
        // A Fleet closed cleanly removes its card first: nobody raises AgentLost for it.
        AlarmBook book = AlarmBook.inMemory(AlarmsConfig.DEFAULTS, Clock.systemUTC());
        Fleet temp = Fleet.join(grids.get(1), FleetConfig.DEFAULTS, Seal.none(), GridBed.card("visitor"), book.sink(),
                Clock.systemUTC());
        await().atMost(FD).until(() -> fleets.get(0).view().members().stream().anyMatch(m -> m.name().equals("visitor")));
        temp.close();
        await().atMost(FD).until(() -> fleets.get(0).view().members().stream().noneMatch(m -> m.name().equals("visitor")));
        Thread.sleep(1000);
        assertThat(lost(books.get(0), "visitor")).isEmpty();
    }

    @Test
    void aCorruptionRaisedByOneAgentShowsOnOthersAndAnAcknowledgementAnywhereClearsIt() {
        await().atMost(FD).until(() -> fleets.get(0).view().names().size() >= 2);
        Alarm raised = books.get(1).raise(AlarmKind.Corruption, "127.0.0.1:7473", "byte 17 of request 3 differs");
        String fleetId = "agent-1/" + raised.id();
        await().atMost(FD).untilAsserted(() -> assertThat(alarms.get(0).others())
                .anySatisfy(r -> {
                    assertThat(r.fleetId()).isEqualTo(fleetId);
                    assertThat(r.alarm().kind()).isEqualTo(AlarmKind.Corruption);
                    assertThat(r.alarm().details()).isEqualTo("byte 17 of request 3 differs");
                }));
        assertThat(alarms.get(1).others()).noneMatch(r -> r.raisedBy().equals("agent-1"));

        assertThat(alarms.get(0).acknowledge("agent-1", raised.id(), "alice")).startsWith("asked agent-1");
        await().atMost(FD).untilAsserted(() -> {
            assertThat(books.get(1).active(AlarmKind.Corruption, "127.0.0.1:7473")).isEmpty(); // cleared where it lives
            assertThat(alarms.get(0).others()).noneMatch(r -> r.fleetId().equals(fleetId)); // and everywhere
        });
        assertThat(alarms.get(0).acknowledge("agent-1", "999", "alice")).startsWith("no active alarm has id agent-1/999");
    }

    private static Optional<Alarm> lost(AlarmBook book, String name) {
        return book.active(AlarmKind.AgentLost, name);
    }
}

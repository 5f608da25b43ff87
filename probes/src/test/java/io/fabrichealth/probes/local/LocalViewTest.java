package io.fabrichealth.probes.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.alarms.Alarm;
import io.fabrichealth.alarms.AlarmBook;
import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.AlarmsConfig;
import io.fabrichealth.config.LocalConfig;
import io.fabrichealth.config.SmpConfig;
import io.fabrichealth.probes.smp.health.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local view over a sysfs tree built the kernel's way: every device and port, bytes from octets/4, verdicts
 * from counter growth, congestion never an error, and bad input (missing, unreadable, vanished) reported on the
 * port while the rest keeps working. The real kernel's tree is GuestLocalViewTest's.
 */
class LocalViewTest {
    @TempDir
    Path dir;
    SysfsTree tree;
    AlarmBook book;
    LocalView view;

    @BeforeEach
    void setUp() {
        tree = new SysfsTree(dir);
        book = AlarmBook.inMemory(AlarmsConfig.DEFAULTS, Clock.systemUTC());
        view = new LocalView(new LocalSysfs(dir), new LocalJudge(LocalConfig.DEFAULTS.effectiveThresholds(),
                SmpConfig.DEFAULTS.effectiveThresholds()), book.sink());
    }

    @Test
    void everyDeviceAndPortIsReadWithFirmwareBoardAndDataCountersInBytes() {
        tree.mlx5("mlx5_0").rxe("rxe0", 2);
        List<LocalPortView> ports = view.read();
        assertThat(ports).extracting(LocalPortView::name).containsExactly("mlx5_0/1", "rxe0/1", "rxe0/2");
        LocalPortView mlx = ports.get(0);
        assertThat(mlx.device().fwVer()).isEqualTo("28.39.1002");
        assertThat(mlx.device().boardId()).isEqualTo("MT_0000000838");
        assertThat(mlx.device().hcaType()).isEqualTo("MT4129");
        assertThat(mlx.reading().netdev()).isEqualTo("ens1f0np0");
        assertThat(mlx.reading().counters()).containsEntry("port_xmit_data_bytes", 4000L)
                .containsEntry("port_rcv_data_bytes", 8000L).doesNotContainKeys("port_xmit_data", "port_rcv_data");
        assertThat(mlx.reading().hwCounters()).containsKeys("out_of_sequence", "np_cnp_sent")
                .doesNotContainKey("lifespan");
        LocalPortView rxe = ports.get(1);
        assertThat(rxe.reading().ethernet()).isTrue();
        assertThat(rxe.device().boardId()).as("rxe has no board_id: empty, and no problem").isEmpty();
        assertThat(rxe.reading().problems()).isEmpty();
        assertThat(rxe.reading().counters()).isEmpty();
        assertThat(ports).allSatisfy(p -> assertThat(p.findings().verdict()).isEqualTo(Verdict.OK));
        assertThat(view.anyEthernet()).isTrue();
    }

    @Test
    void transportErrorsPastTheirThresholdTurnThePortWarnAndRaiseErrorThresholdNamingIt() {
        tree.rxe("rxe0", 1);
        view.read();
        for (int read = 1; read <= 2; read++) { // ErrorThreshold's hysteresis: 2 bad reads in a row
            tree.counter("rxe0", 1, "hw_counters/rcvd_seq_err", 32L * read)
                    .counter("rxe0", 1, "hw_counters/completer_retry_err", 3L * read);
            view.read();
        }
        LocalFindings f = view.ports().get(0).findings();
        assertThat(f.verdict()).isEqualTo(Verdict.WARN);
        assertThat(f.moved()).containsExactly("completer_retry_err +3", "rcvd_seq_err +32");
        assertThat(f.breaches()).containsExactly("rcvd_seq_err +32 >= 10");
        assertThat(f.deltas()).containsEntry("hw.rcvd_seq_err", 32L).containsEntry("hw.sent_pkts", 0L);
        Alarm alarm = book.active(AlarmKind.ErrorThreshold, "local rxe0/1").orElseThrow();
        assertThat(alarm.details()).contains("local port rxe0/1 (Ethernet)", "rcvd_seq_err +32 >= 10",
                "completer_retry_err +3");
    }

    @Test
    void congestionIsShownButNeverAnError() {
        tree.mlx5("mlx5_0");
        view.read();
        tree.counter("mlx5_0", 1, "hw_counters/np_cnp_sent", 50_000).counter("mlx5_0", 1, "hw_counters/rp_cnp_handled",
                40_000).counter("mlx5_0", 1, "counters/port_xmit_wait", 1_000_000);
        view.read();
        LocalFindings f = view.ports().get(0).findings();
        assertThat(f.verdict()).isEqualTo(Verdict.OK);
        assertThat(f.congestion()).containsExactlyInAnyOrder("np_cnp_sent +50000", "rp_cnp_handled +40000",
                "port_xmit_wait +1000000");
        assertThat(f.moved()).isEmpty();
        assertThat(f.reasons()).anySatisfy(r -> assertThat(r).startsWith("Congestion (not an error)"));
    }

    @Test
    void iBCountersAreJudgedBySmpThresholdsUnderTheirIbaNames() {
        tree.mlx5("mlx5_0");
        view.read();
        tree.counter("mlx5_0", 1, "counters/symbol_error", 11);
        view.read();
        assertThat(view.ports().get(0).findings().breaches()).containsExactly("symbol_error +11 >= 10");
    }

    @Test
    void aPortThatWasActiveAndGoesDownIsCritAndRaisesPortDown() {
        tree.rxe("rxe0", 1);
        view.read();
        tree.write("rxe0/ports/1/state", "1: DOWN").write("rxe0/ports/1/phys_state", "3: Disabled");
        view.read();
        assertThat(view.ports().get(0).findings().verdict()).isEqualTo(Verdict.CRIT);
        assertThat(book.active(AlarmKind.PortDown, "local rxe0/1")).isPresent();
    }

    @Test
    void aMissingOrUnreadableFileIsNamedOnItsPortAndTheRestIsStillRead() throws Exception {
        tree.mlx5("mlx5_0").rxe("rxe0", 1).delete("rxe0/ports/1/rate");
        // A directory where a counter file should be: reading it fails the way an unreadable sysfs file does.
        Files.delete(dir.resolve("mlx5_0/ports/1/state"));
        Files.createDirectories(dir.resolve("mlx5_0/ports/1/state"));
        List<LocalPortView> ports = view.read();
        LocalPortView mlx = ports.get(0);
        assertThat(mlx.reading().problems()).singleElement().asString()
                .contains("mlx5_0/ports/1/state could not be read", "check the driver and firmware in dmesg");
        assertThat(mlx.reading().hwCounters()).containsKey("out_of_sequence");
        assertThat(mlx.findings().verdict()).isEqualTo(Verdict.WARN);
        LocalPortView rxe = ports.get(1);
        assertThat(rxe.reading().problems()).singleElement().asString()
                .contains("rxe0/ports/1/rate is missing", "rdma link");
        assertThat(rxe.reading().state()).isEqualTo("4: ACTIVE");
    }

    @Test
    void aCounterThatIsNotANumberIsReportedNotGuessed() {
        tree.rxe("rxe0", 1).write("rxe0/ports/1/hw_counters/rcvd_seq_err", "N/A");
        LocalPortView rxe = view.read().get(0);
        assertThat(rxe.reading().problems()).singleElement().asString().contains("holds 'N/A', not a count");
        assertThat(rxe.reading().hwCounters()).containsKeys("completer_retry_err").doesNotContainKey("rcvd_seq_err");
    }

    @Test
    void aDeviceThatDisappearsKeepsItsPortShownGoneAndCritWhileTheOthersKeepWorking() {
        tree.mlx5("mlx5_0").rxe("rxe0", 1);
        view.read();
        tree.delete("rxe0");
        tree.counter("mlx5_0", 1, "hw_counters/out_of_sequence", 5);
        List<LocalPortView> ports = view.read();
        assertThat(ports).extracting(LocalPortView::name).containsExactly("mlx5_0/1", "rxe0/1");
        LocalPortView gone = ports.get(1);
        assertThat(gone.gone()).isTrue();
        assertThat(gone.findings().verdict()).isEqualTo(Verdict.CRIT);
        assertThat(gone.findings().reasons().get(0)).contains("rxe0 port 1 is no longer in", "rdma link");
        assertThat(book.active(AlarmKind.PortDown, "local rxe0/1")).isPresent();
        assertThat(ports.get(0).findings().moved()).containsExactly("out_of_sequence +5");
    }

    @Test
    void noRdmaDriverMeansNoPortsAndNoError() {
        LocalView none = new LocalView(new LocalSysfs(dir.resolve("absent")), view.judge(), book.sink());
        assertThat(none.read()).isEmpty();
        assertThat(none.sysfs().present()).isFalse();
    }
}

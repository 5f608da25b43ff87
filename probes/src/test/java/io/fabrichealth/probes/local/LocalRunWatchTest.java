package io.fabrichealth.probes.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.LocalConfig;
import io.fabrichealth.config.SmpConfig;
import io.fabrichealth.probes.smp.health.Verdict;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which local port a probe ran on (the one whose GID table holds its address, here loopback's, which this host
 * really has) and what moved on it during the run. The guest test does the same on rxe between two kernels.
 */
class LocalRunWatchTest {
    @TempDir
    Path dir;
    SysfsTree tree;
    LocalRunWatch watch;

    @BeforeEach
    void setUp() {
        tree = new SysfsTree(dir).rxe("rxe0", 1).rxe("rxe1", 1)
                .write("rxe0/ports/1/gids/0", "fe80:0000:0000:0000:5054:00ff:fe00:0001")
                .write("rxe0/ports/1/gids/1", LocalRunWatch.mappedGid(new byte[] {127, 0, 0, 1}))
                .write("rxe1/ports/1/gids/0", LocalRunWatch.mappedGid(new byte[] {10, 0, 0, 9}));
        watch = new LocalRunWatch(new LocalSysfs(dir), new LocalJudge(LocalConfig.DEFAULTS.effectiveThresholds(),
                SmpConfig.DEFAULTS.effectiveThresholds()));
    }

    @Test
    void theRunsPortIsTheOneWhoseGidHoldsItsAddressAndItsMovedCountersAreNamed() {
        LocalRunWatch.Bracket before = watch.before("127.0.0.1");
        assertThat(before.names()).containsExactly("rxe0/1");
        tree.counter("rxe0", 1, "hw_counters/rcvd_seq_err", 32).counter("rxe0", 1, "hw_counters/completer_retry_err", 4)
                .counter("rxe1", 1, "hw_counters/rcvd_seq_err", 1000);
        LocalRunWatch.Evidence e = watch.after(before);
        assertThat(e.worst()).isEqualTo(Verdict.WARN);
        assertThat(e.breached()).isTrue();
        assertThat(e.moved()).isTrue();
        assertThat(e.text()).isEqualTo("local port rxe0/1 (Ethernet) WARN during the run: completer_retry_err +4,"
                + " rcvd_seq_err +32 moved (over threshold: rcvd_seq_err +32 >= 10)");
    }

    @Test
    void aQuietPortSaysNothingAndAnAddressOnNoPortFindsNone() {
        LocalRunWatch.Bracket before = watch.before("127.0.0.1");
        assertThat(watch.after(before)).isEqualTo(new LocalRunWatch.Evidence("", Verdict.OK, false, false));
        assertThat(watch.before("192.0.2.1").names()).isEmpty();
        assertThat(watch.after(watch.before("192.0.2.1"))).isEqualTo(LocalRunWatch.Evidence.NONE);
    }
}

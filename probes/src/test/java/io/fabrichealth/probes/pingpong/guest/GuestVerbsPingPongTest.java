package io.fabrichealth.probes.pingpong.guest;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.jni.verbs.Completions;
import io.fabrichealth.jni.verbs.VerbsDevice;
import io.fabrichealth.probes.pingpong.PingPongDrill;
import io.fabrichealth.testbed.guest.Guest;
import io.fabrichealth.testbed.guest.GuestImage;
import io.fabrichealth.testbed.guest.GuestResult;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * krping's loop over Soft-RoCE in the guest: source and sink compared after an RDMA READ and an RDMA WRITE, in
 * each memory mode (registered once, re-registered every iteration, a type-2 memory window invalidated by the
 * client or by the server), the stale-rkey checks against the real kernel, then the fire drill caught at its
 * exact offset. One boot for all of it.
 */
class GuestVerbsPingPongTest {
    private static GuestImage image;

    @BeforeAll
    static void prepare() {
        image = Guest.prepare(Guest.defaultCacheDir());
    }

    @Test
    void verbsPingPongOverRxeValidatesEveryByteInEveryMemoryModeAndStaleRkeysFail() {
        GuestResult r = boot(image);

        assertThat(r.exitStatus()).as("%s", r).isZero();
        for (String run : new String[] {"clean", "clean-reregistered", "clean-window", "clean-window-inv"}) {
            assertThat(r.output()).containsPattern("RESULT " + run + " outcome=ok inUse=RC, memory \\S+.*"
                    + " sent=(\\d+) acked=\\1 lost=0 late=0 congestion=0 malformed=0 corruptions=0");
            Matcher m = Pattern.compile("COUNTERS " + run + " \\{(.*)}").matcher(r.output());
            assertThat(m.find()).as("counters of %s", run).isTrue();
            String counters = m.group(1);
            long iterations = number(r.output(), "RESULT " + run + " .* acked=(\\d+)");
            assertThat(counters).contains("client.send_msgs=" + 2 * iterations, "client.recv_msgs=" + 2 * iterations,
                    "server.rdma_read_msgs=" + iterations, "server.rdma_write_msgs=" + iterations,
                    "server.rdma_read_bytes=" + iterations * GuestPingPongMain.REQUEST);
        }
        assertThat(r.output()).contains("inUse=RC, memory registered once", "inUse=RC, memory re-registered every");
        assertThat(number(r.output(), "COUNTERS clean-reregistered .*client.registrations=(\\d+)"))
                .isEqualTo(2 * number(r.output(), "RESULT clean-reregistered .* acked=(\\d+)"));
        memoryWindowsBindAndInvalidateEveryAnnouncement(r.output());
        staleRkeysFailAgainstTheRealKernel(r.output());
        assertThat(r.output()).containsPattern("RESULT drill outcome=fail .* corruptions=3");
        assertThat(r.output()).as("connections, memory and listeners closed after the runs").contains("FDS leaked=0");
        int offset = PingPongDrill.offset(GuestPingPongMain.REQUEST);
        assertThat(r.output().lines().filter(l -> l.startsWith("ALARM Corruption"))).hasSize(3).allSatisfy(l ->
                assertThat(l).contains("transport verbs", "RDMA round trip", "first bad byte at payload offset "
                        + offset + ", 1 bad byte(s)"));
    }

    /** One guest: every run and check of this test (GuestVerbsMemoryReport prints what it measured). */
    static GuestResult boot(GuestImage image) {
        return Guest.run(image, GuestJava.spec("""
                . /fh-guest/prelude.sh
                fh_rxe_setup || exit 10
                timeout 160 %1$s both verbs $FH_RXE_A $FH_RXE_B 7472 || exit 11
                """).withTimeout(Duration.ofSeconds(180)));
    }

    /** Two announcements per iteration, each with a bind of its own and an invalidation the client saw happen. */
    private static void memoryWindowsBindAndInvalidateEveryAnnouncement(String out) {
        Matcher device = Pattern.compile("DEVICE rxe0 max_mw=(\\d+) device_cap_flags=0x(\\p{XDigit}+)").matcher(out);
        assertThat(device.find()).as("the device line in %s", out).isTrue();
        VerbsDevice rxe = new VerbsDevice("rxe0", Integer.parseInt(device.group(1)),
                Integer.parseUnsignedInt(device.group(2), 16));
        assertThat(rxe.maxMemoryWindows()).as("rxe has memory windows since 5.14").isPositive();
        assertThat(rxe.has(VerbsDevice.MEM_WINDOW_TYPE_2B)).as("type 2B windows: %s", device.group()).isTrue();
        assertThat(out).contains("inUse=RC, memory window (type 2), invalidated by the client (LOCAL_INV)",
                "inUse=RC, memory window (type 2), invalidated by the server (server_inv)");
        for (String run : new String[] {"clean-window", "clean-window-inv"}) {
            long iterations = number(out, "RESULT " + run + " .* acked=(\\d+)");
            assertThat(iterations).as(run).isPositive();
            String counters = text(out, "COUNTERS " + run + " \\{(.*)}");
            assertThat(counters).as(run).contains("client.binds=" + 2 * iterations,
                    "client.invalidations=" + 2 * iterations, "client.send_msgs=" + 2 * iterations,
                    "server.send_msgs=" + 2 * iterations, "client.registrations=2");
            assertThat(counters.contains("server.invalidations=" + 2 * iterations)).as("%s: %s", run, counters)
                    .isEqualTo(run.endsWith("-inv"));
        }
    }

    /**
     * Each check comes after a different iteration on a connection of its own: the previous iteration's rkey fails
     * with IBV_WC_REM_ACCESS_ERR in both window modes after every validated iteration before it, while with memory
     * registered once the same access succeeds (the check can tell the difference).
     */
    private static void staleRkeysFailAgainstTheRealKernel(String out) {
        for (String mode : new String[] {"window", "window-inv"}) {
            for (int k = 1; k <= GuestPingPongMain.STALE_CHECKS; k++) {
                Matcher m = Pattern.compile("STALE " + mode + " k=" + k + " op=(\\w+) status=(-?\\d+) stale=0x(\\p{XDigit}+) "
                        + "current=0x(\\p{XDigit}+) completed=(\\d+) verified=(\\d+) corruptions=(\\d+)").matcher(out);
                assertThat(m.find()).as("stale check %s %d in %s", mode, k, out).isTrue();
                assertThat(Integer.parseInt(m.group(2))).as("%s: IBV_WC_REM_ACCESS_ERR", m.group())
                        .isEqualTo(Completions.REMOTE_ACCESS_ERROR);
                long stale = Long.parseLong(m.group(3), 16);
                long current = Long.parseLong(m.group(4), 16);
                assertThat(stale).as("%s: a new rkey each bind", m.group()).isNotEqualTo(current);
                assertThat(stale >>> 8).as("%s: the same window, only its key byte moved", m.group())
                        .isEqualTo(current >>> 8);
                assertThat(Long.parseLong(m.group(5))).as("%s: iterations validated before the check", m.group())
                        .isEqualTo(k);
                assertThat(Long.parseLong(m.group(6))).isEqualTo((long) k * GuestPingPongMain.REQUEST);
                assertThat(m.group(7)).isEqualTo("0");
            }
        }
        for (int k = 1; k <= 2; k++) {
            assertThat(out).as("memory registered once: the old rkey is the current one, and works")
                    .containsPattern("STALE once k=" + k + " op=\\w+ status=0 stale=0x(\\p{XDigit}+) current=0x\\1 ");
        }
    }

    private static String text(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as("no %s in the output", regex).isTrue();
        return m.group(1);
    }

    private static long number(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as("no %s in the output", regex).isTrue();
        return Long.parseLong(m.group(1));
    }
}

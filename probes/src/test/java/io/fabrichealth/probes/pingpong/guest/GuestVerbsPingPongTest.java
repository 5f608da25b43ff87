package io.fabrichealth.probes.pingpong.guest;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.probes.pingpong.PingPongDrill;
import io.fabrichealth.testbed.guest.Guest;
import io.fabrichealth.testbed.guest.GuestImage;
import io.fabrichealth.testbed.guest.GuestResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * krping's loop over Soft-RoCE in the guest: source and sink compared after an RDMA READ and an RDMA WRITE, with
 * memory registered once and re-registered every iteration, then the fire drill caught at its exact offset.
 */
class GuestVerbsPingPongTest {
    private static GuestImage image;

    @BeforeAll
    static void prepare() {
        image = Guest.prepare(Guest.defaultCacheDir());
    }

    @Test
    void verbsPingPongOverRxeValidatesEveryByteInBothMemoryModes() {
        GuestResult r = Guest.run(image, GuestJava.spec("""
                . /fh-guest/prelude.sh
                fh_rxe_setup || exit 10
                timeout 100 %1$s both verbs $FH_RXE_A $FH_RXE_B 7472 || exit 11
                """));

        assertThat(r.exitStatus()).as("%s", r).isZero();
        for (String run : new String[] {"clean", "clean-reregistered"}) {
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
        assertThat(r.output()).containsPattern("RESULT drill outcome=fail .* corruptions=3");
        assertThat(r.output()).as("connections, memory and listeners closed after the runs").contains("FDS leaked=0");
        int offset = PingPongDrill.offset(GuestPingPongMain.REQUEST);
        assertThat(r.output().lines().filter(l -> l.startsWith("ALARM Corruption"))).hasSize(3).allSatisfy(l ->
                assertThat(l).contains("transport verbs", "RDMA round trip", "first bad byte at payload offset "
                        + offset + ", 1 bad byte(s)"));
    }

    private static long number(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as("no %s in the output", regex).isTrue();
        return Long.parseLong(m.group(1));
    }
}

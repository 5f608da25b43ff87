package io.fabrichealth.testbed.guest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Soft-RoCE in the guest, cross-checked with the stock rdma-core and perftest tools. */
class GuestRdmaTest {

    private static GuestImage image;

    @BeforeAll
    static void prepare() {
        image = Guest.prepare(Guest.defaultCacheDir());
    }

    @Test
    void theGuestLoadsRdsAndSoftRoceAndRxe0IsActive() {
        GuestResult r = Guest.run(image, GuestSpec.of("""
                . /fh-guest/prelude.sh
                fh_rxe_setup || exit 10
                cut -d' ' -f1 /proc/modules | sort
                ls /dev/infiniband
                ibv_devinfo -d rxe0
                """));

        assertThat(r.exitStatus()).as("%s", r).isZero();
        assertThat(r.output().lines()).contains("rds", "rds_tcp", "rds_rdma", "rdma_rxe", "ib_uverbs", "rdma_ucm");
        assertThat(r.output().lines()).contains("rdma_cm", "uverbs0");
        assertThat(r.output()).containsPattern("hca_id:\\s+rxe0").containsPattern("state:\\s+PORT_ACTIVE");
    }

    @Test
    void rpingWithDataValidationPassesOverRxe() {
        GuestResult r = Guest.run(image, GuestSpec.of("""
                . /fh-guest/prelude.sh
                fh_rxe_setup || exit 10
                timeout 60 rping -s -a $FH_RXE_A -C 10 > /tmp/server.log 2>&1 &
                server=$!
                start=$(date +%s%N)
                fh_retry 10 timeout 30 rping -c -a $FH_RXE_A -I $FH_RXE_B -v -V -C 10 || exit 11
                echo "client_ms=$((($(date +%s%N) - start) / 1000000))"
                wait $server || { cat /tmp/server.log; exit 12; }
                """));

        assertThat(r.exitStatus()).as("%s", r).isZero();
        assertThat(r.output()).containsPattern("ping data: rdma-ping-0: ").containsPattern("ping data: rdma-ping-9: ");
        match(r.output(), "client_ms=(\\d+)"); // the client ran to its end in the script
    }

    @Test
    void ibSendLatOverRxeReportsAMedianLatency() {
        GuestResult r = Guest.run(image, GuestSpec.of("""
                . /fh-guest/prelude.sh
                fh_rxe_setup || exit 10
                timeout 60 ib_send_lat -d rxe0 -x 1 > /tmp/server.log 2>&1 &
                server=$!
                fh_retry 10 timeout 30 ib_send_lat -d rxe0 -x 1 $FH_RXE_A || exit 11
                wait $server || { cat /tmp/server.log; exit 12; }
                """));

        assertThat(r.exitStatus()).as("%s", r).isZero();
        // Columns: #bytes #iterations t_min t_max t_typical(median) t_avg t_stdev p99 p99.9
        String row = match(r.output(), "(?m)^\\s*2\\s+1000\\s+(\\S+\\s+\\S+\\s+\\S+)");
        double median = Double.parseDouble(row.split("\\s+")[2]);
        assertThat(median).as("median in microseconds, %s", r).isBetween(1.0, 20_000.0);
    }

    private static String match(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as("no %s in:%n%s", regex, text).isTrue();
        return m.group(1);
    }
}

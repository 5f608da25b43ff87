package io.fabrichealth.bench.pingpong;

import io.fabrichealth.testbed.guest.Guest;
import io.fabrichealth.testbed.guest.GuestImage;
import io.fabrichealth.testbed.guest.GuestResult;
import io.fabrichealth.testbed.guest.GuestSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The guest half of the benchmark: over Soft-RoCE (rxe0 on dummy0), rping's validated loop timed over 500
 * iterations (the same READ/go/WRITE/go round as the verbs ping-pong), ib_send_lat's typical latency, and the
 * Java verbs and RDS (rds_rdma) ping-pongs at the same 4 KiB, depth 1, one task.
 */
final class GuestAnchors {
    private GuestAnchors() {
    }

    static void run() {
        GuestImage image = Guest.prepare(Guest.defaultCacheDir());
        String java = Path.of(System.getProperty("java.home"), "bin", "java") + " -XX:+UseSerialGC -Xmx96m -cp "
                + System.getProperty("java.class.path") + " " + GuestPingPong.class.getName();
        GuestResult r = Guest.run(image, GuestSpec.of("""
                . /fh-guest/prelude.sh
                fh_rxe_setup || exit 10
                timeout 60 rping -s -a $FH_RXE_A -C 500 -S 4096 >/dev/null 2>&1 &
                sleep 1
                t0=$(date +%%s%%N)
                fh_retry 10 timeout 60 rping -c -a $FH_RXE_A -I $FH_RXE_B -C 500 -S 4096 -V >/dev/null || exit 11
                t1=$(date +%%s%%N)
                echo "RPING us_per_iteration=$(( (t1 - t0) / 500000 ))"
                timeout 60 ib_send_lat -d rxe0 -x 1 -n 1000 >/tmp/lat_s.txt 2>&1 &
                sleep 1
                fh_retry 10 timeout 60 ib_send_lat -d rxe0 -x 1 -n 1000 $FH_RXE_A > /tmp/lat_c.txt 2>&1 || exit 12
                grep -A1 't_typical' /tmp/lat_c.txt | tail -1 | sed 's/^/IBSENDLAT /'
                timeout 100 %s $FH_RXE_A $FH_RXE_B || exit 13
                """.formatted(java)).withMemoryMiB(1024).withTimeout(Duration.ofSeconds(180)));
        if (r.exitStatus() != 0) {
            System.out.println("guest anchors failed: " + r);
            return;
        }
        System.out.println("guest (TCG, Soft-RoCE rxe0, 4 KiB):");
        System.out.println("  rping -C 500 -S 4096 -V: " + find(r.output(), "RPING us_per_iteration=(\\d+)")
                + " us per validated READ/WRITE round (wall time / iterations, process start included)");
        String lat = find(r.output(), "IBSENDLAT\\s+(.*)");
        String[] cols = lat.trim().split("\\s+");
        System.out.println("  ib_send_lat -x 1: t_typical " + (cols.length > 4 ? cols[4] : lat) + " us one-way ("
                + lat.trim() + ")");
        r.output().lines().filter(l -> l.startsWith("JAVA ")).forEach(l -> System.out.println("  " + l.substring(5)));
    }

    private static String find(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        return m.find() ? m.group(1) : "?";
    }
}

package io.fabrichealth.probes.bursts.guest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The stock C tools (perftest's ib_write_bw and ib_read_bw over rdma_cm) on the same wire as the bursts,
 * with the bursts' payload and window: the outside anchor for their throughput. Few iterations, since
 * reads between two TCG guests can drop to about 1 MB/s.
 */
final class PerftestAnchor {
    static final long SIZE = GuestBurstMain.SEGMENTS * GuestBurstMain.SEGMENT_SIZE.bytes();
    static final int ITERATIONS = 32;
    private static final String ARGS = "-R -d rxe0 -s " + SIZE + " -n " + ITERATIONS + " -t " + GuestBurstMain.WINDOW;

    private PerftestAnchor() {
    }

    /** Guest script lines: serve one write test, then one read test (exit 14 or 15 when one fails). */
    static String server() {
        return "timeout 30 ib_write_bw " + ARGS + " > /tmp/w.log 2>&1 || { cat /tmp/w.log; exit 14; }\n"
                + "timeout 30 ib_read_bw " + ARGS + " > /tmp/r.log 2>&1 || { cat /tmp/r.log; exit 15; }\n";
    }

    /** Guest script lines: the clients, retried while the server starts (its JVM exits first). */
    static String client(String serverAddress) {
        return "fh_retry 20 timeout 30 ib_write_bw " + ARGS + " " + serverAddress + " || exit 14\n"
                + "fh_retry 20 timeout 30 ib_read_bw " + ARGS + " " + serverAddress + " || exit 15\n";
    }

    /** BW average [MB/sec] of the test titled {@code title} ("RDMA_Write", "RDMA_Read") in a client's output. */
    static double averageMBps(String output, String title) {
        int at = output.indexOf(title + " BW Test");
        Matcher m = Pattern.compile("(?m)^\\s*" + SIZE + "\\s+" + ITERATIONS + "\\s+(\\S+)\\s+(\\S+)").matcher(output);
        assertThat(at >= 0 && m.find(at)).as("no %s result from perftest in:%n%s", title, output).isTrue();
        return Double.parseDouble(m.group(2));
    }
}

package io.fabrichealth.cli.pingpong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.jolokia.json.JSONArray;
import org.jolokia.json.JSONObject;
import org.junit.jupiter.api.Test;

/**
 * The pingpong command reads like rds-stress: the golden file is the real tool's output as the issue quotes it
 * (current oracle/rds-tools, run in the guest), with -1.00 in its cpu column, which rds-stress shows without -c.
 */
class PingPongReportTest {

    @Test
    void linesMatchRdsStressColumnForColumn() throws IOException {
        List<String> golden = golden();
        JSONObject run = run("fabric", "ok", List.of(line(2, 1752, 1592, 27356.35, 478.06, 67516.28)),
                line(2, 1570, 1637, 26468.32, 502.21, 64979.08));
        List<String> out = PingPongReport.render(run).lines().toList();
        assertThat(out.subList(0, golden.size())).containsExactlyElementsOf(golden);
        assertThat(out.get(golden.size())).isEqualTo("rtt us p50 64000.00 p99 71000.50");
        assertThat(out).hasSize(golden.size() + 1);
    }

    @Test
    void verbsAddsKrpingsStatisticsAndACorruptionShowsItsOffsetAndBytes() {
        JSONObject run = run("verbs", "fail", List.of(), line(1, 10, 10, 20.0, 5.0, 40.0));
        run.put("Counters", counters(Map.of("client.send_msgs", 20L, "server.rdma_read_bytes", 40960L)));
        run.put("Corruptions", new JSONArray(List.of("peer 127.0.0.1:7472, transport verbs, ...: first bad byte at "
                + "payload offset 525, 1 bad byte(s); expected 0d, actual f2")));
        run.put("Summary", "127.0.0.1:7472 over verbs: fail, 1 corrupted payload(s)");
        String text = PingPongReport.render(run);
        assertThat(text).contains("krping  send_bytes send_msgs recv_bytes recv_msgs rdma_write_bytes rdma_write_msgs "
                + "rdma_read_bytes rdma_read_msgs")
                .containsPattern("(?m)^client  +0 +20 ")
                .containsPattern("(?m)^server .* 40960 +0$")
                .contains("corruption: peer 127.0.0.1:7472").contains("payload offset 525").contains("actual f2")
                .endsWith("127.0.0.1:7472 over verbs: fail, 1 corrupted payload(s)\n");
    }

    @Test
    void optionsFollowRdsStress() {
        PingPongReport.Options o = PingPongReport.parse(List.of("10.0.0.2:7472", "-q", "4K", "-a", "68", "-d", "8",
                "-t", "2", "-T", "3", "-v", "--transport", "VERBS"));
        assertThat(o).isEqualTo(new PingPongReport.Options("10.0.0.2:7472", "verbs", 4096, 68, 8, 2, 3,
                "http://127.0.0.1:8778/jolokia"));
        assertThat(PingPongReport.size("-q", "1M")).isEqualTo(1 << 20);
        assertThatThrownBy(() -> PingPongReport.parse(List.of("h:1", "-D", "1M")))
                .hasMessageContaining("unknown option -D");
        assertThatThrownBy(() -> PingPongReport.parse(List.of("h:1", "-q", "lots")))
                .hasMessageContaining("-q lots").hasMessageContaining("K, M or G");
        assertThatThrownBy(() -> PingPongReport.parse(List.of("h:1", "-d", "0"))).hasMessageContaining("positive");
        assertThatThrownBy(() -> PingPongReport.parse(List.of("h:1", "--transport", "udp")))
                .hasMessageContaining("rds, verbs or fabric");
        assertThatThrownBy(() -> PingPongReport.parse(List.of("-q", "1K"))).hasMessageContaining("HOST:PORT");
        assertThatThrownBy(() -> PingPongReport.parse(List.of("h:1", "-T"))).hasMessageContaining("-T needs a value");
    }

    private static List<String> golden() throws IOException {
        try (InputStream in = PingPongReportTest.class.getResourceAsStream("rds-stress-layout.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    private static JSONObject run(String transport, String result, List<JSONObject> seconds, JSONObject average) {
        JSONObject run = new JSONObject();
        run.put("Transport", transport);
        run.put("Result", result);
        run.put("Seconds", new JSONArray(seconds));
        run.put("Average", average);
        run.put("RttP50Micros", 64000.0);
        run.put("RttP99Micros", 71000.5);
        run.put("Corruptions", new JSONArray());
        run.put("Counters", new JSONArray());
        run.put("Summary", "");
        return run;
    }

    private static JSONObject line(int tasks, double tx, double rx, double kib, double txUs, double rttUs) {
        JSONObject l = new JSONObject();
        l.put("Tasks", tasks);
        l.put("TxPerSecond", tx);
        l.put("RxPerSecond", rx);
        l.put("TxRxKiBPerSecond", kib);
        l.put("RdmaInKiBPerSecond", 0.0);
        l.put("RdmaOutKiBPerSecond", 0.0);
        l.put("TxMicrosPerCall", txUs);
        l.put("RttMicros", rttUs);
        return l;
    }

    private static JSONArray counters(Map<String, Long> values) {
        JSONArray a = new JSONArray();
        values.forEach((k, v) -> {
            JSONObject c = new JSONObject();
            c.put("Name", k);
            c.put("Value", v);
            a.add(c);
        });
        return a;
    }
}

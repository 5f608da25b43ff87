package io.fabrichealth.cli.mads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class MadsReportTest {

    @Test
    void targetsAndOptionsMayComeInAnyOrderAndDefaultToFiveSecondsOfNodeInfo() {
        assertThat(MadsReport.parse(List.of("leaf-a", "3")))
                .isEqualTo(new MadsReport.Request(List.of("leaf-a", "3"), 5, "NodeInfo", "http://127.0.0.1:8778/jolokia"));
        assertThat(MadsReport.parse(List.of("-t", "2", "0x0002c90000000001", "-a", "PortInfo", "--jolokia", "http://h:1/j")))
                .isEqualTo(new MadsReport.Request(List.of("0x0002c90000000001"), 2, "PortInfo", "http://h:1/j"));
    }

    @Test
    void badCommandLinesSayWhatIsMissing() {
        assertThatThrownBy(() -> MadsReport.parse(List.of("-t", "2"))).hasMessage("name at least one target");
        assertThatThrownBy(() -> MadsReport.parse(List.of("leaf-a", "-t", "five")))
                .hasMessageContaining("-t needs whole seconds per depth (1..60), got five");
        assertThatThrownBy(() -> MadsReport.parse(List.of("leaf-a", "-a"))).hasMessage("-a needs a value");
        assertThatThrownBy(() -> MadsReport.parse(List.of("leaf-a", "-n", "2"))).hasMessage("unknown option -n");
    }

    @Test
    void anAgentThatDoesNotAnswerIsExitThreeNamingTheUrl() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = MadsReport.run(List.of("leaf-a", "-t", "1", "--jolokia", "http://127.0.0.1:" + closed + "/jolokia"),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(status).isEqualTo(3);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("no agent answers at http://127.0.0.1:" + closed)
                .contains("./fabric-health run");
    }
}

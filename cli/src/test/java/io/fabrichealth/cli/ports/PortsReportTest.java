package io.fabrichealth.cli.ports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * The {@code ./fabric-health ports} summary from a Jolokia bulk answer in the shape Jolokia 2 gives for a pattern
 * read (ObjectName to attributes). The live read against the agent on Payara belongs in agent-war's launcher IT.
 */
class PortsReportTest {
    private static final String ANSWER = """
            [{"request":{"type":"read","mbean":"fabric.health:type=Port,*"},"status":200,"timestamp":1,
              "value":{
               "fabric.health:guid=0x0000000000200001,port=1,type=Port":{"NodeDescription":"leaf-b",
                 "NodeGuid":"0x0000000000200001","NodeType":"Switch","PortNumber":1,"PortState":"Down",
                 "PhysState":"Polling","LinkWidthActive":"4X","LinkSpeedActive":"","Health":"CRIT",
                 "HealthReasons":["PortDown: PortState Down, PhysState Polling (was Active)"],"RemoteGuid":"",
                 "RemotePort":-1,"Answering":true},
               "fabric.health:guid=0x0000000000200001,port=2,type=Port":{"NodeDescription":"leaf-b",
                 "NodeGuid":"0x0000000000200001","NodeType":"Switch","PortNumber":2,"PortState":"Active",
                 "PhysState":"LinkUp","LinkWidthActive":"1X","LinkSpeedActive":"10.0 Gbps","Health":"WARN",
                 "HealthReasons":["LinkDegraded: Could be 12X (rule: iblinkinfo \\"Could be\\": ...)"],
                 "RemoteGuid":"0x0000000000100006","RemotePort":1,"Answering":true},
               "fabric.health:guid=0x0000000000100000,port=1,type=Port":{"NodeDescription":"node01",
                 "NodeGuid":"0x0000000000100000","NodeType":"Channel Adapter","PortNumber":1,"PortState":"Active",
                 "PhysState":"LinkUp","LinkWidthActive":"12X","LinkSpeedActive":"10.0 Gbps","Health":"OK",
                 "HealthReasons":[],"RemoteGuid":"0x0000000000200000","RemotePort":1,"Answering":true}}},
             {"request":{"type":"read","mbean":"fabric.health:type=SmpProbe"},"status":200,"timestamp":1,
              "value":{"LastSweep":"2026-11-21T13:00:00Z","SweepDurationMillis":13,"NodesSeen":6,"SilentNodes":0,
                       "LastError":""}}]
            """;

    @Test
    void badPortsComeFirstCriticalBeforeWarningThenTheCounts() {
        PortsReport.Report report = PortsReport.parse(ANSWER);
        String text = report.render();
        assertThat(report.badPorts()).isEqualTo(2);
        assertThat(text.lines().toList()).containsSubsequence(
                "fabric-health ports: last sweep 2026-11-21T13:00:00Z (13 ms)",
                "CRIT \"leaf-b\"             0x0000000000200001 port 1   Down/Polling",
                "       PortDown: PortState Down, PhysState Polling (was Active)",
                "WARN \"leaf-b\"             0x0000000000200001 port 2   Active/LinkUp 1X 10.0 Gbps ==> "
                        + "0x0000000000100006 port 1",
                "       LinkDegraded: Could be 12X",
                "## Summary: 2 nodes checked, 1 bad nodes found",
                "##          3 ports checked, 2 ports not OK (1 CRIT, 1 WARN)");
        assertThat(text).doesNotContain("node01");
    }

    @Test
    void anAgentWithoutTheSmpProbeSaysSoInsteadOfFailing() {
        String answer = "[{\"status\":404,\"error\":\"No matching MBean\"},{\"status\":404,\"error\":\"x\"}]";
        PortsReport.Report report = PortsReport.parse(answer);
        assertThat(report.ports()).isEmpty();
        assertThat(report.render()).contains("no SmpProbe MBean: is the smp-sweep schedule configured?");
    }

    @Test
    void somethingThatIsNotJolokiasAnswerIsRefusedWithWhatCame() {
        assertThatThrownBy(() -> PortsReport.parse("<html>login</html>")).hasMessageContaining("bad JSON");
        assertThatThrownBy(() -> PortsReport.parse("{\"status\":200}")).hasMessageContaining("not a Jolokia bulk");
    }
}

package io.fabrichealth.probes.smp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabrichealth.probes.mad.NodeType;
import io.fabrichealth.probes.smp.SmpJson.SmpJsonException;
import io.fabrichealth.probes.smp.engine.RttSummary;
import io.fabrichealth.probes.smp.health.IbaCounter;
import io.fabrichealth.probes.smp.health.Verdict;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The fleet's SMP records survive JSON unchanged, and a record that does not parse says exactly why. */
class SmpJsonTest {
    private static final Instant AT = Instant.parse("2026-11-25T09:00:00.123456Z");
    // GUIDs and counters past 2^63 must keep every bit.
    private static final long HIGH_GUID = 0xf452140300a1b2c3L;

    static FabricNode switchNode() {
        return new FabricNode(HIGH_GUID, 3, NodeType.SWITCH, 36, "leaf \"a\" ünïcode", HIGH_GUID, false,
                List.of(new FabricNode.FabricLink(1, 0x0002c90300000001L, 1, 0x1f, 0x7, 0, false),
                        new FabricNode.FabricLink(7, 0x0002c90300000002L, 7, 0x3, 0x1, 0x3, true)), AT, "agent-0");
    }

    static NodeSnapshot node() {
        return new NodeSnapshot(HIGH_GUID, "Switch", "leaf-a", 8, 3, HIGH_GUID, 0x1234L, 0x2c9, 0xc738, "LID 3",
                false, true, AT, 2, new RttSummary(10, 5, 7, 9, 12), Verdict.WARN, Long.MAX_VALUE, "agent-1");
    }

    static PortSnapshot port() {
        Map<IbaCounter, Long> counters = new EnumMap<>(IbaCounter.class);
        counters.put(IbaCounter.SYMBOL_ERROR_COUNTER, 1234L);
        counters.put(IbaCounter.PORT_XMIT_DATA, -1L); // 2^64 - 1
        Map<IbaCounter, Long> deltas = new EnumMap<>(IbaCounter.class);
        deltas.put(IbaCounter.SYMBOL_ERROR_COUNTER, 0L);
        return new PortSnapshot(HIGH_GUID, 7, HIGH_GUID, "leaf-a", "Switch", 3, 4, 5, 2, 3, 3, 4, 7, 7, 0, 0, 0,
                "10.0 Gbps", true, "Could be 4X", Verdict.WARN, List.of("LinkDegraded: Could be 4X"), counters,
                deltas, List.of(), 1, "", 0x0002c90300000002L, 7, AT, null, true, "agent-1");
    }

    @Test
    void aNodeListRoundTrips() {
        FabricNode ca = new FabricNode(2, 0, NodeType.CA, 1, "", 3, true, List.of(), AT, "");
        List<FabricNode> nodes = List.of(switchNode(), ca);
        assertThat(SmpJson.decodeNodes(SmpJson.encodeNodes(nodes))).isEqualTo(nodes);
        assertThat(SmpJson.decodeNodes(SmpJson.encodeNodes(List.of()))).isEmpty();
    }

    @Test
    void whatWasSweptRoundTrips() {
        SmpJson.Swept back = SmpJson.decodeSwept(SmpJson.encodeSwept(List.of(node()), List.of(port())));
        assertThat(back.nodes()).containsExactly(node());
        assertThat(back.ports()).containsExactly(port());
        assertThat(back.ports().get(0).counters().get(IbaCounter.PORT_XMIT_DATA)).isEqualTo(-1L);
    }

    @Test
    void aMissingFieldIsNamed() {
        String text = SmpJson.encodeNodes(List.of(switchNode())).replace("\"numPorts\":36,", "");
        assertThatThrownBy(() -> SmpJson.decodeNodes(text)).isInstanceOf(SmpJsonException.class)
                .hasMessageContaining("nodes[0]").hasMessageContaining("missing field(s) [numPorts]");
    }

    @Test
    void anUnknownFieldIsRefusedNotIgnored() {
        String text = SmpJson.encodeSwept(List.of(node()), List.of()).replace("\"madsSent\":", "\"extra\":1,\"madsSent\":");
        assertThatThrownBy(() -> SmpJson.decodeSwept(text)).isInstanceOf(SmpJsonException.class)
                .hasMessageContaining("unknown field(s) [extra]");
    }

    @Test
    void anotherVersionOrFormatIsRefused() {
        String text = SmpJson.encodeNodes(List.of(switchNode())).replace("\"version\":1", "\"version\":2");
        assertThatThrownBy(() -> SmpJson.decodeNodes(text)).isInstanceOf(SmpJsonException.class)
                .hasMessageContaining("version 2 is not 1");
        String swept = SmpJson.encodeSwept(List.of(), List.of());
        assertThatThrownBy(() -> SmpJson.decodeNodes(swept)).isInstanceOf(SmpJsonException.class)
                .hasMessageContaining("format is fabric-health-swept, not fabric-health-nodes");
    }

    @Test
    void aWrongTypeIsNamedWithTheRecordAndField() {
        String lidAsString = SmpJson.encodeNodes(List.of(switchNode())).replace("\"lid\":3", "\"lid\":\"3\"");
        assertThatThrownBy(() -> SmpJson.decodeNodes(lidAsString)).isInstanceOf(SmpJsonException.class)
                .hasMessageContaining("nodes[0]: field lid is the string \"3\", not a whole number");
        String badCounter = SmpJson.encodeSwept(List.of(), List.of(port())).replace("\"1234\"", "1234");
        assertThatThrownBy(() -> SmpJson.decodeSwept(badCounter)).isInstanceOf(SmpJsonException.class)
                .hasMessageContaining("ports[0]: field counters.SYMBOL_ERROR_COUNTER is a Long, not an unsigned");
        String badGuid = SmpJson.encodeSwept(List.of(node()), List.of()).replace("\"guid\":\"0x", "\"guid\":\"x");
        assertThatThrownBy(() -> SmpJson.decodeSwept(badGuid)).isInstanceOf(SmpJsonException.class)
                .hasMessageContaining("field guid is \"xf452140300a1b2c3\", not a GUID");
        String badHealth = SmpJson.encodeSwept(List.of(node()), List.of()).replace("\"WARN\"", "\"BAD\"");
        assertThatThrownBy(() -> SmpJson.decodeSwept(badHealth)).isInstanceOf(SmpJsonException.class)
                .hasMessageContaining("field health is \"BAD\", not one of [OK, WARN, CRIT]");
        String fraction = SmpJson.encodeSwept(List.of(node()), List.of()).replace("\"vendorId\":713", "\"vendorId\":7.5");
        assertThatThrownBy(() -> SmpJson.decodeSwept(fraction)).isInstanceOf(SmpJsonException.class)
                .hasMessageContaining("field vendorId is a");
    }

    @Test
    void notJsonOrNotAnObjectIsRefused() {
        assertThatThrownBy(() -> SmpJson.decodeNodes("{\"format\":")).isInstanceOf(SmpJsonException.class)
                .hasMessageContaining("not JSON");
        assertThatThrownBy(() -> SmpJson.decodeSwept("[]")).isInstanceOf(SmpJsonException.class)
                .hasMessageContaining("not an object");
        assertThatThrownBy(() -> SmpJson.decodeNodes("{\"format\":\"fabric-health-nodes\",\"version\":1,"
                + "\"nodes\":[7]}")).isInstanceOf(SmpJsonException.class)
                .hasMessageContaining("nodes[0] is a Long, not an object");
    }
}

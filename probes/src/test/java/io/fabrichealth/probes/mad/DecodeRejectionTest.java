package io.fabrichealth.probes.mad;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** What a decoder says when it is handed the wrong bytes, and what it does not care about. */
class DecodeRejectionTest {

    private final byte[] portInfo = MadVector.load("portinfo-ca-edr").lastReceived();

    @Test
    void aMadCutShortIsReportedAsTruncated() {
        assertThatThrownBy(() -> PortInfo.decode(Arrays.copyOf(portInfo, 255), 0))
                .isInstanceOf(MadDecodeException.class).hasMessageContaining("truncated MAD");
        assertThatThrownBy(() -> PortInfo.decode(portInfo, 1)).hasMessageContaining("truncated MAD");
        assertThatThrownBy(() -> PortInfo.decode(portInfo, -1)).hasMessageContaining("truncated MAD");
        assertThatThrownBy(() -> PortInfo.decode(new byte[0], 0)).hasMessageContaining("truncated MAD");
        assertThatThrownBy(() -> PortInfo.decode(ByteBuffer.wrap(portInfo).limit(200), 0))
                .hasMessageContaining("ends at 200");
    }

    @Test
    void aBufferStillHoldingTheUmadHeaderIsRecognised() throws MadDecodeException {
        byte[] withUmadHeader = new byte[MadVector.UMAD_HEADER + Mad.SIZE];
        System.arraycopy(portInfo, 0, withUmadHeader, MadVector.UMAD_HEADER, Mad.SIZE);
        assertThatThrownBy(() -> PortInfo.decode(withUmadHeader, 0)).hasMessageContaining("ib_user_mad header");
        assertThat(PortInfo.decode(withUmadHeader, MadVector.UMAD_HEADER)).isEqualTo(PortInfo.decode(portInfo, 0));
    }

    @Test
    void aRequestHandedBackByUmadIsNotMistakenForAnAnswer() {
        byte[] request = MadVector.load("portinfo-ca-edr").sentMad(0);
        assertThatThrownBy(() -> PortInfo.decode(request, 0))
                .hasMessageContaining("expected GetResp (0x81) but the method is Get (0x01)")
                .hasMessageContaining("umad status");
        byte[] set = portInfo.clone();
        set[3] = 0x02;
        assertThatThrownBy(() -> MadResponse.decode(set, 0)).hasMessageContaining("method is Set (0x02)");
    }

    @Test
    void theWrongAttributeOrClassIsNamed() {
        byte[] nodeInfo = MadVector.load("nodeinfo-ca-lid").lastReceived();
        assertThatThrownBy(() -> PortInfo.decode(nodeInfo, 0))
                .hasMessageContaining("expected PortInfo (attribute 0x0015) but the MAD carries attribute 0x0011");
        byte[] counters = MadVector.load("perf-counters").lastReceived();
        assertThatThrownBy(() -> SwitchInfo.decode(counters, 0))
                .hasMessageContaining("SwitchInfo is an SMP attribute but MgmtClass is 0x04");
        assertThatThrownBy(() -> PortCounters.decode(portInfo, 0))
                .hasMessageContaining("PortCounters is a PerfMgt attribute but MgmtClass is 0x01");
        byte[] version2 = counters.clone();
        version2[2] = 2;
        assertThatThrownBy(() -> PortCounters.decode(version2, 0)).hasMessageContaining("ClassVersion 2");
        byte[] vendor = portInfo.clone();
        vendor[17] = 0x42;
        assertThatThrownBy(() -> MadResponse.decode(vendor, 0)).hasMessageContaining("no decoder for class 0x01 attribute 0x0042");
    }

    @Test
    void aNonZeroStatusIsATypedErrorWithTheHeaderKept() {
        byte[] busy = MadVector.load("nodeinfo-switch-dr").lastReceived().clone();
        busy[5] = 0x01; // keeps the D bit in byte 4
        assertThatThrownBy(() -> NodeInfo.decode(busy, 0)).isInstanceOfSatisfying(MadStatusException.class, e -> {
            assertThat(e.status()).isEqualTo(0x0001);
            assertThat(e.isBusy()).isTrue();
            assertThat(e.isRedirect()).isFalse();
            assertThat(e.header().attributeId()).isEqualTo(NodeInfo.ATTRIBUTE_ID);
            assertThat(e.getMessage()).contains("busy, retry later");
        });
        assertThat(MadStatusException.reason(0x0002)).contains("redirect");
        assertThat(MadStatusException.reason(0x0008)).contains("method not supported");
        assertThat(MadStatusException.reason(0x0100)).contains("class-specific status 0x1");
        assertThat(MadStatusException.reason(0)).isEqualTo("no error");
    }

    @Test
    void byteOrderKindOfBufferAndOffsetDoNotChangeTheResult() throws MadDecodeException {
        PortInfo expected = PortInfo.decode(portInfo, 0);
        ByteBuffer direct = ByteBuffer.allocateDirect(Mad.SIZE + 10).order(ByteOrder.LITTLE_ENDIAN);
        direct.position(10);
        direct.put(portInfo).position(3).limit(Mad.SIZE + 10);
        assertThat(PortInfo.decode(direct, 10)).isEqualTo(expected);
        assertThat(direct.position()).as("position untouched").isEqualTo(3);
        assertThat(direct.order()).isEqualTo(ByteOrder.LITTLE_ENDIAN);
        assertThat(PortInfo.decode(ByteBuffer.wrap(portInfo).order(ByteOrder.LITTLE_ENDIAN), 0)).isEqualTo(expected);
    }

    @Test
    void aNodeDescriptionWithoutNulOrWithBadUtf8StillDecodes() throws MadDecodeException {
        byte[] mad = FieldLayoutTest.response(Mad.CLASS_SUBN_LID_ROUTED, NodeDescription.ATTRIBUTE_ID);
        Arrays.fill(mad, Mad.DATA_OFFSET, Mad.DATA_OFFSET + 64, (byte) 'x');
        assertThat(NodeDescription.decode(mad, 0).text()).hasSize(64);
        mad[Mad.DATA_OFFSET] = (byte) 0xC3; // a UTF-8 lead byte followed by 'x'
        mad[Mad.DATA_OFFSET + 5] = 0;
        assertThat(NodeDescription.decode(mad, 0).text()).isEqualTo("\uFFFDxxxx");
        byte[] utf8 = "Switch 1 — rack A".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        Arrays.fill(mad, Mad.DATA_OFFSET, Mad.DATA_OFFSET + 64, (byte) 0);
        System.arraycopy(utf8, 0, mad, Mad.DATA_OFFSET, utf8.length);
        assertThat(NodeDescription.decode(mad, 0).text()).isEqualTo("Switch 1 — rack A");
    }

    @Test
    void undefinedCodesAreNamedLikeInfinibandDiagsNamesThem() {
        assertThat(PortState.display(7)).isEqualTo("?(7)");
        assertThat(PortState.of(7)).isEqualTo(PortState.UNKNOWN);
        assertThat(PhysState.display(4)).isEqualTo("PortConfigurationTraining");
        assertThat(PhysState.display(6)).isEqualTo("LinkErrorRecovery");
        assertThat(PhysState.display(7)).isEqualTo("PhyTest");
        assertThat(PhysState.display(3)).isEqualTo("Disabled");
        assertThat(NodeType.display(3)).isEqualTo("Router");
        assertThat(NodeType.display(9)).isEqualTo("?(9)?");
        assertThat(NodeType.CA.shortName()).isEqualTo("CA");
        assertThat(LinkWidth.display(16)).isEqualTo("2X");
        assertThat(LinkWidth.display(3)).isEqualTo("undefined (3)");
        assertThat(LinkWidth.displayMask(0)).isEqualTo("undefined (0)");
        assertThat(LinkWidth.displayMask(0x21)).isEqualTo("1X or undefined (33)");
        assertThat(LinkWidth.displaySupportedMask(2)).isEqualTo("4X (IBA extension)");
        assertThat(LinkWidth.W12X.lanes()).isEqualTo(12);
        assertThat(LinkSpeed.displayActive(0)).isEqualTo("Extended speed");
        assertThat(LinkSpeed.displayMask(2)).isEqualTo("5.0 Gbps (IBA extension)");
        assertThat(LinkSpeed.displayMask(8)).isEqualTo("undefined (8)");
        assertThat(LinkSpeed.displayExtActive(8)).isEqualTo("106.25 Gbps");
        assertThat(LinkSpeed.displayExtMask(15)).isEqualTo("14.0625 Gbps or 25.78125 Gbps or 53.125 Gbps or 106.25 Gbps");
        assertThat(LinkSpeed.displayExtEnabledMask(30)).isEqualTo("Extended link speeds disabled");
        assertThat(LinkSpeed.active(4, 8, 0, true)).isEqualTo(LinkSpeed.NDR);
        assertThat(LinkSpeed.active(4, 8, 1, true)).isEqualTo(LinkSpeed.XDR);
        assertThat(LinkSpeed.active(4, 8, 1, false)).isEqualTo(LinkSpeed.QDR);
        assertThat(LinkSpeed.FDR10.display()).isEqualTo("10.0 Gbps (FDR10)");
        assertThat(Mtu.display(5)).isEqualTo("4096");
        assertThat(VirtualLanes.displayOperational(0)).isEqualTo("No change");
        assertThat(VirtualLanes.of(5).count()).isEqualTo(15);
        assertThat(MadMethods.describe(0x07)).isEqualTo("TrapRepress");
    }
}

package io.fabrichealth.probes.mad;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Decodes the bytes of a captured vector and compares every field with what smpquery or perfquery
 * printed for the same bytes. Shared by the offline test (stored vectors) and the live test (fresh ones).
 */
final class VectorChecks {

    private VectorChecks() {
    }

    static void check(MadVector v) throws MadDecodeException {
        everyResponseDecodesThroughTheDispatcher(v);
        if (v.exitStatus != 0) {
            statusError(v);
            return;
        }
        String tool = v.command.split(" ")[0];
        if (tool.equals("smpquery")) {
            switch (v.arguments().get(0)) {
                case "nodeinfo" -> compare(v, nodeInfo(NodeInfo.decode(v.lastReceived(), 0)));
                case "nodedesc" -> compare(v, Map.of("Node Description",
                        NodeDescription.decode(v.lastReceived(), 0).text()));
                case "switchinfo" -> compare(v, switchInfo(SwitchInfo.decode(v.lastReceived(), 0)));
                case "portinfo" -> portInfo(v);
                default -> throw new AssertionError("no check for " + v);
            }
            if (v.directedRoute()) {
                directedRouteHeader(v);
            }
        } else if (tool.equals("perfquery")) {
            ClassPortInfo cpi = ClassPortInfo.decode(v.received.get(0), 0);
            assertThat(cpi.capabilityMask()).as(v + ": CapMask in the title").isEqualTo(titleNumber(v, "CapMask"));
            if (v.command.contains(" -x ")) {
                assertThat(cpi.capabilityMask2()).as(v + ": CapMask2 in the title").isEqualTo(titleNumber(v, "CapMask2"));
                compare(v, extended(PortCountersExtended.decode(v.lastReceived(), 0)));
            } else {
                compare(v, counters(PortCounters.decode(v.lastReceived(), 0)));
            }
        } else {
            throw new AssertionError("no check for " + v);
        }
    }

    private static void compare(MadVector v, Map<String, String> decoded) {
        Map<String, String> printed = v.fields();
        printed.remove("Mkey"); // smpquery prints "<not displayed>" unless -K
        assertThat(decoded).as(v.toString()).containsExactlyInAnyOrderEntriesOf(printed);
    }

    private static void everyResponseDecodesThroughTheDispatcher(MadVector v) throws MadDecodeException {
        for (byte[] mad : v.received) {
            MadHeader h = MadHeader.decode(mad, 0);
            if (h.status() != 0) {
                assertThatThrownBy(() -> MadResponse.decode(mad, 0)).isInstanceOf(MadStatusException.class);
                continue;
            }
            MadResponse response = MadResponse.decode(mad, 0);
            assertThat(response.header()).isEqualTo(h);
            assertThat(response.attribute()).as(v.toString()).isEqualTo(specificDecoder(h, mad));
        }
    }

    private static MadAttribute specificDecoder(MadHeader h, byte[] mad) throws MadDecodeException {
        if (h.mgmtClass() == Mad.CLASS_PERF_MGMT) {
            return switch (h.attributeId()) {
                case ClassPortInfo.ATTRIBUTE_ID -> ClassPortInfo.decode(mad, 0);
                case PortCounters.ATTRIBUTE_ID -> PortCounters.decode(mad, 0);
                default -> PortCountersExtended.decode(mad, 0);
            };
        }
        return switch (h.attributeId()) {
            case NodeInfo.ATTRIBUTE_ID -> NodeInfo.decode(mad, 0);
            case NodeDescription.ATTRIBUTE_ID -> NodeDescription.decode(mad, 0);
            case SwitchInfo.ATTRIBUTE_ID -> SwitchInfo.decode(mad, 0);
            default -> PortInfo.decode(mad, 0);
        };
    }

    private static void statusError(MadVector v) throws MadDecodeException {
        Matcher m = Pattern.compile("error status (0x[0-9a-f]+)").matcher(String.join("\n", v.output));
        assertThat(m.find()).as(v + " prints the MAD status").isTrue();
        int printed = Integer.decode(m.group(1));
        MadHeader h = MadHeader.decode(v.lastReceived(), 0);
        assertThatThrownBy(() -> MadResponse.decode(v.lastReceived(), 0))
                .isInstanceOfSatisfying(MadStatusException.class, e -> {
                    assertThat(e.status()).isEqualTo(printed);
                    assertThat(e.header()).isEqualTo(h);
                    assertThat(e.invalidFieldCode()).isEqualTo(7);
                    assertThat(e.getMessage()).contains("0x001c", "invalid attribute or attribute modifier value");
                });
    }

    private static void directedRouteHeader(MadVector v) throws MadDecodeException {
        DrPath path = DrPath.parse(v.arguments().get(1));
        for (byte[] mad : v.received) {
            SmpHeader smp = SmpHeader.decode(mad, 0);
            assertThat(smp.directedRoute()).isTrue();
            assertThat(smp.returning()).as("D bit of a DR response").isTrue();
            assertThat(mad[4] & 0xFF).as("raw status byte carries the D bit").isEqualTo(0x80);
            assertThat(smp.common().status()).as("status without the D bit").isZero();
            assertThat(smp.hopCount()).isEqualTo(path.hopCount());
            assertThat(smp.initialPath()).isEqualTo(path);
            assertThat(smp.returnPath().hopCount()).isEqualTo(path.hopCount());
            assertThat(smp.drSlid()).isEqualTo(0xFFFF);
            assertThat(smp.drDlid()).isEqualTo(0xFFFF);
        }
    }

    private static int titleNumber(MadVector v, String key) {
        Matcher m = Pattern.compile(key + ": (0x[0-9a-fA-F]+)").matcher(v.output.get(0));
        assertThat(m.find()).as(v + ": title names " + key).isTrue();
        return Integer.decode(m.group(1));
    }

    static Map<String, String> nodeInfo(NodeInfo n) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("BaseVers", uint(n.baseVersion()));
        f.put("ClassVers", uint(n.classVersion()));
        f.put("NodeType", NodeType.display(n.nodeType()));
        f.put("NumPorts", uint(n.numPorts()));
        f.put("SystemGuid", String.format("0x%016x", n.systemImageGuid()));
        f.put("Guid", String.format("0x%016x", n.nodeGuid()));
        f.put("PortGuid", String.format("0x%016x", n.portGuid()));
        f.put("PartCap", uint(n.partitionCap()));
        f.put("DevId", String.format("0x%04x", n.deviceId()));
        f.put("Revision", String.format("0x%08x", n.revision()));
        f.put("LocalPort", uint(n.localPortNum()));
        f.put("VendorId", String.format("0x%06x", n.vendorId()));
        return f;
    }

    static Map<String, String> switchInfo(SwitchInfo s) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("LinearFdbCap", uint(s.linearFdbCap()));
        f.put("RandomFdbCap", uint(s.randomFdbCap()));
        f.put("McastFdbCap", uint(s.multicastFdbCap()));
        f.put("LinearFdbTop", uint(s.linearFdbTop()));
        f.put("DefPort", uint(s.defaultPort()));
        f.put("DefMcastPrimPort", uint(s.defaultMulticastPrimaryPort()));
        f.put("DefMcastNotPrimPort", uint(s.defaultMulticastNotPrimaryPort()));
        f.put("LifeTime", uint(s.lifeTimeValue()));
        f.put("StateChange", flag(s.portStateChange()));
        f.put("OptSLtoVLMapping", uint(s.optimizedSlToVlMappingProgramming()));
        f.put("LidsPerPort", uint(s.lidsPerPort()));
        f.put("PartEnforceCap", uint(s.partitionEnforcementCap()));
        f.put("InboundPartEnf", flag(s.inboundEnforcementCap()));
        f.put("OutboundPartEnf", flag(s.outboundEnforcementCap()));
        f.put("FilterRawInbound", flag(s.filterRawInboundCap()));
        f.put("FilterRawOutbound", flag(s.filterRawOutboundCap()));
        f.put("EnhancedPort0", flag(s.enhancedPort0()));
        f.put("MulticastFDBTop", String.format("0x%04x", s.multicastFdbTop()));
        return f;
    }

    private static void portInfo(MadVector v) throws MadDecodeException {
        PortInfo p = PortInfo.decode(v.lastReceived(), 0);
        compare(v, portInfo(p));
        assertThat(PortCapability.in(p.capabilityMask())).extracting(PortCapability::display)
                .as(v + ": CapMask names").containsExactlyElementsOf(v.flagsUnder("CapMask"));
        assertThat(PortCapability2.in(p.capabilityMask2())).extracting(PortCapability2::display)
                .as(v + ": CapabilityMask2 names").containsExactlyElementsOf(v.flagsUnder("CapabilityMask2"));
    }

    static Map<String, String> portInfo(PortInfo p) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("GidPrefix", String.format("0x%016x", p.gidPrefix()));
        f.put("Lid", uint(p.lid()));
        f.put("SMLid", uint(p.masterSmLid()));
        f.put("CapMask", "0x" + Integer.toHexString(p.capabilityMask()));
        f.put("DiagCode", String.format("0x%04x", p.diagCode()));
        f.put("MkeyLeasePeriod", uint(p.mKeyLeasePeriod()));
        f.put("LocalPort", uint(p.localPortNum()));
        f.put("LinkWidthEnabled", LinkWidth.displayMask(p.linkWidthEnabled()));
        f.put("LinkWidthSupported", LinkWidth.displaySupportedMask(p.linkWidthSupported()));
        f.put("LinkWidthActive", LinkWidth.display(p.linkWidthActive()));
        f.put("LinkSpeedSupported", LinkSpeed.displayMask(p.linkSpeedSupported()));
        f.put("LinkState", PortState.display(p.portState()));
        f.put("PhysLinkState", PhysState.display(p.physicalState()));
        f.put("LinkDownDefState", LinkDownDefaultState.display(p.linkDownDefaultState()));
        f.put("ProtectBits", uint(p.mKeyProtectBits()));
        f.put("LMC", uint(p.lmc()));
        f.put("LinkSpeedActive", LinkSpeed.displayActive(p.linkSpeedActive()));
        f.put("LinkSpeedEnabled", LinkSpeed.displayMask(p.linkSpeedEnabled()));
        f.put("NeighborMTU", Mtu.display(p.neighborMtu()));
        f.put("SMSL", uint(p.masterSmSl()));
        f.put("VLCap", VirtualLanes.displayCap(p.vlCap()));
        f.put("InitType", String.format("0x%02x", p.initType()));
        f.put("VLHighLimit", uint(p.vlHighLimit()));
        f.put("VLArbHighCap", uint(p.vlArbitrationHighCap()));
        f.put("VLArbLowCap", uint(p.vlArbitrationLowCap()));
        f.put("InitReply", String.format("0x%02x", p.initTypeReply()));
        f.put("MtuCap", Mtu.display(p.mtuCap()));
        f.put("VLStallCount", uint(p.vlStallCount()));
        f.put("HoqLife", uint(p.hoqLife()));
        f.put("OperVLs", VirtualLanes.displayOperational(p.operationalVls()));
        f.put("PartEnforceInb", flag(p.partitionEnforcementInbound()));
        f.put("PartEnforceOutb", flag(p.partitionEnforcementOutbound()));
        f.put("FilterRawInb", flag(p.filterRawInbound()));
        f.put("FilterRawOutb", flag(p.filterRawOutbound()));
        f.put("MkeyViolations", uint(p.mKeyViolations()));
        f.put("PkeyViolations", uint(p.pKeyViolations()));
        f.put("QkeyViolations", uint(p.qKeyViolations()));
        f.put("GuidCap", uint(p.guidCap()));
        f.put("ClientReregister", flag(p.clientReregister()));
        f.put("McastPkeyTrapSuppressionEnabled", uint(p.multicastPKeyTrapSuppressionEnabled()));
        f.put("SubnetTimeout", uint(p.subnetTimeout()));
        f.put("RespTimeVal", uint(p.respTimeValue()));
        f.put("LocalPhysErr", uint(p.localPhyErrorsThreshold()));
        f.put("OverrunErr", uint(p.overrunErrorsThreshold()));
        f.put("MaxCreditHint", uint(p.maxCreditHint()));
        f.put("RoundTrip", uint(p.linkRoundTripLatency()));
        f.put("CapabilityMask2", "0x" + Integer.toHexString(p.capabilityMask2()));
        f.put("LinkSpeedExtActive", LinkSpeed.displayExtActive(p.linkSpeedExtActive()));
        f.put("LinkSpeedExtSupported", LinkSpeed.displayExtMask(p.linkSpeedExtSupported()));
        f.put("LinkSpeedExtEnabled", LinkSpeed.displayExtEnabledMask(p.linkSpeedExtEnabled()));
        return f;
    }

    static Map<String, String> counters(PortCounters c) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("PortSelect", uint(c.portSelect()));
        f.put("CounterSelect", String.format("0x%04x", c.counterSelect()));
        f.put("CounterSelect2", String.format("0x%02x", c.counterSelect2()));
        for (PortCounter counter : PortCounter.values()) {
            f.put(counter.displayName(), Long.toString(c.get(counter)));
        }
        // libibmad 44 reads QP1Dropped at the wrong place (its table entry lacks BITSOFFS, so it lands on
        // bytes 22-23): perfquery prints the VL15Dropped value under that name. We read IBA's bytes 20-21.
        f.put("QP1Dropped", Long.toString(c.vl15Dropped()));
        return f;
    }

    static Map<String, String> extended(PortCountersExtended c) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("PortSelect", uint(c.portSelect()));
        f.put("CounterSelect", String.format("0x%04x", c.counterSelect()));
        for (PortCounterExtended counter : PortCounterExtended.values()) {
            if (counter.ordinal() <= PortCounterExtended.PORT_MULTICAST_RCV_PKTS.ordinal()) {
                f.put(counter.displayName(), Long.toUnsignedString(c.get(counter)));
            }
        }
        // ibsim's ClassPortInfo has CapabilityMask2 0, so perfquery prints none of the 64-bit error counters.
        return f;
    }

    private static String uint(long value) {
        return Long.toString(value);
    }

    private static String flag(boolean value) {
        return value ? "1" : "0";
    }
}

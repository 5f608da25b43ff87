package io.fabrichealth.probes.mad;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every record field sits exactly where the IBA attribute tables put it, and nowhere else. The tables
 * below are written in IBA bit offsets from the start of the attribute data (bit 0 = most significant
 * bit of byte 0), as in the spec and libibmad's fields.c, independently of how the decoders address
 * bytes. Setting one field's bits to all ones must light up that field and leave every other field 0,
 * which catches a wrong offset, a wrong width and two fields swapped.
 */
class FieldLayoutTest {

    @Test
    void nodeInfoFieldsSitWhereIbaPutsThem() throws Exception {
        checkLayout(NodeInfo.class, Mad.CLASS_SUBN_LID_ROUTED, NodeInfo.ATTRIBUTE_ID, table(
                "baseVersion", 0, 8, "classVersion", 8, 8, "nodeType", 16, 8, "numPorts", 24, 8,
                "systemImageGuid", 32, 64, "nodeGuid", 96, 64, "portGuid", 160, 64, "partitionCap", 224, 16,
                "deviceId", 240, 16, "revision", 256, 32, "localPortNum", 288, 8, "vendorId", 296, 24));
    }

    @Test
    void switchInfoFieldsSitWhereIbaPutsThem() throws Exception {
        checkLayout(SwitchInfo.class, Mad.CLASS_SUBN_DIRECTED_ROUTE, SwitchInfo.ATTRIBUTE_ID, table(
                "linearFdbCap", 0, 16, "randomFdbCap", 16, 16, "multicastFdbCap", 32, 16, "linearFdbTop", 48, 16,
                "defaultPort", 64, 8, "defaultMulticastPrimaryPort", 72, 8, "defaultMulticastNotPrimaryPort", 80, 8,
                "lifeTimeValue", 88, 5, "portStateChange", 93, 1, "optimizedSlToVlMappingProgramming", 94, 2,
                "lidsPerPort", 96, 16, "partitionEnforcementCap", 112, 16, "inboundEnforcementCap", 128, 1,
                "outboundEnforcementCap", 129, 1, "filterRawInboundCap", 130, 1, "filterRawOutboundCap", 131, 1,
                "enhancedPort0", 132, 1, "multicastFdbTop", 144, 16));
    }

    @Test
    void portInfoFieldsSitWhereIbaPutsThem() throws Exception {
        checkLayout(PortInfo.class, Mad.CLASS_SUBN_LID_ROUTED, PortInfo.ATTRIBUTE_ID, table(
                "mKey", 0, 64, "gidPrefix", 64, 64, "lid", 128, 16, "masterSmLid", 144, 16,
                "capabilityMask", 160, 32, "diagCode", 192, 16, "mKeyLeasePeriod", 208, 16, "localPortNum", 224, 8,
                "linkWidthEnabled", 232, 8, "linkWidthSupported", 240, 8, "linkWidthActive", 248, 8,
                "linkSpeedSupported", 256, 4, "portState", 260, 4, "physicalState", 264, 4,
                "linkDownDefaultState", 268, 4, "mKeyProtectBits", 272, 2, "lmc", 277, 3,
                "linkSpeedActive", 280, 4, "linkSpeedEnabled", 284, 4, "neighborMtu", 288, 4, "masterSmSl", 292, 4,
                "vlCap", 296, 4, "initType", 300, 4, "vlHighLimit", 304, 8, "vlArbitrationHighCap", 312, 8,
                "vlArbitrationLowCap", 320, 8, "initTypeReply", 328, 4, "mtuCap", 332, 4, "vlStallCount", 336, 3,
                "hoqLife", 339, 5, "operationalVls", 344, 4, "partitionEnforcementInbound", 348, 1,
                "partitionEnforcementOutbound", 349, 1, "filterRawInbound", 350, 1, "filterRawOutbound", 351, 1,
                "mKeyViolations", 352, 16, "pKeyViolations", 368, 16, "qKeyViolations", 384, 16, "guidCap", 400, 8,
                "clientReregister", 408, 1, "multicastPKeyTrapSuppressionEnabled", 409, 2, "subnetTimeout", 411, 5,
                "respTimeValue", 419, 5, "localPhyErrorsThreshold", 424, 4, "overrunErrorsThreshold", 428, 4,
                "maxCreditHint", 432, 16, "linkSpeedExtActive2", 449, 2, "linkSpeedExtSupported2", 451, 2,
                "linkSpeedExtEnabled2", 453, 3, "linkRoundTripLatency", 456, 24, "capabilityMask2", 480, 16,
                "linkSpeedExtActive", 496, 4, "linkSpeedExtSupported", 500, 4, "linkSpeedExtEnabled", 507, 5));
    }

    @Test
    void classPortInfoFieldsSitWhereIbaPutsThem() throws Exception {
        checkLayout(ClassPortInfo.class, Mad.CLASS_PERF_MGMT, ClassPortInfo.ATTRIBUTE_ID, table(
                "baseVersion", 0, 8, "classVersion", 8, 8, "capabilityMask", 16, 16, "capabilityMask2", 32, 27,
                "respTimeValue", 59, 5, "redirectGidPrefix", 64, 64, "redirectGidGuid", 128, 64,
                "redirectTrafficClass", 192, 8, "redirectServiceLevel", 200, 4, "redirectFlowLabel", 204, 20,
                "redirectLid", 224, 16, "redirectPKey", 240, 16, "redirectQueuePair", 264, 24,
                "redirectQKey", 288, 32, "trapGidPrefix", 320, 64, "trapGidGuid", 384, 64, "trapTrafficClass", 448, 8,
                "trapServiceLevel", 456, 4, "trapFlowLabel", 460, 20, "trapLid", 480, 16, "trapPKey", 496, 16,
                "trapHopLimit", 512, 8, "trapQueuePair", 520, 24, "trapQKey", 544, 32));
    }

    @Test
    void portCountersFieldsSitWhereIbaPutsThem() throws Exception {
        checkLayout(PortCounters.class, Mad.CLASS_PERF_MGMT, PortCounters.ATTRIBUTE_ID, table(
                "portSelect", 8, 8, "counterSelect", 16, 16, "symbolErrorCounter", 32, 16,
                "linkErrorRecoveryCounter", 48, 8, "linkDownedCounter", 56, 8, "portRcvErrors", 64, 16,
                "portRcvRemotePhysicalErrors", 80, 16, "portRcvSwitchRelayErrors", 96, 16, "portXmitDiscards", 112, 16,
                "portXmitConstraintErrors", 128, 8, "portRcvConstraintErrors", 136, 8, "counterSelect2", 144, 8,
                "localLinkIntegrityErrors", 152, 4, "excessiveBufferOverrunErrors", 156, 4, "qp1Dropped", 160, 16,
                "vl15Dropped", 176, 16, "portXmitData", 192, 32, "portRcvData", 224, 32, "portXmitPkts", 256, 32,
                "portRcvPkts", 288, 32, "portXmitWait", 320, 32));
    }

    @Test
    void portCountersExtendedFieldsSitWhereIbaPutsThem() throws Exception {
        checkLayout(PortCountersExtended.class, Mad.CLASS_PERF_MGMT, PortCountersExtended.ATTRIBUTE_ID, table(
                "portSelect", 8, 8, "counterSelect", 16, 16, "counterSelect2", 32, 32, "portXmitData", 64, 64,
                "portRcvData", 128, 64, "portXmitPkts", 192, 64, "portRcvPkts", 256, 64,
                "portUnicastXmitPkts", 320, 64, "portUnicastRcvPkts", 384, 64, "portMulticastXmitPkts", 448, 64,
                "portMulticastRcvPkts", 512, 64, "symbolErrorCounter", 576, 64, "linkErrorRecoveryCounter", 640, 64,
                "linkDownedCounter", 704, 64, "portRcvErrors", 768, 64, "portRcvRemotePhysicalErrors", 832, 64,
                "portRcvSwitchRelayErrors", 896, 64, "portXmitDiscards", 960, 64, "portXmitConstraintErrors", 1024, 64,
                "portRcvConstraintErrors", 1088, 64, "localLinkIntegrityErrors", 1152, 64,
                "excessiveBufferOverrunErrors", 1216, 64, "vl15Dropped", 1280, 64, "portXmitWait", 1344, 64,
                "qp1Dropped", 1408, 64));
    }

    @Test
    void counterWidthsMatchTheAttributeLayout() {
        assertThat(PortCounter.SYMBOL_ERROR_COUNTER.bits()).isEqualTo(16);
        assertThat(PortCounter.LINK_DOWNED_COUNTER.maxValue()).isEqualTo(255);
        assertThat(PortCounter.LOCAL_LINK_INTEGRITY_ERRORS.maxValue()).isEqualTo(15);
        assertThat(PortCounter.PORT_XMIT_WAIT.maxValue()).isEqualTo(0xFFFF_FFFFL);
        assertThat(PortCounterExtended.PORT_XMIT_DATA.maxValue()).isEqualTo(-1L);
        assertThat(PortCounterExtended.QP1_DROPPED.isSaturated(0xFFFF_FFFF_FFFF_FFFFL)).isTrue();
        for (PortCounter c : PortCounter.values()) {
            assertThat(c.extended().displayName()).isEqualTo(c.displayName());
        }
    }

    private static void checkLayout(Class<? extends Record> type, int mgmtClass, int attributeId,
            Map<String, int[]> layout) throws Exception {
        RecordComponent[] components = type.getRecordComponents();
        assertThat(layout.keySet()).as(type.getSimpleName() + " fields in the table")
                .containsExactlyInAnyOrder(java.util.Arrays.stream(components).map(RecordComponent::getName)
                        .toArray(String[]::new));
        for (Map.Entry<String, int[]> field : layout.entrySet()) {
            int bitOffset = field.getValue()[0];
            int width = field.getValue()[1];
            byte[] mad = response(mgmtClass, attributeId);
            for (int b = bitOffset; b < bitOffset + width; b++) {
                mad[Mad.DATA_OFFSET + b / 8] |= (byte) (0x80 >>> (b % 8));
            }
            MadAttribute decoded = MadResponse.decode(mad, 0).attribute();
            assertThat(decoded).isInstanceOf(type);
            for (RecordComponent c : components) {
                long value = asUnsigned(c.getAccessor().invoke(decoded));
                long expected = c.getName().equals(field.getKey()) ? (width == 64 ? -1L : (1L << width) - 1) : 0;
                assertThat(value).as("%s.%s with only %s set", type.getSimpleName(), c.getName(), field.getKey())
                        .isEqualTo(expected);
            }
        }
    }

    static byte[] response(int mgmtClass, int attributeId) {
        byte[] mad = new byte[Mad.SIZE];
        mad[0] = 1;
        mad[1] = (byte) mgmtClass;
        mad[2] = 1;
        mad[3] = (byte) MadMethods.GET_RESP;
        mad[16] = (byte) (attributeId >>> 8);
        mad[17] = (byte) attributeId;
        return mad;
    }

    private static long asUnsigned(Object value) {
        if (value instanceof Boolean b) {
            return b ? 1 : 0;
        }
        if (value instanceof Integer i) {
            return Integer.toUnsignedLong(i);
        }
        return (Long) value;
    }

    private static Map<String, int[]> table(Object... entries) {
        Map<String, int[]> table = new LinkedHashMap<>();
        for (int i = 0; i < entries.length; i += 3) {
            table.put((String) entries[i], new int[] {(Integer) entries[i + 1], (Integer) entries[i + 2]});
        }
        return table;
    }
}

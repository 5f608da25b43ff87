package io.fabrichealth.probes.mad;

import java.nio.ByteBuffer;

/**
 * The PortCountersExtended attribute (PMA 0x1D, IBA 16.1.4.11): 64-bit counters. Values are unsigned
 * 64-bit patterns in a {@code long}; print them with {@link Long#toUnsignedString(long)}. Which fields a
 * port fills depends on its ClassPortInfo ({@link PortCounterExtended#isReportedBy}).
 *
 * @param counterSelect2 bytes 4-7 (CounterSelect2 and reserved bits), kept as a bit pattern
 */
public record PortCountersExtended(int portSelect, int counterSelect, int counterSelect2, long portXmitData,
        long portRcvData, long portXmitPkts, long portRcvPkts, long portUnicastXmitPkts, long portUnicastRcvPkts,
        long portMulticastXmitPkts, long portMulticastRcvPkts, long symbolErrorCounter,
        long linkErrorRecoveryCounter, long linkDownedCounter, long portRcvErrors, long portRcvRemotePhysicalErrors,
        long portRcvSwitchRelayErrors, long portXmitDiscards, long portXmitConstraintErrors,
        long portRcvConstraintErrors, long localLinkIntegrityErrors, long excessiveBufferOverrunErrors,
        long vl15Dropped, long portXmitWait, long qp1Dropped) implements MadAttribute {

    public static final int ATTRIBUTE_ID = 0x1D;

    public static PortCountersExtended decode(ByteBuffer buf, int offset) throws MadDecodeException {
        return read(ResponseCheck.pma(MadReader.of(buf, offset), ATTRIBUTE_ID, "PortCountersExtended"));
    }

    public static PortCountersExtended decode(byte[] bytes, int offset) throws MadDecodeException {
        return read(ResponseCheck.pma(MadReader.of(bytes, offset), ATTRIBUTE_ID, "PortCountersExtended"));
    }

    static PortCountersExtended read(MadReader r) {
        int d = Mad.DATA_OFFSET;
        long[] v = new long[PortCounterExtended.values().length];
        for (PortCounterExtended c : PortCounterExtended.values()) {
            v[c.ordinal()] = c.read(r);
        }
        return new PortCountersExtended(r.u8(d + 1), r.u16(d + 2), (int) r.u32(d + 4),
                v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11], v[12], v[13], v[14],
                v[15], v[16], v[17], v[18], v[19], v[20], v[21]);
    }

    public long get(PortCounterExtended counter) {
        return switch (counter) {
            case PORT_XMIT_DATA -> portXmitData;
            case PORT_RCV_DATA -> portRcvData;
            case PORT_XMIT_PKTS -> portXmitPkts;
            case PORT_RCV_PKTS -> portRcvPkts;
            case PORT_UNICAST_XMIT_PKTS -> portUnicastXmitPkts;
            case PORT_UNICAST_RCV_PKTS -> portUnicastRcvPkts;
            case PORT_MULTICAST_XMIT_PKTS -> portMulticastXmitPkts;
            case PORT_MULTICAST_RCV_PKTS -> portMulticastRcvPkts;
            case SYMBOL_ERROR_COUNTER -> symbolErrorCounter;
            case LINK_ERROR_RECOVERY_COUNTER -> linkErrorRecoveryCounter;
            case LINK_DOWNED_COUNTER -> linkDownedCounter;
            case PORT_RCV_ERRORS -> portRcvErrors;
            case PORT_RCV_REMOTE_PHYSICAL_ERRORS -> portRcvRemotePhysicalErrors;
            case PORT_RCV_SWITCH_RELAY_ERRORS -> portRcvSwitchRelayErrors;
            case PORT_XMIT_DISCARDS -> portXmitDiscards;
            case PORT_XMIT_CONSTRAINT_ERRORS -> portXmitConstraintErrors;
            case PORT_RCV_CONSTRAINT_ERRORS -> portRcvConstraintErrors;
            case LOCAL_LINK_INTEGRITY_ERRORS -> localLinkIntegrityErrors;
            case EXCESSIVE_BUFFER_OVERRUN_ERRORS -> excessiveBufferOverrunErrors;
            case VL15_DROPPED -> vl15Dropped;
            case PORT_XMIT_WAIT -> portXmitWait;
            case QP1_DROPPED -> qp1Dropped;
        };
    }

    public boolean isSaturated(PortCounterExtended counter) {
        return counter.isSaturated(get(counter));
    }
}

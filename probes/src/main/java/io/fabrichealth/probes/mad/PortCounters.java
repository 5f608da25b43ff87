package io.fabrichealth.probes.mad;

import java.nio.ByteBuffer;

/**
 * The PortCounters attribute (PMA 0x12, IBA 16.1.3.5). Widths and meanings per counter are in
 * {@link PortCounter}; {@link #get} reads any of them by name.
 *
 * @param portSelect the port the counters belong to; 0xFF for the sum over all ports (AllPortSelect)
 */
public record PortCounters(int portSelect, int counterSelect, int symbolErrorCounter,
        int linkErrorRecoveryCounter, int linkDownedCounter, int portRcvErrors, int portRcvRemotePhysicalErrors,
        int portRcvSwitchRelayErrors, int portXmitDiscards, int portXmitConstraintErrors,
        int portRcvConstraintErrors, int counterSelect2, int localLinkIntegrityErrors,
        int excessiveBufferOverrunErrors, int qp1Dropped, int vl15Dropped, long portXmitData, long portRcvData,
        long portXmitPkts, long portRcvPkts, long portXmitWait) implements MadAttribute {

    public static final int ATTRIBUTE_ID = 0x12;

    public static PortCounters decode(ByteBuffer buf, int offset) throws MadDecodeException {
        return read(ResponseCheck.pma(MadReader.of(buf, offset), ATTRIBUTE_ID, "PortCounters"));
    }

    public static PortCounters decode(byte[] bytes, int offset) throws MadDecodeException {
        return read(ResponseCheck.pma(MadReader.of(bytes, offset), ATTRIBUTE_ID, "PortCounters"));
    }

    static PortCounters read(MadReader r) {
        int d = Mad.DATA_OFFSET;
        return new PortCounters(r.u8(d + 1), r.u16(d + 2),
                (int) PortCounter.SYMBOL_ERROR_COUNTER.read(r),
                (int) PortCounter.LINK_ERROR_RECOVERY_COUNTER.read(r),
                (int) PortCounter.LINK_DOWNED_COUNTER.read(r),
                (int) PortCounter.PORT_RCV_ERRORS.read(r),
                (int) PortCounter.PORT_RCV_REMOTE_PHYSICAL_ERRORS.read(r),
                (int) PortCounter.PORT_RCV_SWITCH_RELAY_ERRORS.read(r),
                (int) PortCounter.PORT_XMIT_DISCARDS.read(r),
                (int) PortCounter.PORT_XMIT_CONSTRAINT_ERRORS.read(r),
                (int) PortCounter.PORT_RCV_CONSTRAINT_ERRORS.read(r),
                r.u8(d + 18),
                (int) PortCounter.LOCAL_LINK_INTEGRITY_ERRORS.read(r),
                (int) PortCounter.EXCESSIVE_BUFFER_OVERRUN_ERRORS.read(r),
                (int) PortCounter.QP1_DROPPED.read(r),
                (int) PortCounter.VL15_DROPPED.read(r),
                PortCounter.PORT_XMIT_DATA.read(r),
                PortCounter.PORT_RCV_DATA.read(r),
                PortCounter.PORT_XMIT_PKTS.read(r),
                PortCounter.PORT_RCV_PKTS.read(r),
                PortCounter.PORT_XMIT_WAIT.read(r));
    }

    public long get(PortCounter counter) {
        return switch (counter) {
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
            case QP1_DROPPED -> qp1Dropped;
            case VL15_DROPPED -> vl15Dropped;
            case PORT_XMIT_DATA -> portXmitData;
            case PORT_RCV_DATA -> portRcvData;
            case PORT_XMIT_PKTS -> portXmitPkts;
            case PORT_RCV_PKTS -> portRcvPkts;
            case PORT_XMIT_WAIT -> portXmitWait;
        };
    }

    /** The counter sits at its maximum, so its real value is unknown until it is reset. */
    public boolean isSaturated(PortCounter counter) {
        return counter.isSaturated(get(counter));
    }
}

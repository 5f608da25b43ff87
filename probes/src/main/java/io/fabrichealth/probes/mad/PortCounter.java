package io.fabrichealth.probes.mad;

/**
 * The counters of PortCounters (PMA attribute 0x12, IBA 16.1.3.5), in perfquery's order, each with
 * its place in the attribute data and its width. The data counters count 4-octet words.
 */
public enum PortCounter implements CounterField {
    SYMBOL_ERROR_COUNTER("SymbolErrorCounter", 4, 0, 16),
    LINK_ERROR_RECOVERY_COUNTER("LinkErrorRecoveryCounter", 6, 0, 8),
    LINK_DOWNED_COUNTER("LinkDownedCounter", 7, 0, 8),
    PORT_RCV_ERRORS("PortRcvErrors", 8, 0, 16),
    PORT_RCV_REMOTE_PHYSICAL_ERRORS("PortRcvRemotePhysicalErrors", 10, 0, 16),
    PORT_RCV_SWITCH_RELAY_ERRORS("PortRcvSwitchRelayErrors", 12, 0, 16),
    PORT_XMIT_DISCARDS("PortXmitDiscards", 14, 0, 16),
    PORT_XMIT_CONSTRAINT_ERRORS("PortXmitConstraintErrors", 16, 0, 8),
    PORT_RCV_CONSTRAINT_ERRORS("PortRcvConstraintErrors", 17, 0, 8),
    LOCAL_LINK_INTEGRITY_ERRORS("LocalLinkIntegrityErrors", 19, 0, 4),
    EXCESSIVE_BUFFER_OVERRUN_ERRORS("ExcessiveBufferOverrunErrors", 19, 4, 4),
    /** Valid only when ClassPortInfo reports {@link PmaCapability#QP1_DROP}. */
    QP1_DROPPED("QP1Dropped", 20, 0, 16),
    VL15_DROPPED("VL15Dropped", 22, 0, 16),
    /** In units of 4 octets. */
    PORT_XMIT_DATA("PortXmitData", 24, 0, 32),
    /** In units of 4 octets. */
    PORT_RCV_DATA("PortRcvData", 28, 0, 32),
    PORT_XMIT_PKTS("PortXmitPkts", 32, 0, 32),
    PORT_RCV_PKTS("PortRcvPkts", 36, 0, 32),
    /** Ticks the port had data to send but no credits; valid with {@link PmaCapability#PORT_COUNTERS_XMIT_WAIT}. */
    PORT_XMIT_WAIT("PortXmitWait", 40, 0, 32);

    private final String displayName;
    private final int dataOffset;
    private final int firstBit;
    private final int bits;

    PortCounter(String displayName, int dataOffset, int firstBit, int bits) {
        this.displayName = displayName;
        this.dataOffset = dataOffset;
        this.firstBit = firstBit;
        this.bits = bits;
    }

    @Override
    public String displayName() {
        return displayName;
    }

    @Override
    public int bits() {
        return bits;
    }

    /** The same counter in PortCountersExtended, 64 bits wide. */
    public PortCounterExtended extended() {
        return PortCounterExtended.valueOf(name());
    }

    long read(MadReader r) {
        int off = Mad.DATA_OFFSET + dataOffset;
        return bits == 32 ? r.u32(off) : r.bits(off, firstBit, bits);
    }
}

package io.fabrichealth.probes.mad;

/**
 * The 64-bit counters of PortCountersExtended (PMA attribute 0x1D, IBA 16.1.4.11), in perfquery's
 * order. Which of them a port fills depends on its ClassPortInfo; see {@link #isReportedBy}.
 */
public enum PortCounterExtended implements CounterField {
    /** In units of 4 octets. */
    PORT_XMIT_DATA("PortXmitData", 8, Group.DATA),
    /** In units of 4 octets. */
    PORT_RCV_DATA("PortRcvData", 16, Group.DATA),
    PORT_XMIT_PKTS("PortXmitPkts", 24, Group.DATA),
    PORT_RCV_PKTS("PortRcvPkts", 32, Group.DATA),
    PORT_UNICAST_XMIT_PKTS("PortUnicastXmitPkts", 40, Group.UNICAST_MULTICAST),
    PORT_UNICAST_RCV_PKTS("PortUnicastRcvPkts", 48, Group.UNICAST_MULTICAST),
    PORT_MULTICAST_XMIT_PKTS("PortMulticastXmitPkts", 56, Group.UNICAST_MULTICAST),
    PORT_MULTICAST_RCV_PKTS("PortMulticastRcvPkts", 64, Group.UNICAST_MULTICAST),
    SYMBOL_ERROR_COUNTER("SymbolErrorCounter", 72, Group.ADDITIONAL),
    LINK_ERROR_RECOVERY_COUNTER("LinkErrorRecoveryCounter", 80, Group.ADDITIONAL),
    LINK_DOWNED_COUNTER("LinkDownedCounter", 88, Group.ADDITIONAL),
    PORT_RCV_ERRORS("PortRcvErrors", 96, Group.ADDITIONAL),
    PORT_RCV_REMOTE_PHYSICAL_ERRORS("PortRcvRemotePhysicalErrors", 104, Group.ADDITIONAL),
    PORT_RCV_SWITCH_RELAY_ERRORS("PortRcvSwitchRelayErrors", 112, Group.ADDITIONAL),
    PORT_XMIT_DISCARDS("PortXmitDiscards", 120, Group.ADDITIONAL),
    PORT_XMIT_CONSTRAINT_ERRORS("PortXmitConstraintErrors", 128, Group.ADDITIONAL),
    PORT_RCV_CONSTRAINT_ERRORS("PortRcvConstraintErrors", 136, Group.ADDITIONAL),
    LOCAL_LINK_INTEGRITY_ERRORS("LocalLinkIntegrityErrors", 144, Group.ADDITIONAL),
    EXCESSIVE_BUFFER_OVERRUN_ERRORS("ExcessiveBufferOverrunErrors", 152, Group.ADDITIONAL),
    VL15_DROPPED("VL15Dropped", 160, Group.ADDITIONAL),
    PORT_XMIT_WAIT("PortXmitWait", 168, Group.ADDITIONAL),
    QP1_DROPPED("QP1Dropped", 176, Group.ADDITIONAL);

    /** Which ClassPortInfo capability makes a counter valid. */
    enum Group { DATA, UNICAST_MULTICAST, ADDITIONAL }

    private final String displayName;
    private final int dataOffset;
    private final Group group;

    PortCounterExtended(String displayName, int dataOffset, Group group) {
        this.displayName = displayName;
        this.dataOffset = dataOffset;
        this.group = group;
    }

    @Override
    public String displayName() {
        return displayName;
    }

    @Override
    public int bits() {
        return 64;
    }

    /**
     * Whether a port with this PMA ClassPortInfo fills the counter: data and packet counters need
     * ExtendedWidth or its NoIETF variant, unicast/multicast need ExtendedWidth, the error counters
     * need IsAdditionalPortCountersExtendedSupported. A counter that is not reported reads 0.
     */
    public boolean isReportedBy(ClassPortInfo pma) {
        return switch (group) {
            case DATA -> pma.has(PmaCapability.EXTENDED_WIDTH) || pma.has(PmaCapability.EXTENDED_WIDTH_NO_IETF);
            case UNICAST_MULTICAST -> pma.has(PmaCapability.EXTENDED_WIDTH);
            case ADDITIONAL -> pma.has(PmaCapability2.IS_ADDITIONAL_PORT_COUNTERS_EXTENDED_SUPPORTED);
        };
    }

    long read(MadReader r) {
        return r.u64(Mad.DATA_OFFSET + dataOffset);
    }
}

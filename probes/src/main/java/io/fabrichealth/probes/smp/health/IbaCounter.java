package io.fabrichealth.probes.smp.health;

import io.fabrichealth.probes.mad.ClassPortInfo;
import io.fabrichealth.probes.mad.PmaCapability;
import io.fabrichealth.probes.mad.PortCounter;
import io.fabrichealth.probes.mad.PortCounterExtended;
import io.fabrichealth.probes.mad.PortCounters;
import io.fabrichealth.probes.mad.PortCountersExtended;

/**
 * Every PMA counter a port reports, under its IBA name, with where to read it: the 64-bit PortCountersExtended
 * field when ClassPortInfo says the port fills it, else the narrow PortCounters field (which saturates).
 */
public enum IbaCounter {
    SYMBOL_ERROR_COUNTER(Kind.ERROR, PortCounter.SYMBOL_ERROR_COUNTER),
    LINK_ERROR_RECOVERY_COUNTER(Kind.ERROR, PortCounter.LINK_ERROR_RECOVERY_COUNTER),
    LINK_DOWNED_COUNTER(Kind.ERROR, PortCounter.LINK_DOWNED_COUNTER),
    PORT_RCV_ERRORS(Kind.ERROR, PortCounter.PORT_RCV_ERRORS),
    PORT_RCV_REMOTE_PHYSICAL_ERRORS(Kind.ERROR, PortCounter.PORT_RCV_REMOTE_PHYSICAL_ERRORS),
    PORT_RCV_SWITCH_RELAY_ERRORS(Kind.ERROR, PortCounter.PORT_RCV_SWITCH_RELAY_ERRORS),
    PORT_XMIT_DISCARDS(Kind.ERROR, PortCounter.PORT_XMIT_DISCARDS),
    PORT_XMIT_CONSTRAINT_ERRORS(Kind.ERROR, PortCounter.PORT_XMIT_CONSTRAINT_ERRORS),
    PORT_RCV_CONSTRAINT_ERRORS(Kind.ERROR, PortCounter.PORT_RCV_CONSTRAINT_ERRORS),
    LOCAL_LINK_INTEGRITY_ERRORS(Kind.ERROR, PortCounter.LOCAL_LINK_INTEGRITY_ERRORS),
    EXCESSIVE_BUFFER_OVERRUN_ERRORS(Kind.ERROR, PortCounter.EXCESSIVE_BUFFER_OVERRUN_ERRORS),
    VL15_DROPPED(Kind.ERROR, PortCounter.VL15_DROPPED),
    QP1_DROPPED(Kind.INFO, PortCounter.QP1_DROPPED),
    PORT_XMIT_DATA(Kind.DATA, PortCounter.PORT_XMIT_DATA),
    PORT_RCV_DATA(Kind.DATA, PortCounter.PORT_RCV_DATA),
    PORT_XMIT_PKTS(Kind.DATA, PortCounter.PORT_XMIT_PKTS),
    PORT_RCV_PKTS(Kind.DATA, PortCounter.PORT_RCV_PKTS),
    /** Ticks a port had data but no credits: congestion, not an error. */
    PORT_XMIT_WAIT(Kind.CONGESTION, PortCounter.PORT_XMIT_WAIT),
    PORT_UNICAST_XMIT_PKTS(Kind.DATA, PortCounterExtended.PORT_UNICAST_XMIT_PKTS),
    PORT_UNICAST_RCV_PKTS(Kind.DATA, PortCounterExtended.PORT_UNICAST_RCV_PKTS),
    PORT_MULTICAST_XMIT_PKTS(Kind.DATA, PortCounterExtended.PORT_MULTICAST_XMIT_PKTS),
    PORT_MULTICAST_RCV_PKTS(Kind.DATA, PortCounterExtended.PORT_MULTICAST_RCV_PKTS);

    /** What a counter means for health. */
    public enum Kind { ERROR, DATA, CONGESTION, INFO }

    private final Kind kind;
    private final PortCounter narrow;
    private final PortCounterExtended wide;

    IbaCounter(Kind kind, PortCounter narrow) {
        this.kind = kind;
        this.narrow = narrow;
        this.wide = narrow.extended();
    }

    IbaCounter(Kind kind, PortCounterExtended wideOnly) {
        this.kind = kind;
        this.narrow = null;
        this.wide = wideOnly;
    }

    /** The IBA name, as perfquery prints it: {@code SymbolErrorCounter}. */
    public String ibaName() {
        return wide.displayName();
    }

    public Kind kind() {
        return kind;
    }

    /** Its PortCounters field; null for the counters only PortCountersExtended has. */
    public PortCounter portCounter() {
        return narrow;
    }

    /** Bits of the field read for this port: 64 from PortCountersExtended, else the PortCounters width; 0 = none. */
    int bits(PortCounters pc, PortCountersExtended pce, ClassPortInfo pma) {
        if (pce != null && wide.isReportedBy(pma)) {
            return 64;
        }
        if (pc != null && narrow != null && narrowValid(pma)) {
            return narrow.bits();
        }
        return 0;
    }

    long value(PortCounters pc, PortCountersExtended pce, ClassPortInfo pma) {
        return bits(pc, pce, pma) == 64 ? pce.get(wide) : pc.get(narrow);
    }

    private boolean narrowValid(ClassPortInfo pma) {
        return switch (this) {
            case PORT_XMIT_WAIT -> pma.has(PmaCapability.PORT_COUNTERS_XMIT_WAIT);
            case QP1_DROPPED -> pma.has(PmaCapability.QP1_DROP);
            default -> true;
        };
    }

    /** Looks a counter up by its IBA name; null when there is none. */
    public static IbaCounter byName(String ibaName) {
        for (IbaCounter c : values()) {
            if (c.ibaName().equals(ibaName)) {
                return c;
            }
        }
        return null;
    }
}

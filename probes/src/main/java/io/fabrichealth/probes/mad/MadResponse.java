package io.fabrichealth.probes.mad;

import java.nio.ByteBuffer;

/** A received GetResp decoded by its class and attribute id: one entry point for a receive loop. */
public record MadResponse(MadHeader header, MadAttribute attribute) {

    /**
     * Decodes whichever attribute the MAD carries. Unknown classes and attributes, requests, and non-zero
     * status all end in a {@link MadDecodeException} (a {@link MadStatusException} for the status).
     */
    public static MadResponse decode(ByteBuffer buf, int offset) throws MadDecodeException {
        return read(MadReader.of(buf, offset));
    }

    public static MadResponse decode(byte[] bytes, int offset) throws MadDecodeException {
        return read(MadReader.of(bytes, offset));
    }

    private static MadResponse read(MadReader r) throws MadDecodeException {
        MadHeader h = MadHeader.read(r);
        return new MadResponse(h, attribute(r, h));
    }

    private static MadAttribute attribute(MadReader r, MadHeader h) throws MadDecodeException {
        if (Mad.isSubnetManagement(h.mgmtClass())) {
            switch (h.attributeId()) {
                case NodeDescription.ATTRIBUTE_ID:
                    return NodeDescription.read(ResponseCheck.smp(r, h.attributeId(), "NodeDescription"));
                case NodeInfo.ATTRIBUTE_ID:
                    return NodeInfo.read(ResponseCheck.smp(r, h.attributeId(), "NodeInfo"));
                case SwitchInfo.ATTRIBUTE_ID:
                    return SwitchInfo.read(ResponseCheck.smp(r, h.attributeId(), "SwitchInfo"));
                case PortInfo.ATTRIBUTE_ID:
                    return PortInfo.read(ResponseCheck.smp(r, h.attributeId(), "PortInfo"));
                case LinearForwardingTable.ATTRIBUTE_ID:
                    return LinearForwardingTable.read(ResponseCheck.smp(r, h.attributeId(), "LinearForwardingTable"));
                default:
                    break;
            }
        } else if (h.mgmtClass() == Mad.CLASS_PERF_MGMT) {
            switch (h.attributeId()) {
                case ClassPortInfo.ATTRIBUTE_ID:
                    return ClassPortInfo.read(ResponseCheck.pma(r, h.attributeId(), "ClassPortInfo"));
                case PortCounters.ATTRIBUTE_ID:
                    return PortCounters.read(ResponseCheck.pma(r, h.attributeId(), "PortCounters"));
                case PortCountersExtended.ATTRIBUTE_ID:
                    return PortCountersExtended.read(ResponseCheck.pma(r, h.attributeId(), "PortCountersExtended"));
                default:
                    break;
            }
        }
        throw new MadDecodeException(String.format(
                "no decoder for class 0x%02x attribute 0x%04x (BaseVersion %d, %s); this package reads "
                        + "NodeDescription, NodeInfo, SwitchInfo, PortInfo, LinearForwardingTable and PerfMgt ClassPortInfo, "
                        + "PortCounters, PortCountersExtended",
                h.mgmtClass(), h.attributeId(), h.baseVersion(), MadMethods.describe(h.method())));
    }
}

package io.fabrichealth.probes.mad;

import java.nio.ByteBuffer;

/**
 * The NodeInfo attribute (0x11, IBA 14.2.5.3).
 *
 * @param nodeType raw NodeType; see {@link #type()}
 * @param revision unsigned 32-bit
 * @param localPortNum the port the SMP entered by
 * @param vendorId the 24-bit IEEE OUI
 */
public record NodeInfo(int baseVersion, int classVersion, int nodeType, int numPorts, long systemImageGuid,
        long nodeGuid, long portGuid, int partitionCap, int deviceId, long revision, int localPortNum,
        int vendorId) implements MadAttribute {

    public static final int ATTRIBUTE_ID = 0x11;

    public static NodeInfo decode(ByteBuffer buf, int offset) throws MadDecodeException {
        return read(ResponseCheck.smp(MadReader.of(buf, offset), ATTRIBUTE_ID, "NodeInfo"));
    }

    public static NodeInfo decode(byte[] bytes, int offset) throws MadDecodeException {
        return read(ResponseCheck.smp(MadReader.of(bytes, offset), ATTRIBUTE_ID, "NodeInfo"));
    }

    static NodeInfo read(MadReader r) {
        int d = Mad.DATA_OFFSET;
        return new NodeInfo(r.u8(d), r.u8(d + 1), r.u8(d + 2), r.u8(d + 3), r.u64(d + 4), r.u64(d + 12),
                r.u64(d + 20), r.u16(d + 28), r.u16(d + 30), r.u32(d + 32), r.u8(d + 36), r.u24(d + 37));
    }

    public NodeType type() {
        return NodeType.of(nodeType);
    }
}

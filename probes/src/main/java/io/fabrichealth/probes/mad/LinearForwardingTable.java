package io.fabrichealth.probes.mad;

import java.nio.ByteBuffer;

/**
 * One block of a switch's LinearForwardingTable (0x19 in the SMP class, IBA 14.2.5.10): the output port for 64
 * consecutive LIDs, block {@code n} covering LIDs 64n to 64n+63. The block number is the attribute modifier.
 *
 * @param ports 64 entries, each 0..254 a port and 255 "no route" ({@link #NO_ROUTE})
 */
public record LinearForwardingTable(int block, byte[] ports) implements MadAttribute {

    public static final int ATTRIBUTE_ID = 0x19;
    public static final int LIDS_PER_BLOCK = 64;
    public static final int NO_ROUTE = 0xFF;

    public static LinearForwardingTable decode(ByteBuffer buf, int offset) throws MadDecodeException {
        return read(ResponseCheck.smp(MadReader.of(buf, offset), ATTRIBUTE_ID, "LinearForwardingTable"));
    }

    public static LinearForwardingTable decode(byte[] bytes, int offset) throws MadDecodeException {
        return read(ResponseCheck.smp(MadReader.of(bytes, offset), ATTRIBUTE_ID, "LinearForwardingTable"));
    }

    static LinearForwardingTable read(MadReader r) {
        byte[] ports = new byte[LIDS_PER_BLOCK];
        for (int i = 0; i < LIDS_PER_BLOCK; i++) {
            ports[i] = (byte) r.u8(Mad.DATA_OFFSET + i);
        }
        return new LinearForwardingTable((int) r.u32(20), ports); // the attribute modifier names the block
    }

    /** The block that holds {@code lid}. */
    public static int blockOf(int lid) {
        return lid / LIDS_PER_BLOCK;
    }

    /** The output port for {@code lid}, which must lie in this block; {@link #NO_ROUTE} when there is none. */
    public int port(int lid) {
        if (blockOf(lid) != block) {
            throw new IllegalArgumentException("LID " + lid + " is in block " + blockOf(lid) + ", not " + block);
        }
        return ports[lid % LIDS_PER_BLOCK] & 0xFF;
    }
}

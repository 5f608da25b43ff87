package io.fabrichealth.jni.fabric;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A gather (or scatter) list laid out once in native form, struct iovec[count] then void *desc[count],
 * so fi_writemsg/fi_readmsg pass it by address on every post without building anything.
 */
public final class Gather {
    private static final int IOVEC_SIZE = 16;
    private final ByteBuffer layout;
    private final long address;
    private final int count;
    private long bytes;

    public Gather(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("a gather list needs at least one segment");
        }
        this.count = count;
        this.layout = ByteBuffer.allocateDirect(count * (IOVEC_SIZE + 8)).order(ByteOrder.nativeOrder());
        this.address = Fid.address(layout);
    }

    /** Segment {@code i}: {@code length} bytes at {@code offset} inside {@code region}. */
    public Gather set(int i, MemoryRegion region, long offset, long length) {
        if (offset < 0 || length < 0 || offset + length > region.length()) {
            throw new IndexOutOfBoundsException("segment " + i + " [" + offset + ", +" + length
                    + ") is outside its region of " + region.length() + " bytes");
        }
        long old = layout.getLong(i * IOVEC_SIZE + 8);
        layout.putLong(i * IOVEC_SIZE, region.address() + offset);
        layout.putLong(i * IOVEC_SIZE + 8, length);
        layout.putLong(count * IOVEC_SIZE + i * 8, region.desc());
        bytes += length - old;
        return this;
    }

    public int count() {
        return count;
    }

    /** Sum of the segment lengths. */
    public long bytes() {
        return bytes;
    }

    long iovAddress() {
        return address;
    }

    long descAddress() {
        return address + (long) count * IOVEC_SIZE;
    }
}

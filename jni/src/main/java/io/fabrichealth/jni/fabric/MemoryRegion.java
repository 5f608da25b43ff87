package io.fabrichealth.jni.fabric;

import io.fabrichealth.jni.NativeException;
import io.fabrichealth.jni.NativeHandle;
import java.nio.ByteBuffer;

/**
 * fi_mr_reg over part of a direct buffer. Peers address it through {@link #remoteAddress(long)},
 * which honours the provider's mr_mode: a virtual address with FI_MR_VIRT_ADDR, else an offset from
 * the region's start. The region keeps the buffer reachable while the provider may touch it.
 */
public final class MemoryRegion extends NativeHandle {
    private final ByteBuffer buffer;
    private final long address;
    private final int length;
    private final long key;
    private final long desc;
    private final boolean virtualAddressing;

    /** Made by {@link FabricDomain#register}; {@code mrMode} is the domain's, {@code endpoint} an Endpoint or null. */
    MemoryRegion(NativeHandle domain, int mrMode, ByteBuffer buffer, int offset, int length, long access,
            long requestedKey, NativeHandle endpoint) {
        super(register(domain, buffer, offset, length, access, requestedKey), domain);
        this.buffer = buffer;
        this.address = Fid.address(buffer) + offset;
        this.length = length;
        this.key = key0(handle());
        this.desc = desc0(handle());
        this.virtualAddressing = (mrMode & Flags.FI_MR_VIRT_ADDR) != 0;
        if ((mrMode & Flags.FI_MR_ENDPOINT) != 0) {
            if (endpoint == null) {
                close();
                throw new IllegalArgumentException("this provider binds memory regions to an endpoint "
                        + "(FI_MR_ENDPOINT): register after opening the endpoint and pass it");
            }
            int rc = bindEnable0(handle(), endpoint.handle());
            if (rc < 0) {
                close();
                NativeException.check(rc, "fi_mr_bind/fi_mr_enable");
            }
        }
    }

    private static long register(NativeHandle domain, ByteBuffer buffer, int offset, int length, long access,
            long requestedKey) {
        long base = Fid.address(buffer);
        if (offset < 0 || length <= 0 || (long) offset + length > buffer.capacity()) {
            throw new IndexOutOfBoundsException("region [" + offset + ", +" + length + ") is outside the buffer's "
                    + buffer.capacity() + " bytes");
        }
        return NativeException.check(reg0(domain.handle(), base + offset, length, access, requestedKey, 0),
                "fi_mr_reg");
    }

    /** The buffer this region covers part of. */
    public ByteBuffer buffer() {
        return buffer;
    }

    /** Virtual address of the region's first byte in this process. */
    public long address() {
        return address;
    }

    public int length() {
        return length;
    }

    /** The key a peer needs for RMA into this region. */
    public long key() {
        return key;
    }

    /** fi_mr_desc: what local data-path calls pass for this memory. */
    public long desc() {
        return desc;
    }

    /** What a peer passes as the RMA address of byte {@code offset} of this region. */
    public long remoteAddress(long offset) {
        return virtualAddressing ? address + offset : offset;
    }

    @Override
    protected int release(long handle) {
        return Fid.close0(handle);
    }

    @Override
    protected String closeCall() {
        return "fi_close(mr)";
    }

    private static native long reg0(long domain, long addr, long len, long access, long requestedKey, long flags);

    private static native long key0(long mr);

    private static native long desc0(long mr);

    private static native int bindEnable0(long mr, long ep);
}

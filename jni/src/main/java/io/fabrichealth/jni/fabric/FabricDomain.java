package io.fabrichealth.jni.fabric;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;

/** fi_domain, plus the memory-registration policy that follows from the provider's mr_mode. */
public final class FabricDomain extends NativeHandle {
    private final int mrMode;
    private final int keySize;
    /** Application-chosen keys must be unique within the domain (when FI_MR_PROV_KEY is off). */
    private final AtomicLong nextKey = new AtomicLong(1);

    public FabricDomain(FabricInstance fabric, FabricInfo info) {
        super(Fid.check(open0(fabric.handle(), info.handle()), "fi_domain(" + info.domainName() + ")"), fabric);
        this.mrMode = info.mrMode();
        this.keySize = info.mrKeySize();
    }

    public int mrMode() {
        return mrMode;
    }

    /**
     * Registers {@code length} bytes of a direct buffer from {@code offset} for {@code access}
     * (FI_SEND | FI_RECV | FI_READ | FI_WRITE | FI_REMOTE_READ | FI_REMOTE_WRITE). With FI_MR_ENDPOINT
     * the region is bound to {@code endpoint} (which must then be non-null) and enabled.
     */
    public MemoryRegion register(ByteBuffer buffer, int offset, int length, long access, Endpoint endpoint) {
        long key = (mrMode & Flags.FI_MR_PROV_KEY) != 0 ? 0 : nextKey();
        return new MemoryRegion(this, buffer, offset, length, access, key, endpoint);
    }

    private long nextKey() {
        long key = nextKey.getAndIncrement();
        // Some providers take keys of fewer than 8 bytes; wrap inside what they accept.
        return keySize > 0 && keySize < 8 ? key & ((1L << (8 * keySize)) - 1) : key;
    }

    @Override
    int release(long handle) {
        return Fid.close0(handle);
    }

    @Override
    String closeCall() {
        return "fi_close(domain)";
    }

    private static native long open0(long fabric, long info);
}

package io.fabrichealth.jni.fabric;

import io.fabrichealth.jni.NativeException;
import io.fabrichealth.jni.NativeHandle;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;

/** fi_domain, plus the memory-registration policy that follows from the provider's mr_mode. */
public final class FabricDomain extends NativeHandle {
    private final int mrMode;
    private final int keySize;
    /** Application-chosen keys must be unique within the domain (when FI_MR_PROV_KEY is off). */
    private final AtomicLong nextKey = new AtomicLong(1);

    public FabricDomain(FabricInstance fabric, FabricInfo info) {
        super(NativeException.check(open0(fabric.handle(), info.handle()), "fi_domain(" + info.domainName() + ")"),
                fabric);
        this.mrMode = info.mrMode();
        this.keySize = info.mrKeySize();
    }

    public int mrMode() {
        return mrMode;
    }

    /**
     * Registers {@code length} bytes of a direct buffer from {@code offset} for {@code access}
     * (FI_SEND | FI_RECV | FI_READ | FI_WRITE | FI_REMOTE_READ | FI_REMOTE_WRITE). With FI_MR_ENDPOINT
     * the region is bound to {@code endpoint}, an {@link Endpoint} of this domain (which must then be non-null),
     * and enabled. Typed as its supertype: endpoints hang from domains, so a domain knows no endpoint type.
     */
    public MemoryRegion register(ByteBuffer buffer, int offset, int length, long access, NativeHandle endpoint) {
        long key = (mrMode & Flags.FI_MR_PROV_KEY) != 0 ? 0 : nextKey();
        return new MemoryRegion(this, mrMode, buffer, offset, length, access, key, endpoint);
    }

    private long nextKey() {
        long key = nextKey.getAndIncrement();
        // Some providers take keys of fewer than 8 bytes; wrap inside what they accept.
        return keySize > 0 && keySize < 8 ? key & ((1L << (8 * keySize)) - 1) : key;
    }

    @Override
    protected int release(long handle) {
        return Fid.close0(handle);
    }

    @Override
    protected String closeCall() {
        return "fi_close(domain)";
    }

    private static native long open0(long fabric, long info);
}

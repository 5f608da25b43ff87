package io.fabrichealth.jni.fabric;

import io.fabrichealth.jni.NativeException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A libfabric object owned by Java: it holds the native pointer, closes exactly once (CAS), and
 * closes its children first (fabtests' ft_close_fids order), so closing a domain with endpoints
 * still open cannot leave the provider with dangling objects.
 */
public abstract class NativeHandle implements AutoCloseable {
    private final AtomicLong handle;
    private final NativeHandle parent;
    private final Set<NativeHandle> children = new LinkedHashSet<>();

    NativeHandle(long handle, NativeHandle parent) {
        this.handle = new AtomicLong(handle);
        this.parent = parent;
        if (parent != null) {
            parent.adopt(this);
        }
    }

    /** The native pointer; throws when closed, so a use after close fails in Java, not in C. */
    final long handle() {
        long h = handle.get();
        if (h == 0) {
            throw new IllegalStateException(getClass().getSimpleName() + " is closed");
        }
        return h;
    }

    public final boolean isOpen() {
        return handle.get() != 0;
    }

    /** Frees the native object; {@code handle} is never 0. Returns 0 or a negative status. */
    abstract int release(long handle);

    /** The libfabric call that closes it, for messages ("fi_close(ep)"). */
    abstract String closeCall();

    @Override
    public final void close() {
        List<NativeHandle> open;
        synchronized (children) {
            open = new ArrayList<>(children);
        }
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
        long h = handle.getAndSet(0);
        if (h == 0) {
            return;
        }
        if (parent != null) {
            parent.disown(this);
        }
        int rc = release(h);
        if (rc < 0) {
            throw new NativeException(rc, closeCall());
        }
    }

    private void adopt(NativeHandle child) {
        synchronized (children) {
            if (!isOpen()) {
                throw new IllegalStateException(getClass().getSimpleName() + " is closed");
            }
            children.add(child);
        }
    }

    private void disown(NativeHandle child) {
        synchronized (children) {
            children.remove(child);
        }
    }
}

package io.fabrichealth.jni;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A native object owned by Java, for every family: a pointer (libfabric fid, verbs connection) or a file
 * descriptor (umad port, RDS socket). It closes exactly once (CAS), closes its children first (fabtests'
 * ft_close_fids order, so closing a domain with endpoints still open leaves no dangling objects), and reports
 * a failed release as a {@link NativeException}. A use after close fails in Java, not in C.
 */
public abstract class NativeHandle implements AutoCloseable {
    /** No pointer and no file descriptor is negative, so -1 marks a closed handle (or one never opened). */
    private static final long CLOSED = -1;

    private final AtomicLong handle;
    private final NativeHandle parent;
    private final Set<NativeHandle> children = new LinkedHashSet<>();

    /** {@code parent} (null for a root) closes this handle before itself. */
    protected NativeHandle(long handle, NativeHandle parent) {
        this.handle = new AtomicLong(handle);
        this.parent = parent;
        if (parent != null) {
            parent.adopt(this);
        }
    }

    /** The native pointer or fd, for this module's natives; throws when closed. */
    public final long handle() {
        long h = handle.get();
        if (h == CLOSED) {
            throw new IllegalStateException(closedMessage());
        }
        return h;
    }

    public final boolean isOpen() {
        return handle.get() != CLOSED;
    }

    /** Frees the native object; called once. Returns 0 or a negative status. */
    protected abstract int release(long handle);

    /** The call that frees it, for messages ("fi_close(ep)"). */
    protected abstract String closeCall();

    /** What a use after close says; override to say what to do instead. */
    protected String closedMessage() {
        return getClass().getSimpleName() + " is closed";
    }

    @Override
    public final void close() {
        List<NativeHandle> open;
        synchronized (children) {
            open = new ArrayList<>(children);
        }
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
        long h = handle.getAndSet(CLOSED);
        if (h == CLOSED) {
            return;
        }
        if (parent != null) {
            parent.disown(this);
        }
        NativeException.check(release(h), closeCall());
    }

    private void adopt(NativeHandle child) {
        synchronized (children) {
            if (!isOpen()) {
                throw new IllegalStateException(closedMessage());
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

package io.fabrichealth.probes.bursts;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * Direct buffers reused from one burst to the next. Each burst's slots are a few MiB of direct memory on each side;
 * left to the garbage collector they stayed resident until the next GC, so every scheduled run of the seven sets
 * added about 30 MiB to the agent's RSS. A buffer comes back zeroed, so a slot never shows a payload left over
 * from an earlier burst (that would let a write that never landed pass verification).
 */
final class BufferPool {
    /** Beyond this, returned buffers are left to the GC: a reload to other sizes must not pin the old ones. */
    private static final long MAX_POOLED_BYTES = 64L << 20;
    private static final int PAGE = 4096;
    private static final ByteBuffer ZEROS = ByteBuffer.allocateDirect(64 << 10);
    private static final Map<Integer, ArrayDeque<ByteBuffer>> FREE = new HashMap<>();
    private static long pooledBytes;

    private BufferPool() {
    }

    /** A zeroed direct buffer of exactly {@code capacity} bytes, position 0, limit capacity. */
    static ByteBuffer take(int capacity) {
        ByteBuffer b;
        synchronized (BufferPool.class) {
            ArrayDeque<ByteBuffer> free = FREE.get(capacity);
            b = free == null ? null : free.pollFirst();
            if (b != null) {
                pooledBytes -= capacity;
            }
        }
        if (b == null) {
            return allocate(capacity);
        }
        for (int at = 0; at < capacity; at += ZEROS.capacity()) {
            b.put(at, ZEROS, 0, Math.min(ZEROS.capacity(), capacity - at));
        }
        return b.clear();
    }

    /**
     * Zeroed by the JDK and page-aligned, as RDMA buffers usually are and as the C baseline's aligned_alloc'd slots
     * are: allocateDirect alone aligns to 16 bytes, so the kernel's copies into a slot met another alignment on each
     * side of the comparison.
     */
    private static ByteBuffer allocate(int capacity) {
        int pages = (capacity + PAGE - 1) / PAGE;
        return ByteBuffer.allocateDirect((pages + 1) * PAGE).alignedSlice(PAGE).slice(0, capacity);
    }

    /** Hands {@code b} back; its owner must not touch it again (deregister it first). */
    static synchronized void give(ByteBuffer b) {
        if (pooledBytes + b.capacity() > MAX_POOLED_BYTES) {
            return;
        }
        FREE.computeIfAbsent(b.capacity(), k -> new ArrayDeque<>()).addLast(b);
        pooledBytes += b.capacity();
    }

    static synchronized long pooledBytes() {
        return pooledBytes;
    }
}

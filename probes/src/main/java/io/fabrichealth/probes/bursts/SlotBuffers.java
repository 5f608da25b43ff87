package io.fabrichealth.probes.bursts;

import io.fabrichealth.jni.fabric.DirectBytes;
import io.fabrichealth.jni.fabric.Endpoint;
import io.fabrichealth.jni.fabric.FabricDomain;
import io.fabrichealth.jni.fabric.Gather;
import io.fabrichealth.jni.fabric.MemoryRegion;
import java.nio.ByteBuffer;

/**
 * The payload slots of one side: {@code window} slots of {@code segments x segmentSize} bytes, each in
 * its own registered region. A gather layout puts a slot's segments in reverse order with gaps
 * between them (non-contiguous, so a gather path that mixes segments up corrupts the payload); a
 * contiguous layout is one plain buffer per slot.
 */
final class SlotBuffers implements AutoCloseable {
    private static final int GAP = 256;

    private final FabricDomain domain;
    private final Endpoint endpoint;
    private final long access;
    private final int segments;
    private final int segmentSize;
    private final boolean gather;
    private final ByteBuffer[] buffers;
    /** The buffers with their addresses, read once: filling and checking cross JNI with numbers only. */
    private final DirectBytes.Span[] spans;
    private final MemoryRegion[] regions;
    private final Gather[] lists;
    /** Memory registrations made, the first ones included: the facts show what reregister (alone) changes. */
    private long registrations;

    SlotBuffers(FabricDomain domain, Endpoint endpoint, int window, int segments, int segmentSize, boolean gather,
            long access) {
        this.domain = domain;
        this.endpoint = endpoint;
        this.access = access;
        this.segments = segments;
        this.segmentSize = segmentSize;
        this.gather = gather;
        this.buffers = new ByteBuffer[window];
        this.spans = new DirectBytes.Span[window];
        this.regions = new MemoryRegion[window];
        this.lists = new Gather[window];
        int bytes = gather ? segments * (segmentSize + GAP) : segments * segmentSize;
        try {
            for (int s = 0; s < window; s++) {
                buffers[s] = BufferPool.take(bytes);
                spans[s] = DirectBytes.span(buffers[s]);
                lists[s] = new Gather(gather ? segments : 1);
                register(s);
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    int payloadBytes() {
        return segments * segmentSize;
    }

    private int position(int segment) {
        return gather ? (segments - 1 - segment) * (segmentSize + GAP) : segment * segmentSize;
    }

    private void register(int slot) {
        registrations++;
        regions[slot] = domain.register(buffers[slot], 0, buffers[slot].capacity(), access, endpoint);
        if (gather) {
            for (int j = 0; j < segments; j++) {
                lists[slot].set(j, regions[slot], position(j), segmentSize);
            }
        } else {
            lists[slot].set(0, regions[slot], 0, payloadBytes());
        }
    }

    /** Deregisters the slot's buffer (reregister: after it was transmitted, or emptied and verified). */
    void deregister(int slot) {
        MemoryRegion old = regions[slot];
        if (old != null) {
            regions[slot] = null;
            old.close();
        }
    }

    /** Registers the slot's buffer again if {@link #deregister} took it away (reregister: before reuse). */
    void ensureRegistered(int slot) {
        if (regions[slot] == null) {
            register(slot);
        }
    }

    long registrations() {
        return registrations;
    }

    MemoryRegion region(int slot) {
        return regions[slot];
    }

    Gather gather(int slot) {
        return lists[slot];
    }

    ByteBuffer buffer(int slot) {
        return buffers[slot];
    }

    void fill(PayloadPattern pattern, int slot, long seq) {
        for (int j = 0; j < segments; j++) {
            pattern.fill(seq, spans[slot], position(j), j * segmentSize, segmentSize);
        }
    }

    /** Every byte of the slot against payload {@code seq}: null when all match. */
    Mismatch verify(PayloadPattern pattern, int slot, long seq) {
        boolean same = true;
        for (int j = 0; j < segments && same; j++) {
            same = pattern.matches(seq, spans[slot], position(j), j * segmentSize, segmentSize);
        }
        if (same) {
            return null;
        }
        Mismatch.Range[] ranges = new Mismatch.Range[segments];
        for (int j = 0; j < segments; j++) {
            ranges[j] = new Mismatch.Range(buffers[slot], position(j), j * segmentSize, segmentSize);
        }
        return Mismatch.find(pattern, seq, ranges);
    }

    /** Where byte {@code logical} of the slot's payload lives in its buffer (fire drills). */
    int bufferOffset(int logical) {
        return position(logical / segmentSize) + logical % segmentSize;
    }

    /** Deregisters every slot, then returns its memory to the pool for the next burst. */
    @Override
    public void close() {
        for (int s = 0; s < regions.length; s++) {
            if (regions[s] != null) {
                regions[s].close();
                regions[s] = null;
            }
            if (buffers[s] != null) {
                BufferPool.give(buffers[s]);
                buffers[s] = null;
                spans[s] = null;
            }
        }
    }
}

package io.fabrichealth.jni.verbs;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;

/** An ibv_mr over part of a direct buffer, which it keeps reachable; the peer needs {@link #rkey()} and the address. */
public final class VerbsMemory implements AutoCloseable {
    private final VerbsConnection connection;
    private final AtomicLong mr;
    private final ByteBuffer buffer;
    private final long address;
    private final int length;
    private final int lkey;
    private final int rkey;

    VerbsMemory(VerbsConnection connection, long mr, ByteBuffer buffer, long address, int length, int lkey, int rkey) {
        this.connection = connection;
        this.mr = new AtomicLong(mr);
        this.buffer = buffer;
        this.address = address;
        this.length = length;
        this.lkey = lkey;
        this.rkey = rkey;
    }

    public ByteBuffer buffer() {
        return buffer;
    }

    /** Virtual address of the region's first byte: what the peer puts in its RDMA work request. */
    public long address() {
        return address;
    }

    public int length() {
        return length;
    }

    public int lkey() {
        return lkey;
    }

    public int rkey() {
        return rkey;
    }

    /** ibv_dereg_mr, once. */
    @Override
    public void close() {
        long h = mr.getAndSet(0);
        if (h != 0) {
            connection.deregistered(this, h);
        }
    }
}

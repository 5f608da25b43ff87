package io.fabrichealth.jni.verbs;

import io.fabrichealth.jni.NativeHandle;
import java.nio.ByteBuffer;

/**
 * An ibv_mr over part of a direct buffer, which it keeps reachable; the peer needs {@link #rkey()} and the address.
 * A child of its connection, which deregisters it first when it closes.
 */
public final class VerbsMemory extends NativeHandle {
    private final ByteBuffer buffer;
    private final long address;
    private final int length;
    private final int lkey;
    private final int rkey;

    VerbsMemory(NativeHandle connection, long mr, ByteBuffer buffer, long address, int length, int lkey, int rkey) {
        super(mr, connection);
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

    @Override
    protected int release(long mr) {
        return dereg0(mr);
    }

    @Override
    protected String closeCall() {
        return "ibv_dereg_mr";
    }

    private static native int dereg0(long mr);
}

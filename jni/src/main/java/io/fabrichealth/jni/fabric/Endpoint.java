package io.fabrichealth.jni.fabric;

import io.fabrichealth.jni.NativeException;
import io.fabrichealth.jni.NativeHandle;

/**
 * fi_endpoint and its data path. Data-path calls take addresses and descriptors the caller already
 * holds (from {@link MemoryRegion}, {@link Gather}, {@link OpContexts}) and allocate nothing. They
 * return true when posted and false when the queue is full (-FI_EAGAIN: read the CQ, then retry);
 * any other negative status throws.
 */
public final class Endpoint extends NativeHandle {
    public static final long BIND_TRANSMIT = Flags.FI_SEND;
    public static final long BIND_RECV = Flags.FI_RECV;

    public Endpoint(FabricDomain domain, FabricInfo info) {
        super(NativeException.check(open0(domain.handle(), info.handle()), "fi_endpoint(" + info.provider() + ")"),
                domain);
    }

    /** Binds a completion queue for {@code flags} = BIND_TRANSMIT | BIND_RECV. */
    public void bind(CompletionQueue cq, long flags) {
        NativeException.check(bind0(handle(), cq.handle(), flags), "fi_ep_bind(cq)");
    }

    public void bind(EventQueue eq) {
        NativeException.check(bind0(handle(), eq.handle(), 0), "fi_ep_bind(eq)");
    }

    public void bind(AddressVector av) {
        NativeException.check(bind0(handle(), av.handle(), 0), "fi_ep_bind(av)");
    }

    public void enable() {
        NativeException.check(enable0(handle()), "fi_enable");
    }

    /** MSG: connect to the destination {@code info} names; FI_CONNECTED follows on the event queue. */
    public void connect(FabricInfo info) {
        NativeException.check(connect0(handle(), info.handle()), "fi_connect");
    }

    /** MSG: accept the request this endpoint was opened from. */
    public void accept() {
        NativeException.check(accept0(handle()), "fi_accept");
    }

    public void shutdown() {
        NativeException.check(shutdown0(handle()), "fi_shutdown");
    }

    /** This endpoint's raw address (fi_getname), for a peer's address vector. */
    public byte[] name() {
        return Fid.name(handle(), "fi_getname(ep)");
    }

    /** Whether an event-queue entry's fid is this endpoint. */
    public boolean isFid(long fid) {
        return isOpen() && fid == handle();
    }

    /** fi_writemsg: gather {@code local} into {@code remoteLength} bytes at the peer's {@code remoteAddress}. */
    public boolean writemsg(Gather local, long dest, long remoteAddress, long remoteLength, long key, long context,
            long flags) {
        return posted(writemsg0(handle(), local.iovAddress(), local.descAddress(), local.count(), dest,
                remoteAddress, remoteLength, key, context, flags), "fi_writemsg");
    }

    /** fi_readmsg: scatter {@code remoteLength} bytes from the peer into {@code local}. */
    public boolean readmsg(Gather local, long src, long remoteAddress, long remoteLength, long key, long context,
            long flags) {
        return posted(readmsg0(handle(), local.iovAddress(), local.descAddress(), local.count(), src, remoteAddress,
                remoteLength, key, context, flags), "fi_readmsg");
    }

    /** fi_write of one contiguous local buffer. */
    public boolean write(long address, long length, long desc, long dest, long remoteAddress, long key,
            long context) {
        return posted(write0(handle(), address, length, desc, dest, remoteAddress, key, context), "fi_write");
    }

    public boolean send(long address, long length, long desc, long dest, long context) {
        return posted(send0(handle(), address, length, desc, dest, context), "fi_send");
    }

    public boolean recv(long address, long length, long desc, long src, long context) {
        return posted(recv0(handle(), address, length, desc, src, context), "fi_recv");
    }

    /**
     * fi_cancel of the operation posted with {@code context}. Returns 0, or the provider's negative
     * status when it cannot cancel (FI_ENOENT: already done or not cancellable); never throws for that,
     * because what counts is the completion (or FI_ECANCELED error) that must follow.
     */
    public int cancel(long context) {
        return cancel0(handle(), context);
    }

    private static boolean posted(int rc, String call) {
        if (rc == 0) {
            return true;
        }
        if (rc == Status.FI_EAGAIN) {
            return false;
        }
        throw new NativeException(rc, call);
    }

    @Override
    protected int release(long handle) {
        return Fid.close0(handle);
    }

    @Override
    protected String closeCall() {
        return "fi_close(ep)";
    }

    private static native long open0(long domain, long info);

    private static native int bind0(long ep, long fid, long flags);

    private static native int enable0(long ep);

    private static native int connect0(long ep, long info);

    private static native int accept0(long ep);

    private static native int shutdown0(long ep);

    private static native int writemsg0(long ep, long iov, long desc, int count, long dest, long remoteAddr,
            long remoteLen, long key, long context, long flags);

    private static native int readmsg0(long ep, long iov, long desc, int count, long src, long remoteAddr,
            long remoteLen, long key, long context, long flags);

    private static native int write0(long ep, long buf, long len, long desc, long dest, long remoteAddr, long key,
            long context);

    private static native int send0(long ep, long buf, long len, long desc, long dest, long context);

    private static native int recv0(long ep, long buf, long len, long desc, long src, long context);

    private static native int cancel0(long ep, long context);
}

package io.fabrichealth.jni.fabric;

import io.fabrichealth.jni.NativeException;
import io.fabrichealth.jni.NativeFamily;
import io.fabrichealth.jni.NativeHandle;
import java.time.Duration;

/** An epoll set over completion-queue wait fds (FI_WAIT_FD + fi_trywait + epoll, as fabtests do). */
public final class WaitSet extends NativeHandle {
    public WaitSet() {
        super(create(), null);
    }

    private static long create() {
        NativeFamily.FABRIC.ensureAvailable();
        return NativeException.check(create0(), "epoll_create1");
    }

    /** Watches a CQ's wait fd (the fd stays the CQ's: closing this set does not close it). */
    public void add(CompletionQueue cq) {
        NativeException.check(add0(fd(), cq.waitFd()), "epoll_ctl(ADD)");
    }

    /** Sleeps until a watched fd is ready or {@code timeout} passes; the number of ready fds. */
    public int await(Duration timeout) {
        int ms = (int) Math.min(Integer.MAX_VALUE, Math.max(0, timeout.toMillis()));
        return NativeException.check(wait0(fd(), ms), "epoll_wait");
    }

    private int fd() {
        return (int) handle();
    }

    @Override
    protected int release(long fd) {
        return close0((int) fd);
    }

    @Override
    protected String closeCall() {
        return "close(epoll fd)";
    }

    private static native int create0();

    private static native int add0(int epfd, int fd);

    private static native int wait0(int epfd, int timeoutMs);

    private static native int close0(int fd);
}

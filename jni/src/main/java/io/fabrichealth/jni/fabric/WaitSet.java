package io.fabrichealth.jni.fabric;

import io.fabrichealth.jni.NativeException;
import java.time.Duration;

/** An epoll set over completion-queue wait fds (FI_WAIT_FD + fi_trywait + epoll, as fabtests do). */
public final class WaitSet implements AutoCloseable {
    private final java.util.concurrent.atomic.AtomicInteger fd;

    public WaitSet() {
        Fid.ensureLoaded();
        fd = new java.util.concurrent.atomic.AtomicInteger(Fid.check(create0(), "epoll_create1"));
    }

    /** Watches a CQ's wait fd (the fd stays the CQ's: closing this set does not close it). */
    public void add(CompletionQueue cq) {
        Fid.check(add0(fd(), cq.waitFd()), "epoll_ctl(ADD)");
    }

    /** Sleeps until a watched fd is ready or {@code timeout} passes; the number of ready fds. */
    public int await(Duration timeout) {
        int ms = (int) Math.min(Integer.MAX_VALUE, Math.max(0, timeout.toMillis()));
        return Fid.check(wait0(fd(), ms), "epoll_wait");
    }

    private int fd() {
        int f = fd.get();
        if (f < 0) {
            throw new IllegalStateException("WaitSet is closed");
        }
        return f;
    }

    @Override
    public void close() {
        int f = fd.getAndSet(-1);
        if (f >= 0) {
            int rc = close0(f);
            if (rc < 0) {
                throw new NativeException(rc, "close(epoll fd)");
            }
        }
    }

    private static native int create0();

    private static native int add0(int epfd, int fd);

    private static native int wait0(int epfd, int timeoutMs);

    private static native int close0(int fd);
}

package io.fabrichealth.jni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The one close-once handle. A Java stand-in releases here: what is under test is the order and the count of
 * releases, which no native object would show more plainly.
 */
class NativeHandleTest {
    private final List<String> released = new ArrayList<>();

    @Test
    void aParentClosesItsChildrenFirstAndEveryHandleReleasesOnce() {
        Handle domain = new Handle("domain", 7, null, 0);
        Handle cq = new Handle("cq", 8, domain, 0);
        Handle ep = new Handle("ep", 9, domain, 0);

        cq.close();
        domain.close();
        domain.close();
        ep.close();

        assertThat(released).containsExactly("cq 8", "ep 9", "domain 7");
        assertThat(domain.isOpen()).isFalse();
        assertThatThrownBy(domain::handle).isInstanceOf(IllegalStateException.class).hasMessage("Handle is closed");
    }

    @Test
    void aFailedReleaseIsANativeExceptionNamingTheCallAndTheHandleStaysClosed() {
        Handle listener = new Handle("listener", 3, null, -Errno.value("EBUSY"));

        assertThatThrownBy(listener::close).isInstanceOf(NativeException.class)
                .hasMessageStartingWith("release(listener) failed: EBUSY");
        assertThat(listener.isOpen()).isFalse();
        listener.close();
        assertThat(released).containsExactly("listener 3");
    }

    private final class Handle extends NativeHandle {
        private final String name;
        private final int status;

        Handle(String name, long handle, NativeHandle parent, int status) {
            super(handle, parent);
            this.name = name;
            this.status = status;
        }

        @Override
        protected int release(long handle) {
            released.add(name + " " + handle);
            return status;
        }

        @Override
        protected String closeCall() {
            return "release(" + name + ")";
        }
    }
}

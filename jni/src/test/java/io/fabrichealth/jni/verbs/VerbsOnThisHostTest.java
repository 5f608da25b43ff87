package io.fabrichealth.jni.verbs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabrichealth.jni.NativeException;
import io.fabrichealth.jni.NativeFamily;
import io.fabrichealth.jni.Verbs;
import java.net.Inet4Address;
import java.net.InetAddress;
import org.junit.jupiter.api.Test;

/** The host has no RDMA device (the guest tests run over Soft-RoCE): listening fails with a status and advice. */
class VerbsOnThisHostTest {

    @Test
    void withoutAnRdmaDeviceListeningFailsWithAdvice() throws Exception {
        assertThat(NativeFamily.VERBS.available()).as("%s", NativeFamily.VERBS.cause()).isTrue();
        assertThat(Verbs.deviceNames()).as("this test describes a host without RDMA devices").isEmpty();
        Inet4Address lo = (Inet4Address) InetAddress.getByName("127.0.0.1");
        assertThatThrownBy(() -> VerbsListener.listen(lo, 0)).isInstanceOf(NativeException.class)
                .hasMessageContaining("rdma_bind_addr/rdma_listen(127.0.0.1:0) failed")
                .satisfies(e -> assertThat(((NativeException) e).status()).isNegative());
        assertThatThrownBy(() -> VerbsConnection.connect(lo, 1, null, 100, 1)).isInstanceOf(NativeException.class)
                .hasMessageContaining("rdma_connect(127.0.0.1:1) failed");
    }
}

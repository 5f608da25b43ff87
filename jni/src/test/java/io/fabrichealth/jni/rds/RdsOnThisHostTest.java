package io.fabrichealth.jni.rds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabrichealth.jni.NativeException;
import io.fabrichealth.jni.NativeFamily;
import io.fabrichealth.jni.Rds;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/**
 * The host kernel has no RDS (the guest tests cover the real thing): opening a socket fails with the errno and
 * what to load; a connection-table row decodes as the kernel lays it out.
 */
class RdsOnThisHostTest {

    @Test
    void withoutRdsInTheKernelOpenSaysWhatToLoad() {
        assertThat(NativeFamily.RDS.available()).as("%s", NativeFamily.RDS.cause()).isTrue();
        int support = Rds.kernelSupport();
        if (support == 0) {
            try (RdsSocket s = RdsSocket.open()) {
                assertThat(s.transport()).isEqualTo(RdsSocket.TRANSPORT_NONE);
            }
            return; // a kernel with RDS: the guest tests say more
        }
        assertThatThrownBy(RdsSocket::open).isInstanceOf(NativeException.class)
                .hasMessageContaining("socket(AF_RDS, SOCK_SEQPACKET) failed: EAFNOSUPPORT")
                .hasMessageContaining("modprobe rds rds_tcp");
    }

    @Test
    void aConnectionRowDecodesAsThePackedKernelStruct() throws Exception {
        ByteBuffer b = ByteBuffer.allocateDirect(Rds.RDS_INFO_CONNECTION_SIZE + 8).order(ByteOrder.nativeOrder());
        b.putLong(4, 7).putLong(12, 9);
        b.order(ByteOrder.BIG_ENDIAN).putInt(20, 0x0a4e0001).putInt(24, 0x0a4e0002);
        b.put(28, "tcp".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        b.put(44, (byte) RdsConnection.FLAG_CONNECTED);

        RdsConnection c = RdsConnection.decode(b.order(ByteOrder.nativeOrder()), 4);

        assertThat(c.local()).isEqualTo((Inet4Address) InetAddress.getByName("10.78.0.1"));
        assertThat(c.remote()).isEqualTo((Inet4Address) InetAddress.getByName("10.78.0.2"));
        assertThat(c.transport()).isEqualTo("tcp");
        assertThat(c.connected()).isTrue();
        assertThat(c.nextTxSeq()).isEqualTo(7);
        assertThat(c.nextRxSeq()).isEqualTo(9);
        assertThat(RdsSocket.ipv4((Inet4Address) InetAddress.getByName("10.78.0.2"))).isEqualTo(0x0a4e0002);
    }
}

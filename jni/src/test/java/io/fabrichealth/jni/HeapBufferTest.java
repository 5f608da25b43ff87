package io.fabrichealth.jni;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * C reads MADs straight from buffer memory, so heap buffers must be refused before any native
 * call. (The same refusal on a live port is checked under ibsim in UmadUnderIbsimTest.) A port
 * object with no descriptor behind it is enough here: the check comes first.
 */
class HeapBufferTest {
    private final UmadPort port = new UmadPort(-1, null, 0);

    @Test
    void sendRefusesAHeapBufferAndSaysToAllocateADirectOne() {
        assertThatThrownBy(() -> port.send(0, ByteBuffer.allocate(256), MadAddress.directedRoute()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("UmadPort.send needs a direct ByteBuffer (ByteBuffer.allocateDirect(256)); "
                        + "got a heap buffer");
    }

    @Test
    void recvRefusesAHeapBufferAndSaysToAllocateADirectOne() {
        assertThatThrownBy(() -> port.recv(ByteBuffer.allocate(256), 10))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs a direct ByteBuffer");
    }

    @Test
    void recvRefusesABufferWithoutRoomForAWholeMad() {
        assertThatThrownBy(() -> port.recv(ByteBuffer.allocateDirect(100), 10))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("recv needs 256 bytes of room, the buffer has 100 remaining");
    }

    @Test
    void sendRefusesSomethingThatCannotBeAMad() {
        assertThatThrownBy(() -> port.send(0, ByteBuffer.allocateDirect(300), MadAddress.directedRoute()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a MAD is 24..256 bytes, the buffer has 300 remaining");
    }
}

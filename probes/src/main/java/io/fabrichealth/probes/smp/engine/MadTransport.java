package io.fabrichealth.probes.smp.engine;

import io.fabrichealth.jni.MadAddress;
import io.fabrichealth.jni.MadReceipt;
import io.fabrichealth.jni.UmadPort;
import java.nio.ByteBuffer;

/**
 * Where the engine puts MADs and finds answers: {@link UmadTransport} on a real or simulated port. The seam exists
 * so a test can wrap the real transport and look at every MAD that leaves (NoSetEverSentTest), not to fake one.
 */
public interface MadTransport extends AutoCloseable {

    /**
     * Sends the 256 bytes of {@code mad} (position 0..256) to {@code to}; the management class is byte 1.
     *
     * @param timeoutMillis the engine's own deadline; on hardware the kernel needs it to deliver the answer
     */
    void send(ByteBuffer mad, MadAddress to, int timeoutMillis);

    /** Waits up to {@code timeoutMillis} (0 = just look) for the next MAD; null when none came. */
    MadReceipt receive(ByteBuffer into, int timeoutMillis);

    /**
     * Takes up to {@code max} MADs in one go: waits up to {@code timeoutMillis} for the first, then takes only those
     * already there. Slot {@code i} of {@code slots} starts at {@code i * UmadPort.RECV_SLOT_SIZE}: the packed
     * receipt (big-endian long, read with {@link MadReceipt#packedLength} and its siblings), then the MAD at
     * {@link UmadPort#RECV_SLOT_MAD}. This default takes one through {@link #receive}.
     *
     * @return slots filled; 0 when none came
     */
    default int receiveBatch(ByteBuffer slots, int max, int timeoutMillis) {
        MadReceipt r = receive(slots.duplicate().position(UmadPort.RECV_SLOT_MAD), timeoutMillis);
        if (r == null) {
            return 0;
        }
        slots.putLong(0, r.packed());
        return 1;
    }

    @Override
    void close();
}

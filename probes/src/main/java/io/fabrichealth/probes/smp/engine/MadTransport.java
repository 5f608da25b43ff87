package io.fabrichealth.probes.smp.engine;

import io.fabrichealth.jni.MadAddress;
import io.fabrichealth.jni.MadReceipt;
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

    @Override
    void close();
}

package io.fabrichealth.mbeans.flips;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One kind of message to flip a bit in: how the injector finds it (a pattern, or a receive of at least a size),
 * and how far into it the flipped byte may go.
 *
 * @param protocol "bursts tcp MSG", "bursts tcp;ofi_rxm RDM", "pingpong fabric" or "pingpong control"
 * @param type     the message type, or "payload (put)" and the like
 * @param pattern  the bytes every such message starts with; null for a size-chosen receive
 * @param span     the flipped byte lies at 0..span-1 from the pattern (pattern) or anywhere (size: the middle)
 * @param repeats  how many such messages one run receives, so a random skip lands on any of them
 */
record FlipTarget(String protocol, String type, byte[] pattern, int span, int repeats, long minLength) {

    /** A burst wire message: magic "FHBW", version 2 (bursts/Wire.VERSION), type. */
    static FlipTarget burst(String protocol, String type, int code, int repeats) {
        return new FlipTarget(protocol, type, new byte[] {'F', 'H', 'B', 'W', 2, (byte) code}, 256, repeats, 0);
    }

    /** A ping-pong data message: magic "FHPP" (little endian), version 1, type; header and payload. */
    static FlipTarget pingPong(String type, int code, int messageBytes, int repeats) {
        return new FlipTarget("pingpong fabric", type, new byte[] {'F', 'H', 'P', 'P', 1, (byte) code}, messageBytes,
                repeats, 0);
    }

    /** A ping-pong control frame: magic "FHC2", version 2, kind. */
    static FlipTarget control(String type, int kind, int frameBytes) {
        byte[] magic = ByteBuffer.allocate(4).order(ByteOrder.BIG_ENDIAN).putInt(0x46484332).array(); // ControlLink.MAGIC, "FHC2"
        return new FlipTarget("pingpong control", type, new byte[] {magic[0], magic[1], magic[2], magic[3], 2,
            (byte) kind}, frameBytes, 1, 0);
    }

    /** Payload bytes: the middle of a receive of at least {@code minLength} bytes (control messages are smaller). */
    static FlipTarget payload(String protocol, String type, long minLength, int repeats) {
        return new FlipTarget(protocol, type, null, 0, repeats, minLength);
    }

    String key() {
        return protocol + " / " + type;
    }
}

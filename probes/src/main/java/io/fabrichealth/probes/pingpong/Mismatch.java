package io.fabrichealth.probes.pingpong;

import java.nio.ByteBuffer;
import java.util.HexFormat;

/**
 * A corrupted payload: the offset of the first bad byte (from the payload's start, i.e. after the
 * {@value Header#SIZE}-byte header), how many bytes differ, and up to {@value #SHOWN} expected and actual bytes
 * from the first bad one, in hex.
 */
public record Mismatch(int firstBadOffset, int badBytes, String expectedHex, String actualHex) {
    public static final int SHOWN = 32;

    /** Compares the payload at {@code src[at]} byte by byte with pattern {@code rotation} (the slow path). */
    public static Mismatch find(PayloadPattern pattern, int rotation, ByteBuffer src, int at, int count, int first) {
        int bad = 0;
        StringBuilder expected = new StringBuilder();
        StringBuilder actual = new StringBuilder();
        HexFormat hex = HexFormat.of();
        for (int i = first; i < count; i++) {
            byte want = pattern.expected(rotation, i);
            byte got = src.get(at + i);
            if (want != got) {
                bad++;
            }
            if (i - first < SHOWN) {
                expected.append(hex.toHexDigits(want));
                actual.append(hex.toHexDigits(got));
            }
        }
        return new Mismatch(first, bad, expected.toString(), actual.toString());
    }

    /**
     * The Corruption alarm's details.
     *
     * @param direction what carried the payload, e.g. "ack from responder task 1" or "request to responder task 0"
     * @param task      the initiator's task the payload belongs to
     */
    public String describe(String peer, String transport, String direction, int task, long seq) {
        boolean message = direction.startsWith("request") || direction.startsWith("ack");
        return "peer " + peer + ", transport " + transport + ", " + direction + ", initiator task " + task + ", seq "
                + seq + ": first bad byte at payload offset " + firstBadOffset
                + (message ? " (message byte " + (Header.SIZE + firstBadOffset) + ")" : "") + ", " + badBytes
                + " bad byte(s); expected " + expectedHex + ", actual " + actualHex;
    }
}

package io.fabrichealth.probes.bursts;

import java.nio.ByteBuffer;
import java.util.HexFormat;

/**
 * What a corrupted payload looked like: offset of the first bad byte (from the payload's start),
 * how many bytes differ, and up to 32 expected and actual bytes from the first bad one, in hex.
 */
public record Mismatch(long seq, int firstBadOffset, int badBytes, String expectedHex, String actualHex) {
    static final int SHOWN = 32;

    /** One place where payload bytes sit: {@code count} bytes of the payload from {@code logical}, at {@code at}. */
    record Range(ByteBuffer buffer, int at, int logical, int count) {
    }

    /** Compares every byte of the ranges (which together cover the payload) with payload {@code seq}. */
    static Mismatch find(PayloadPattern pattern, long seq, Range... ranges) {
        java.util.Arrays.sort(ranges, java.util.Comparator.comparingInt(Range::logical));
        int first = -1;
        int bad = 0;
        StringBuilder expected = new StringBuilder();
        StringBuilder actual = new StringBuilder();
        HexFormat hex = HexFormat.of();
        for (Range r : ranges) {
            for (int i = 0; i < r.count(); i++) {
                byte want = pattern.expected(seq, r.logical() + i);
                byte got = r.buffer().get(r.at() + i);
                if (first < 0 && want != got) {
                    first = r.logical() + i;
                }
                if (want != got) {
                    bad++;
                }
                if (first >= 0 && r.logical() + i - first < SHOWN) {
                    expected.append(hex.toHexDigits(want));
                    actual.append(hex.toHexDigits(got));
                }
            }
        }
        return first < 0 ? null : new Mismatch(seq, first, bad, expected.toString(), actual.toString());
    }

    /** The Corruption alarm's details. */
    /** @param test phase and set, {@code put cacheless,reregister} */
    public String describe(String peer, String test, String burst) {
        return "peer " + peer + ", " + test + ", burst " + burst + ", payload seq " + seq
                + ": first bad byte at offset " + firstBadOffset + ", " + badBytes + " bad byte(s); expected "
                + expectedHex + ", actual " + actualHex;
    }
}

package io.fabrichealth.fleet;

import java.nio.charset.StandardCharsets;

/** Stable 64-bit hashes: every member must compute the same value on every JVM, so no String.hashCode. */
final class Hashes {
    private Hashes() {
    }

    /** A 64-bit finalizer (good avalanche: one changed input bit flips about half the output bits). */
    static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return z ^ (z >>> 33);
    }

    /** FNV-1a over the UTF-8 bytes, then mixed. */
    static long of(String text) {
        long h = 0xcbf29ce484222325L;
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            h = (h ^ (b & 0xff)) * 0x100000001b3L;
        }
        return mix(h);
    }
}

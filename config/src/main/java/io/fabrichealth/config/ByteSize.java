package io.fabrichealth.config;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A size in bytes, written {@code 64K}, {@code 1M}, {@code 2G} or plain {@code 4096}. Units are binary
 * (K = 1024) because segment and buffer sizes are meant to line up with pages; {@code KB} and {@code KiB} are
 * read the same way as {@code K}.
 */
public record ByteSize(long bytes) {
    private static final Pattern TEXT = Pattern.compile("(\\d+)\\s*([kmgt]?)(i?b)?");
    private static final String UNITS = "KMGT";

    public ByteSize {
        if (bytes < 0) {
            throw new IllegalArgumentException("A size cannot be negative: " + bytes);
        }
    }

    public static ByteSize ofBytes(long bytes) {
        return new ByteSize(bytes);
    }

    public static ByteSize ofKiB(long kib) {
        return new ByteSize(Math.multiplyExact(kib, 1024L));
    }

    public static ByteSize ofMiB(long mib) {
        return new ByteSize(Math.multiplyExact(mib, 1024L * 1024));
    }

    /** @throws IllegalArgumentException with a message that says what to write instead */
    public static ByteSize parse(String text) {
        Matcher m = TEXT.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException(text.contains(".")
                    ? "fractions are not accepted: use a smaller unit, like 1536K"
                    : "the units are K, M, G and T (1024-based), or none for bytes");
        }
        try {
            long value = Long.parseLong(m.group(1));
            int shift = m.group(2).isEmpty() ? 0 : 10 * (UNITS.indexOf(m.group(2).toUpperCase(Locale.ROOT)) + 1);
            if (shift > 0 && Long.numberOfLeadingZeros(value) <= shift) {
                throw new ArithmeticException();
            }
            return new ByteSize(value << shift);
        } catch (ArithmeticException | NumberFormatException e) {
            throw new IllegalArgumentException("the size is too large");
        }
    }

    /** For buffer sizes handed to APIs that take an int. */
    public int toIntExact() {
        return Math.toIntExact(bytes);
    }

    /** The largest unit that shows the value exactly, so {@code parse(toString())} gives the same size. */
    @Override
    public String toString() {
        if (bytes == 0) {
            return "0";
        }
        for (int i = UNITS.length() - 1; i >= 0; i--) {
            int shift = 10 * (i + 1);
            if (bytes % (1L << shift) == 0) {
                return (bytes >> shift) + String.valueOf(UNITS.charAt(i));
            }
        }
        return Long.toString(bytes);
    }
}

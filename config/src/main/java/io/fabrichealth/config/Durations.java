package io.fabrichealth.config;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as people write them in config files: {@code 500ms}, {@code 2s}, {@code 1m}, {@code 1h}. */
public final class Durations {
    private static final Pattern TEXT = Pattern.compile("([-+]?\\d+)\\s*(ns|us|ms|s|m|h|d)");
    private static final String[] UNITS = {"d", "h", "m", "s", "ms", "us", "ns"};
    private static final long[] NANOS = {86_400_000_000_000L, 3_600_000_000_000L, 60_000_000_000L,
        1_000_000_000L, 1_000_000L, 1_000L, 1L};

    private Durations() {
    }

    /**
     * Parses a whole number with a unit: ns, us, ms, s, m, h or d (fractions are not accepted, so every value
     * prints back exactly).
     *
     * @throws IllegalArgumentException with a message that says what to write instead
     */
    public static Duration parse(String text) {
        Matcher m = TEXT.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException(text.contains(".")
                    ? "fractions are not accepted: use a smaller unit, like 1500ms"
                    : "the units are ns, us, ms, s, m, h and d");
        }
        try {
            long amount = Long.parseLong(m.group(1));
            for (int i = 0; i < UNITS.length; i++) {
                if (UNITS[i].equals(m.group(2))) {
                    return Duration.ofNanos(Math.multiplyExact(amount, NANOS[i]));
                }
            }
        } catch (ArithmeticException | NumberFormatException e) {
            throw new IllegalArgumentException("the duration is too long");
        }
        throw new AssertionError("unit matched the pattern but not the table: " + m.group(2));
    }

    /** The largest unit that shows the value exactly: {@code 90s -> "90s"}, {@code 120s -> "2m"}. */
    public static String format(Duration d) {
        long nanos = d.toNanos();
        if (nanos == 0) {
            return "0s";
        }
        for (int i = 0; i < UNITS.length; i++) {
            if (nanos % NANOS[i] == 0) {
                return nanos / NANOS[i] + UNITS[i];
            }
        }
        throw new AssertionError("1ns divides every duration");
    }
}

package io.fabrichealth.jni;

import java.util.HashMap;
import java.util.Map;

/**
 * Status names and values as this platform defines them: errno ({@code <errno.h>}) and libfabric's own FI_E*
 * codes (256 and up, {@code <rdma/fi_errno.h>}). Nothing here is a number: the table is read from C once, from
 * whichever family's library loads first (each carries the same table), so errno values of other
 * architectures come out right.
 *
 * <p>Natives return {@code -errno}: compare with {@code rc == -Errno.ENODEV}. The values are read at run time,
 * so they are not compile-time constants and cannot be {@code switch} labels. Reading this class loads one
 * family if none has loaded yet; when no family can load, no native can have returned a status either, so every
 * value is {@link #UNKNOWN} and {@link #name(int)} says "E?" and the number.
 *
 * <p>The family loading path must not touch this class (it initialises while a family loads).
 */
public final class Errno {
    /** The value of a name the table lacks: no status equals it. */
    public static final int UNKNOWN = Integer.MIN_VALUE;

    private static final Table TABLE = Table.read();

    public static final int ENOENT = TABLE.value("ENOENT");
    public static final int EIO = TABLE.value("EIO");
    public static final int EAGAIN = TABLE.value("EAGAIN");
    public static final int EACCES = TABLE.value("EACCES");
    public static final int ENODEV = TABLE.value("ENODEV");
    public static final int ENOSPC = TABLE.value("ENOSPC");
    public static final int EPIPE = TABLE.value("EPIPE");
    public static final int ENOSYS = TABLE.value("ENOSYS");
    public static final int ENODATA = TABLE.value("ENODATA");
    public static final int EOPNOTSUPP = TABLE.value("EOPNOTSUPP");
    public static final int EAFNOSUPPORT = TABLE.value("EAFNOSUPPORT");
    public static final int EADDRNOTAVAIL = TABLE.value("EADDRNOTAVAIL");
    public static final int ECONNABORTED = TABLE.value("ECONNABORTED");
    public static final int ECONNRESET = TABLE.value("ECONNRESET");
    public static final int ENOBUFS = TABLE.value("ENOBUFS");
    public static final int ENOTCONN = TABLE.value("ENOTCONN");
    public static final int ESHUTDOWN = TABLE.value("ESHUTDOWN");
    public static final int ETIMEDOUT = TABLE.value("ETIMEDOUT");
    public static final int ECONNREFUSED = TABLE.value("ECONNREFUSED");
    public static final int ECANCELED = TABLE.value("ECANCELED");

    private Errno() {
    }

    /** The value of {@code name} ("ENODEV", "FI_EAVAIL"), positive as in C; {@link #UNKNOWN} when absent. */
    public static int value(String name) {
        return TABLE.value(name);
    }

    /** "ETIMEDOUT" for 110 or -110 (on x86_64); "E?123" when unknown. */
    public static String name(int status) {
        String[] entry = TABLE.entry(status);
        return entry == null ? "E?" + Math.abs(status) : entry[0];
    }

    /** "Connection timed out" for ETIMEDOUT or its negative; "unknown error" when unknown. */
    public static String description(int status) {
        String[] entry = TABLE.entry(status);
        return entry == null ? "unknown error" : entry[1];
    }

    /** "ETIMEDOUT (-110, Connection timed out)": the name, number and text of a status, as messages print it. */
    public static String describe(int status) {
        return name(status) + " (" + status + ", " + description(status) + ")";
    }

    /** The table as C built it; natives registered by every family's JNI_OnLoad (common/fh_errno.c). */
    static final class Table {
        private final Map<String, Integer> values = new HashMap<>();
        private final Map<Integer, String[]> entries = new HashMap<>();

        private Table(String[] strings, int[] numbers) {
            for (int i = 0; i < numbers.length; i++) {
                values.put(strings[2 * i], numbers[i]);
                entries.putIfAbsent(numbers[i], new String[] {strings[2 * i], strings[2 * i + 1]});
            }
        }

        static Table read() {
            if (!NativeFamily.loadAny()) {
                return new Table(new String[0], new int[0]);
            }
            return new Table(strings0(), values0());
        }

        int value(String name) {
            return values.getOrDefault(name, UNKNOWN);
        }

        String[] entry(int status) {
            return status == UNKNOWN ? null : entries.get(Math.abs(status));
        }

        /** name0, text0, name1, text1, ... */
        private static native String[] strings0();

        private static native int[] values0();
    }
}

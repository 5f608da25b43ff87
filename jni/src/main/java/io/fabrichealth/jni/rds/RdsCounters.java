package io.fabrichealth.jni.rds;

import io.fabrichealth.jni.Rds;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The kernel's RDS statistics as RDS_INFO_COUNTERS returns them: the core counters, then each loaded transport's
 * ({@code ib_*} with rds_rdma, {@code tcp_*} with rds_tcp), in the kernel's order and with the kernel's names;
 * nothing here knows which names exist. Values are the kernel's u64s (read them with
 * {@link Long#toUnsignedString} past 2^63). The counters are per host (all sockets, all namespaces).
 */
public record RdsCounters(Map<String, Long> values) {
    /** The longest name struct rds_info_counter holds, without its terminating NUL. */
    static final int NAME_BYTES = 32;

    public RdsCounters {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** The counter's value, or -1 when this kernel does not report it (its transport is not loaded). */
    public long value(String name) {
        Long v = values.get(name);
        return v == null ? -1 : v;
    }

    /**
     * Decodes {@code length} bytes of packed struct rds_info_counter ({@code each} bytes apiece, as getsockopt
     * returned it). A length or size the kernel cannot have given, or a name that is not NUL-terminated printable
     * ASCII, is an {@link IllegalArgumentException} that says what was wrong: never half a table.
     */
    public static RdsCounters decode(ByteBuffer buffer, int length, int each) {
        if (each != Rds.RDS_INFO_COUNTER_SIZE) {
            throw new IllegalArgumentException("RDS_INFO_COUNTERS reported " + each + "-byte entries, but struct "
                    + "rds_info_counter is " + Rds.RDS_INFO_COUNTER_SIZE + " bytes (32 of name, 8 of value): a kernel "
                    + "with another layout; rebuild fabric-health-jni against its linux/rds.h");
        }
        if (length < 0 || length % each != 0 || length > buffer.capacity()) {
            throw new IllegalArgumentException("RDS_INFO_COUNTERS returned " + length + " bytes, not a whole number of "
                    + each + "-byte entries within the " + buffer.capacity() + "-byte buffer: the table is truncated");
        }
        ByteBuffer le = buffer.duplicate().order(ByteOrder.nativeOrder());
        Map<String, Long> values = new LinkedHashMap<>();
        byte[] name = new byte[NAME_BYTES];
        for (int at = 0; at < length; at += each) {
            le.get(at, name);
            String n = name(name, at / each);
            if (values.put(n, le.getLong(at + NAME_BYTES)) != null) {
                throw new IllegalArgumentException("RDS_INFO_COUNTERS names '" + n + "' twice (entry " + at / each
                        + "): the table is damaged");
            }
        }
        return new RdsCounters(values);
    }

    private static String name(byte[] raw, int entry) {
        int n = 0;
        while (n < raw.length && raw[n] != 0) {
            if (raw[n] < 0x21 || raw[n] > 0x7e) {
                throw new IllegalArgumentException("RDS_INFO_COUNTERS entry " + entry + " has byte 0x"
                        + Integer.toHexString(raw[n] & 0xff) + " at " + n + " of its name: not a counter name");
            }
            n++;
        }
        if (n == 0 || n == raw.length) {
            throw new IllegalArgumentException("RDS_INFO_COUNTERS entry " + entry + (n == 0 ? " has an empty name"
                    : " has a name without its terminating NUL") + ": not a counter table");
        }
        return new String(raw, 0, n, java.nio.charset.StandardCharsets.US_ASCII);
    }
}

package io.fabrichealth.jni.rds;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * {@code net.rds.ib.flow_control}: whether rds_rdma asks for credit-based flow control on the IB connections it
 * makes from now on (existing connections keep what they negotiated). Asking is not getting: the peers agree on
 * it at connect time, and a kernel may turn it off; the credit counters tell what happened.
 *
 * @param value   1 (requested), 0 (off), or {@link #UNKNOWN} when the setting could not be read
 * @param problem why it could not be read and what to do; empty when it was
 */
public record RdsFlowControl(int value, String problem) {
    public static final Path SYSCTL = Path.of("/proc/sys/net/rds/ib/flow_control");
    public static final int UNKNOWN = -1;

    public boolean requested() {
        return value == 1;
    }

    public boolean known() {
        return value != UNKNOWN;
    }

    /** Reads {@link #SYSCTL}; never throws. */
    public static RdsFlowControl read() {
        return read(SYSCTL);
    }

    static RdsFlowControl read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.US_ASCII).strip();
        } catch (NoSuchFileException e) {
            return new RdsFlowControl(UNKNOWN, "rds_rdma is not loaded (no " + file + "): modprobe rds_rdma "
                    + "to run RDS over InfiniBand or RoCE");
        } catch (IOException e) {
            return new RdsFlowControl(UNKNOWN, "cannot read " + file + ": " + e.getMessage());
        }
        return parse(text, file);
    }

    static RdsFlowControl parse(String text, Path file) {
        if (text.equals("0") || text.equals("1")) {
            return new RdsFlowControl(text.charAt(0) - '0', "");
        }
        return new RdsFlowControl(UNKNOWN, file + " holds '" + text + "', not 0 or 1: a kernel this agent does "
                + "not know");
    }

    /** "1 (requested)", "0 (off)" or the problem. */
    public String text() {
        return switch (value) {
            case 1 -> "1 (requested for new connections)";
            case 0 -> "0 (off)";
            default -> "unknown: " + problem;
        };
    }
}

package io.fabrichealth.probes.mad;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A directed route: the out-port taken at each hop, starting at the local port (IBA 14.2.2). An empty
 * path addresses the local node. At most 63 hops fit in the 64-byte InitialPath (entry 0 is unused).
 */
public final class DrPath implements SmpRoute {

    public static final int MAX_HOPS = 63;

    private static final DrPath LOCAL = new DrPath(new byte[0]);

    private final byte[] outPorts;

    private DrPath(byte[] outPorts) {
        this.outPorts = outPorts;
    }

    /** The local node itself: hop count 0. */
    public static DrPath local() {
        return LOCAL;
    }

    /** Out-ports 1..255, one per hop. */
    public static DrPath of(int... outPorts) {
        if (outPorts.length > MAX_HOPS) {
            throw new IllegalArgumentException(String.format(
                    "a directed route has at most %d hops, got %d; reach farther nodes by LID once the SM has run",
                    MAX_HOPS, outPorts.length));
        }
        byte[] ports = new byte[outPorts.length];
        for (int i = 0; i < outPorts.length; i++) {
            int port = outPorts[i];
            if (port < 1 || port > 255) {
                throw new IllegalArgumentException(String.format(
                        "hop %d: out-port %d is not a port number (1..255); DrPath.of lists out-ports only, "
                                + "for smpquery's \"0,1,3\" notation use DrPath.parse", i + 1, port));
            }
            ports[i] = (byte) port;
        }
        return ports.length == 0 ? LOCAL : new DrPath(ports);
    }

    /** A path as read from a received SMP: entries are kept as they are, even 0. */
    static DrPath recorded(byte[] ports) {
        return ports.length == 0 ? LOCAL : new DrPath(ports);
    }

    /** Parses smpquery's notation, where the leading 0 stands for the local port: "0", "0,1,3". */
    public static DrPath parse(String smpqueryPath) {
        String[] parts = smpqueryPath.trim().split("\\s*,\\s*");
        if (!parts[0].equals("0")) {
            throw new IllegalArgumentException("a directed route starts with 0 (the local port), like \"0,1,3\"; got \""
                    + smpqueryPath + "\"");
        }
        int[] ports = new int[parts.length - 1];
        for (int i = 1; i < parts.length; i++) {
            try {
                ports[i - 1] = Integer.parseInt(parts[i]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not a port number in directed route \"" + smpqueryPath + "\": " + parts[i], e);
            }
        }
        return of(ports);
    }

    public int hopCount() {
        return outPorts.length;
    }

    /** The out-port of hop {@code hop}, counted from 1 like the InitialPath entries. */
    public int outPort(int hop) {
        if (hop < 1 || hop > outPorts.length) {
            throw new IndexOutOfBoundsException("hop " + hop + " of a " + outPorts.length + "-hop path");
        }
        return outPorts[hop - 1] & 0xFF;
    }

    /** This path extended by one more hop, for a breadth-first sweep. */
    public DrPath then(int outPort) {
        int[] ports = new int[outPorts.length + 1];
        for (int i = 0; i < outPorts.length; i++) {
            ports[i] = outPorts[i] & 0xFF;
        }
        ports[outPorts.length] = outPort;
        return of(ports);
    }

    /** Writes InitialPath[1..hopCount] at absolute index {@code at}; entry 0 stays zero. */
    void writeTo(ByteBuffer buf, int at) {
        for (int i = 0; i < outPorts.length; i++) {
            MadWriter.u8(buf, at + 1 + i, outPorts[i]);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DrPath other && Arrays.equals(outPorts, other.outPorts);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(outPorts);
    }

    /** smpquery's notation, e.g. "DR 0,1,3". */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("DR 0");
        for (byte port : outPorts) {
            s.append(',').append(port & 0xFF);
        }
        return s.toString();
    }
}

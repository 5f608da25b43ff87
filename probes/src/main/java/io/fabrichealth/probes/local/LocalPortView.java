package io.fabrichealth.probes.local;

/**
 * One local port as the local view last saw it: the port, its device (firmware, board), and the verdict.
 *
 * @param gone true when the port (or its device) was in an earlier read and is not in the last one; the reading
 *     is then the last one that had it
 */
public record LocalPortView(LocalDevice device, LocalPortReading reading, LocalFindings findings, boolean gone) {

    public String name() {
        return reading.name();
    }

    /** How alarms name a local port: {@code local rxe0/1}. */
    public static String subject(String device, int port) {
        return "local " + device + "/" + port;
    }
}

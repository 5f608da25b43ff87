package io.fabrichealth.testbed;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The sizes ibsim must be able to hold for one topology file, and the {@code -N -S -P -L} flags that raise its
 * defaults (2048 nodes, 256 switches, 13312 ports, 30720 LIDs) when the file needs more. ibsim refuses a topology
 * beyond its limits while parsing, so the flags are derived from the file itself: a caller never has to know them.
 *
 * @param nodes switches and CAs
 * @param switches switches
 * @param ports every port ibsim allocates: a switch's ports plus its port 0, a CA's ports
 */
public record SimLimits(int nodes, int switches, int ports) {
    static final int DEFAULT_NODES = 2048;
    static final int DEFAULT_SWITCHES = 256;
    static final int DEFAULT_PORTS = 13312;
    static final int DEFAULT_LINEAR_CAP = 30720;
    private static final Pattern NODE = Pattern.compile("^(Switch|Hca|Ca|Rt)\\s+(\\d+)\\s+\"");

    /**
     * Counts the nodes and ports of an ibnetdiscover-format file. A file that cannot be read counts as empty: ibsim
     * then starts with its defaults and fails with its own error, which names the file.
     */
    public static SimLimits of(Path topology) {
        if (!Files.isReadable(topology)) {
            return new SimLimits(0, 0, 0);
        }
        int nodes = 0;
        int switches = 0;
        int ports = 0;
        try (BufferedReader r = Files.newBufferedReader(topology, StandardCharsets.US_ASCII)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                Matcher m = NODE.matcher(line);
                if (m.find()) {
                    int n = Integer.parseInt(m.group(2));
                    nodes++;
                    if (m.group(1).equals("Switch")) {
                        switches++;
                        ports += n + 1;
                    } else {
                        ports += n;
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not read topology " + topology + ": " + e.getMessage(), e);
        }
        return new SimLimits(nodes, switches, ports);
    }

    /**
     * ibsim's flags for this size: none within the defaults, otherwise every limit raised with a quarter spare
     * (a console {@code Guid}/{@code ReLink} never adds nodes, but a spare costs ibsim only a few bytes each).
     * The LFT capacity follows the nodes, since opensm gives each port at least one LID.
     */
    public List<String> flags() {
        List<String> f = new ArrayList<>();
        if (nodes <= DEFAULT_NODES && switches <= DEFAULT_SWITCHES && ports <= DEFAULT_PORTS) {
            return f;
        }
        f.addAll(List.of("-N", Integer.toString(Math.max(DEFAULT_NODES, spare(nodes))),
                "-S", Integer.toString(Math.max(DEFAULT_SWITCHES, spare(switches))),
                "-P", Integer.toString(Math.max(DEFAULT_PORTS, spare(ports))),
                "-L", Integer.toString(Math.max(DEFAULT_LINEAR_CAP, Math.min(49152, spare(ports))))));
        return f;
    }

    private static int spare(int n) {
        return n + n / 4 + 16;
    }
}

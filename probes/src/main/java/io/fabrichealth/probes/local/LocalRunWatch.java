package io.fabrichealth.probes.local;

import io.fabrichealth.probes.smp.health.Verdict;
import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The local port under a data-path probe, read before and after its run: which counters moved on it during the
 * run, so that a ping-pong's alarm names the local port. The port is the one whose GID table holds the probe's
 * local address (RoCE), or whose network device carries it (RoCE and IPoIB).
 */
public final class LocalRunWatch {
    private final LocalSysfs sysfs;
    private volatile LocalJudge judge;

    public LocalRunWatch(LocalSysfs sysfs, LocalJudge judge) {
        this.sysfs = sysfs;
        this.judge = judge;
    }

    public void configure(LocalJudge next) {
        this.judge = next;
    }

    /** The ports under {@code localHost} as they are now; empty when no local port carries that address. */
    public Bracket before(String localHost) {
        List<String> names = portsFor(localHost);
        return new Bracket(names, names.isEmpty() ? List.of() : readPorts(names));
    }

    /** What moved on the bracketed ports since {@link #before}; {@link Evidence#NONE} when no port was found. */
    public Evidence after(Bracket before) {
        if (before.names().isEmpty()) {
            return Evidence.NONE;
        }
        List<String> texts = new ArrayList<>();
        boolean breached = false;
        boolean moved = false;
        Verdict worst = Verdict.OK;
        for (LocalPortReading now : readPorts(before.names())) {
            LocalPortReading then = before.readings().stream().filter(r -> r.name().equals(now.name())).findFirst()
                    .orElse(null);
            LocalFindings f = judge.judge(then, now, then != null && then.stateNumber() == 4);
            breached |= !f.breaches().isEmpty();
            moved |= !f.moved().isEmpty();
            worst = f.verdict().compareTo(worst) > 0 ? f.verdict() : worst;
            if (f.verdict() != Verdict.OK || !f.moved().isEmpty()) {
                texts.add("local port " + now.name() + " (" + now.linkLayer()
                        + (now.netdev().isEmpty() ? "" : " on " + now.netdev()) + ") " + f.verdict()
                        + " during the run" + (f.moved().isEmpty() ? "" : ": " + String.join(", ", f.moved()) + " moved")
                        + (f.breaches().isEmpty() ? "" : " (over threshold: " + String.join(", ", f.breaches()) + ")")
                        + (f.verdict() == Verdict.CRIT ? "; " + f.reasons().get(0) : ""));
            }
        }
        return new Evidence(String.join("; ", texts), worst, breached, moved);
    }

    private List<LocalPortReading> readPorts(List<String> names) {
        List<LocalPortReading> out = new ArrayList<>();
        for (LocalDevice d : sysfs.read()) {
            for (LocalPortReading r : d.ports()) {
                if (names.contains(r.name())) {
                    out.add(r);
                }
            }
        }
        return out;
    }

    /** Ports ({@code dev/port}) whose GIDs hold {@code host}'s IPv4 address or whose netdev carries it. */
    List<String> portsFor(String host) {
        InetAddress address;
        String netdev = "";
        try {
            address = InetAddress.getByName(host);
            NetworkInterface nif = NetworkInterface.getByInetAddress(address);
            netdev = nif == null ? "" : nif.getName();
        } catch (UnknownHostException | SocketException e) {
            return List.of();
        }
        String gid = address instanceof Inet4Address v4 ? mappedGid(v4.getAddress()) : "";
        List<String> out = new ArrayList<>();
        for (Path dev : list(sysfs.root())) {
            for (Path port : list(dev.resolve("ports"))) {
                String name = dev.getFileName() + "/" + port.getFileName();
                if (!gid.isEmpty() && contains(port.resolve("gids"), gid)
                        || !netdev.isEmpty() && contains(port.resolve("gid_attrs").resolve("ndevs"), netdev)) {
                    out.add(name);
                }
            }
        }
        return out;
    }

    /** A RoCE v1/v2 GID of an IPv4 address as sysfs writes it: {@code 0000:...:ffff:0a4f:0002}. */
    static String mappedGid(byte[] v4) {
        return String.format(Locale.ROOT, "0000:0000:0000:0000:0000:ffff:%02x%02x:%02x%02x",
                v4[0] & 0xff, v4[1] & 0xff, v4[2] & 0xff, v4[3] & 0xff);
    }

    private static boolean contains(Path dir, String value) {
        for (Path f : list(dir)) {
            try {
                if (Files.readString(f).strip().equalsIgnoreCase(value)) {
                    return true;
                }
            } catch (IOException e) {
                // sysfs answers EINVAL for an unused GID slot: not a match
            }
        }
        return false;
    }

    private static List<Path> list(Path dir) {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            s.forEach(out::add);
        } catch (IOException e) {
            return List.of();
        }
        return out;
    }

    /** The ports found for an address and their readings before the run. */
    public record Bracket(List<String> names, List<LocalPortReading> readings) {
        public static final Bracket NONE = new Bracket(List.of(), List.of());
    }

    /**
     * @param text     what moved, port by port; empty when nothing did (or no port was found)
     * @param worst    the worst verdict over the run
     * @param breached an error counter grew by its threshold or more during the run
     * @param moved    an error counter grew at all during the run
     */
    public record Evidence(String text, Verdict worst, boolean breached, boolean moved) {
        public static final Evidence NONE = new Evidence("", Verdict.OK, false, false);
    }
}

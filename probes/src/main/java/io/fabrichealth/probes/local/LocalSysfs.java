package io.fabrichealth.probes.local;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads every RDMA device and port under a sysfs root ({@code /sys/class/infiniband}) without any MAD. A file that
 * cannot be read becomes a problem on its port (or device), naming the file and what to check; the rest is read.
 */
public final class LocalSysfs {
    /** The kernel's own tree. */
    public static final Path SYSFS = Path.of("/sys/class/infiniband");

    /** The IBA data counters count octets divided by 4 (IBA 16.1.3.5); the local view shows bytes. */
    private static final Map<String, String> DATA_COUNTERS = Map.of(
            "port_xmit_data", "port_xmit_data_bytes", "port_rcv_data", "port_rcv_data_bytes");

    private final Path root;

    public LocalSysfs(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    /** Every device, sorted by name; an empty list when the root does not exist (no RDMA driver loaded). */
    public List<LocalDevice> read() {
        List<LocalDevice> out = new ArrayList<>();
        for (Path dev : list(root)) {
            out.add(device(dev));
        }
        return out;
    }

    /** Whether the root exists at all: without it there is no RDMA driver loaded. */
    public boolean present() {
        return Files.isDirectory(root);
    }

    private LocalDevice device(Path dev) {
        String name = dev.getFileName().toString();
        Instant at = Instant.now();
        List<String> problems = new ArrayList<>();
        String fw = text(dev.resolve("fw_ver"), false, problems);
        String board = text(dev.resolve("board_id"), true, problems);
        String hca = text(dev.resolve("hca_type"), true, problems);
        String guid = text(dev.resolve("node_guid"), false, problems);
        String desc = text(dev.resolve("node_desc"), false, problems);
        Map<String, Long> deviceHw = numbers(dev.resolve("hw_counters"), problems);
        List<LocalPortReading> ports = new ArrayList<>();
        for (Path p : list(dev.resolve("ports"))) {
            int number;
            try {
                number = Integer.parseInt(p.getFileName().toString());
            } catch (NumberFormatException e) {
                continue; // not a port directory
            }
            ports.add(port(name, number, p, at));
        }
        if (!Files.isDirectory(dev)) {
            problems.add(0, name + " disappeared during the read (driver unloaded, device removed or `rdma link "
                    + "delete`?): check `rdma link` and dmesg");
        }
        return new LocalDevice(name, fw, board, hca, guid, desc, deviceHw, ports, problems);
    }

    private LocalPortReading port(String device, int number, Path p, Instant at) {
        List<String> problems = new ArrayList<>();
        String state = text(p.resolve("state"), false, problems);
        String phys = text(p.resolve("phys_state"), false, problems);
        String rate = text(p.resolve("rate"), false, problems);
        String layer = text(p.resolve("link_layer"), false, problems);
        String netdev = text(p.resolve("gid_attrs").resolve("ndevs").resolve("0"), true, new ArrayList<>());
        Map<String, Long> counters = new TreeMap<>();
        numbers(p.resolve("counters"), problems).forEach((k, v) -> {
            String bytes = DATA_COUNTERS.get(k);
            counters.put(bytes != null ? bytes : k, bytes != null ? v * 4 : v);
        });
        Map<String, Long> hw = numbers(p.resolve("hw_counters"), problems);
        if (!Files.isDirectory(p)) {
            problems.add(0, device + " port " + number + " disappeared during the read: check `rdma link` and dmesg");
        }
        return new LocalPortReading(device, number, at, state, phys, rate, layer, netdev, counters, hw, problems);
    }

    /**
     * The numeric files of a counters directory, by name. A missing directory is normal (rxe has no
     * {@code counters/}); a file that cannot be read or is not a number is a problem.
     */
    private static Map<String, Long> numbers(Path dir, List<String> problems) {
        Map<String, Long> out = new TreeMap<>();
        for (Path f : list(dir)) {
            if (Files.isDirectory(f)) {
                continue;
            }
            String name = f.getFileName().toString();
            if (name.equals("lifespan")) {
                continue; // rdma core's refresh period for the other hw_counters, not a counter
            }
            String text = text(f, false, problems);
            if (text.isEmpty()) {
                continue;
            }
            try {
                out.put(name, Long.parseUnsignedLong(text));
            } catch (NumberFormatException e) {
                problems.add(f + " holds '" + text + "', not a count: report it against the driver");
            }
        }
        return out;
    }

    /** The file's first line, stripped; empty and a problem when it cannot be read (empty only when optional). */
    private static String text(Path f, boolean optional, List<String> problems) {
        try {
            return Files.readString(f).strip();
        } catch (NoSuchFileException e) {
            if (!optional) {
                problems.add(f + " is missing: the device may have gone, or the driver does not provide it "
                        + "(check `rdma link` and dmesg)");
            }
        } catch (AccessDeniedException e) {
            problems.add(f + " is not readable (permission denied): run the agent as a user that can read sysfs");
        } catch (IOException e) {
            // sysfs answers a read error (EINVAL, EIO) for a counter the firmware will not report
            problems.add(f + " could not be read (" + e.getMessage() + "): check the driver and firmware in dmesg");
        }
        return "";
    }

    private static List<Path> list(Path dir) {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            s.forEach(out::add);
        } catch (IOException e) {
            return List.of(); // absent (nothing of that kind here) or gone: the caller reports what it missed
        }
        out.sort(null);
        return out;
    }

    /** {@code "4: ACTIVE"} gives 4; -1 when there is no leading number. */
    static int leadingNumber(String text) {
        int colon = text.indexOf(':');
        try {
            return Integer.parseInt((colon < 0 ? text : text.substring(0, colon)).strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}

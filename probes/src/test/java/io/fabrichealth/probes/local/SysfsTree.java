package io.fabrichealth.probes.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A sysfs tree built in a temporary folder, laid out as the kernel lays out /sys/class/infiniband, for the cases
 * a real kernel here cannot show on demand (an mlx5 CA, a file that will not read, a device that goes away). The
 * real kernel's tree is read by GuestLocalViewTest.
 */
final class SysfsTree {
    private final Path root;

    SysfsTree(Path root) {
        this.root = root;
    }

    Path root() {
        return root;
    }

    /** An mlx5 CA with one RoCE port: counters/, hw_counters/, board_id and hca_type. */
    SysfsTree mlx5(String dev) {
        Path d = root.resolve(dev);
        write(d.resolve("fw_ver"), "28.39.1002");
        write(d.resolve("board_id"), "MT_0000000838");
        write(d.resolve("hca_type"), "MT4129");
        write(d.resolve("node_guid"), "9c63:c003:0011:2233");
        write(d.resolve("node_desc"), "host-a mlx5_0");
        Path p = d.resolve("ports/1");
        write(p.resolve("state"), "4: ACTIVE");
        write(p.resolve("phys_state"), "5: LinkUp");
        write(p.resolve("rate"), "200 Gb/sec (4X HDR)");
        write(p.resolve("link_layer"), "Ethernet");
        write(p.resolve("gid_attrs/ndevs/0"), "ens1f0np0");
        counter(dev, 1, "counters/port_xmit_data", 1000);
        counter(dev, 1, "counters/port_rcv_data", 2000);
        counter(dev, 1, "counters/symbol_error", 0);
        counter(dev, 1, "counters/link_downed", 0);
        counter(dev, 1, "counters/port_xmit_wait", 0);
        counter(dev, 1, "hw_counters/out_of_sequence", 0);
        counter(dev, 1, "hw_counters/packet_seq_err", 0);
        counter(dev, 1, "hw_counters/np_cnp_sent", 0);
        counter(dev, 1, "hw_counters/rp_cnp_handled", 0);
        counter(dev, 1, "hw_counters/local_ack_timeout_err", 0);
        write(p.resolve("hw_counters/lifespan"), "10");
        return this;
    }

    /** rxe: no counters/, no board_id or hca_type, hw_counters per port. */
    SysfsTree rxe(String dev, int ports) {
        Path d = root.resolve(dev);
        write(d.resolve("fw_ver"), "0.0.0");
        write(d.resolve("node_guid"), "5054:00ff:fe00:0001");
        write(d.resolve("node_desc"), "rxe");
        for (int n = 1; n <= ports; n++) {
            Path p = d.resolve("ports/" + n);
            write(p.resolve("state"), "4: ACTIVE");
            write(p.resolve("phys_state"), "5: LinkUp");
            write(p.resolve("rate"), "10 Gb/sec (1X QDR)");
            write(p.resolve("link_layer"), "Ethernet");
            counter(dev, n, "hw_counters/rcvd_seq_err", 0);
            counter(dev, n, "hw_counters/completer_retry_err", 0);
            counter(dev, n, "hw_counters/sent_pkts", 0);
        }
        return this;
    }

    SysfsTree counter(String dev, int port, String file, long value) {
        write(root.resolve(dev).resolve("ports/" + port).resolve(file), Long.toString(value));
        return this;
    }

    SysfsTree write(String relative, String text) {
        write(root.resolve(relative), text);
        return this;
    }

    SysfsTree delete(String relative) {
        try (var walk = Files.walk(root.resolve(relative))) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(f -> {
                try {
                    Files.delete(f);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    private static void write(Path f, String text) {
        try {
            Files.createDirectories(f.getParent());
            Files.writeString(f, text + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

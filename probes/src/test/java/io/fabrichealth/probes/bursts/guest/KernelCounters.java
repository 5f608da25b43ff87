package io.fabrichealth.probes.bursts.guest;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * The guest kernel's own count of what crossed the wire: the netdev's byte counters and the rxe
 * device's hw_counters. They are kept below libfabric, so they show independently of the burst
 * engine whether payloads really went through Soft-RoCE and out of the interface.
 */
final class KernelCounters {

    private KernelCounters() {
    }

    /** netdev.tx_bytes, netdev.rx_bytes and rxe.NAME for every rxe hw_counter; missing files are skipped. */
    static Map<String, Long> read(String netdev, String rxeDevice) {
        Map<String, Long> values = new TreeMap<>();
        Path net = Path.of("/sys/class/net", netdev, "statistics");
        readInto(values, "netdev.tx_bytes", net.resolve("tx_bytes"));
        readInto(values, "netdev.rx_bytes", net.resolve("rx_bytes"));
        Path hw = Path.of("/sys/class/infiniband", rxeDevice, "ports", "1", "hw_counters");
        if (Files.isDirectory(hw)) {
            try (DirectoryStream<Path> files = Files.newDirectoryStream(hw)) {
                for (Path f : files) {
                    readInto(values, "rxe." + f.getFileName(), f);
                }
            } catch (IOException e) {
                throw new IllegalStateException("cannot list " + hw + ": " + e.getMessage(), e);
            }
        }
        return values;
    }

    /** after - before, key by key (keys only in {@code after} count from zero). */
    static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> d = new TreeMap<>();
        after.forEach((k, v) -> d.put(k, v - before.getOrDefault(k, 0L)));
        return d;
    }

    private static void readInto(Map<String, Long> values, String key, Path file) {
        try {
            values.put(key, Long.parseLong(Files.readString(file).strip()));
        } catch (IOException | NumberFormatException e) {
            // a counter this kernel does not have; the test asserts on the ones it needs
        }
    }
}

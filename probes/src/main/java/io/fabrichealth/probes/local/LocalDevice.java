package io.fabrichealth.probes.local;

import java.util.List;
import java.util.Map;

/**
 * One RDMA device (CA) as sysfs showed it at one read: its identity, firmware and board, the device's own
 * {@code hw_counters} (where the kernel keeps some per device), and every port.
 *
 * @param boardId   {@code board_id}, empty when the driver has none (rxe)
 * @param hcaType   {@code hca_type}, empty when the driver has none (rxe)
 * @param problems  device files that could not be read, or that the device vanished during the read
 */
public record LocalDevice(String name, String fwVer, String boardId, String hcaType, String nodeGuid,
        String nodeDesc, Map<String, Long> hwCounters, List<LocalPortReading> ports, List<String> problems) {

    public LocalDevice {
        hwCounters = LocalPortReading.sorted(hwCounters);
        ports = List.copyOf(ports);
        problems = List.copyOf(problems);
    }
}

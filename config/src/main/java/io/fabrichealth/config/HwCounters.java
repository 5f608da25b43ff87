package io.fabrichealth.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The kernel's per-port {@code hw_counters} names (mlx5, rxe and friends, as sysfs and {@code rdma statistic} spell
 * them) that count transport errors, with their default thresholds, and the ones that count congestion.
 * A threshold is the growth between two reads of the local view (or over one ping-pong run) at which the port is
 * judged WARN. Congestion (DCQCN's CNPs) is shown, never judged.
 */
public final class HwCounters {
    private HwCounters() {
    }

    /**
     * Transport errors and their default thresholds. Sequence errors, duplicates and ack timeouts mean lost packets
     * (on a lossless RoCE fabric there should be none; a few per interval are tolerated); an exceeded retry means a
     * queue pair gave up, so one is enough.
     */
    public static final Map<String, Long> TRANSPORT_ERROR_DEFAULTS = ordered(
            // NVIDIA mlx5 (RoCE and InfiniBand)
            "out_of_sequence", 10, "packet_seq_err", 10, "local_ack_timeout_err", 10, "duplicate_request", 10,
            "rnr_nak_retry_err", 1, "out_of_buffer", 10, "implied_nak_seq_err", 10, "req_cqe_error", 1,
            "resp_cqe_error", 1, "req_remote_access_errors", 1, "req_remote_invalid_request", 1,
            "resp_local_length_error", 1, "resp_remote_access_errors", 1, "rx_icrc_encapsulated", 1,
            // Soft-RoCE (rdma_rxe)
            "rcvd_seq_err", 10, "completer_retry_err", 10, "out_of_seq_request", 10, "retry_exceeded_err", 1,
            "retry_rnr_exceeded_err", 1, "send_err", 1, "rcvd_rnr_err", 10, "send_rnr_err", 10);

    /** DCQCN's congestion notifications: a capacity signal, never an error. */
    public static final List<String> CONGESTION = List.of("np_cnp_sent", "rp_cnp_handled", "np_ecn_marked_roce_packets",
            "rp_cnp_ignored");

    /**
     * sysfs {@code counters/*} names of the IBA PortCounters, to {@link IbaCounters#PORT_COUNTERS} names, so that
     * {@code smp.thresholds} judge the local view as they judge a swept port. The data counters (octets / 4) are
     * left out: the local view converts them to bytes.
     */
    public static final Map<String, String> SYSFS_TO_IBA = Map.ofEntries(
            Map.entry("symbol_error", "SymbolErrorCounter"),
            Map.entry("link_error_recovery", "LinkErrorRecoveryCounter"),
            Map.entry("link_downed", "LinkDownedCounter"),
            Map.entry("port_rcv_errors", "PortRcvErrors"),
            Map.entry("port_rcv_remote_physical_errors", "PortRcvRemotePhysicalErrors"),
            Map.entry("port_rcv_switch_relay_errors", "PortRcvSwitchRelayErrors"),
            Map.entry("port_xmit_discards", "PortXmitDiscards"),
            Map.entry("port_xmit_constraint_errors", "PortXmitConstraintErrors"),
            Map.entry("port_rcv_constraint_errors", "PortRcvConstraintErrors"),
            Map.entry("local_link_integrity_errors", "LocalLinkIntegrityErrors"),
            Map.entry("excessive_buffer_overrun_errors", "ExcessiveBufferOverrunErrors"),
            Map.entry("VL15_dropped", "VL15Dropped"));

    private static Map<String, Long> ordered(Object... pairs) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], ((Integer) pairs[i + 1]).longValue());
        }
        return Collections.unmodifiableMap(m);
    }
}

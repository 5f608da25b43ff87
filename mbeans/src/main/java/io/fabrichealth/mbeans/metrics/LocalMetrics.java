package io.fabrichealth.mbeans.metrics;

import io.fabrichealth.config.HwCounters;
import io.fabrichealth.probes.local.LocalDevice;
import io.fabrichealth.probes.local.LocalPortView;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.InfoSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The local view (this host's CAs from sysfs) under node_exporter's infiniband names, {@code node_infiniband_*}
 * with labels {@code device} and {@code port}, so that dashboards built for node_exporter read it unchanged; the
 * {@code hw_counters} node_exporter does not know (rxe's, for one) as {@code fabric_health_local_hw_counter_total}
 * with a {@code counter} label; the info metric with firmware and board; and the local verdict.
 */
public final class LocalMetrics implements MultiCollector {
    private static final String NODE = "node_infiniband_";
    /** sysfs counters/* (the data counters already in bytes) and hw_counters/* names to node_exporter's. */
    private static final Map<String, String> NAMES = new LinkedHashMap<>();
    private static final Pattern RATE = Pattern.compile("^([0-9.]+) Gb/sec");

    static {
        names("link_downed", "link_downed", "link_error_recovery", "link_error_recovery",
                "multicast_rcv_packets", "multicast_packets_received", "multicast_xmit_packets",
                "multicast_packets_transmitted", "port_rcv_data_bytes", "port_data_received_bytes",
                "port_xmit_data_bytes", "port_data_transmitted_bytes", "unicast_rcv_packets",
                "unicast_packets_received", "unicast_xmit_packets", "unicast_packets_transmitted",
                "port_rcv_constraint_errors", "port_constraint_errors_received", "port_xmit_constraint_errors",
                "port_constraint_errors_transmitted", "port_rcv_discards", "port_discards_received",
                "port_xmit_discards", "port_discards_transmitted", "port_rcv_errors", "port_errors_received",
                "port_rcv_packets", "port_packets_received", "port_xmit_packets", "port_packets_transmitted",
                "port_xmit_wait", "port_transmit_wait", "excessive_buffer_overrun_errors",
                "excessive_buffer_overrun_errors", "local_link_integrity_errors", "local_link_integrity_errors",
                "port_rcv_remote_physical_errors", "port_receive_remote_physical_errors",
                "port_rcv_switch_relay_errors", "port_receive_switch_relay_errors", "symbol_error", "symbol_error",
                "VL15_dropped", "vl15_dropped",
                // hw_counters node_exporter knows (mlx5's; rxe shares duplicate_request)
                "hw:duplicate_request", "duplicate_requests_packets", "hw:implied_nak_seq_err",
                "implied_nak_seq_errors", "hw:local_ack_timeout_err", "local_ack_timeout_errors",
                "hw:np_cnp_sent", "np_cnp_packets_sent", "hw:np_ecn_marked_roce_packets",
                "np_ecn_marked_roce_packets_received", "hw:out_of_buffer", "out_of_buffer_drops",
                "hw:out_of_sequence", "out_of_sequence_packets_received", "hw:packet_seq_err",
                "packet_sequence_errors", "hw:req_cqe_error", "req_cqes_errors", "hw:req_cqe_flush_error",
                "req_cqes_flush_errors", "hw:req_remote_access_errors", "req_remote_access_errors",
                "hw:req_remote_invalid_request", "req_remote_invalid_request_errors", "hw:resp_cqe_error",
                "resp_cqes_errors", "hw:resp_cqe_flush_error", "resp_cqes_flush_errors",
                "hw:resp_local_length_error", "resp_local_length_errors", "hw:resp_remote_access_errors",
                "resp_remote_access_errors", "hw:rnr_nak_retry_err", "rnr_nak_retry_packets_received",
                "hw:rp_cnp_handled", "rp_cnp_packets_handled", "hw:rp_cnp_ignored",
                "rp_cnp_ignored_packets_received", "hw:rx_atomic_requests", "rx_atomic_requests",
                "hw:rx_read_requests", "rx_read_requests", "hw:rx_write_requests", "rx_write_requests",
                "hw:rx_dct_connect", "rx_dct_connect_requests", "hw:rx_icrc_encapsulated",
                "rx_icrc_encapsulated_errors");
    }

    private final Supplier<List<LocalPortView>> ports;

    public LocalMetrics(Supplier<List<LocalPortView>> ports) {
        this.ports = ports;
    }

    private static void names(String... pairs) {
        for (int i = 0; i < pairs.length; i += 2) {
            NAMES.put(pairs[i], pairs[i + 1]);
        }
    }

    @Override
    public MetricSnapshots collect() {
        Map<String, MetricFamily> families = new LinkedHashMap<>();
        MetricFamily other = MetricFamily.counter("fabric_health_local_hw_counter",
                "A port's hw_counters value that node_exporter has no name for (rxe's, for one); kind: error, "
                        + "congestion or traffic");
        MetricFamily deviceHw = MetricFamily.counter("fabric_health_local_device_hw_counter",
                "A device's own hw_counters value (kept per device by some drivers)");
        MetricFamily state = MetricFamily.gauge(NODE + "state_id",
                "State of the InfiniBand port (0: no change, 1: down, 2: init, 3: armed, 4: active, 5: act defer)");
        MetricFamily phys = MetricFamily.gauge(NODE + "physical_state_id",
                "Physical state of the InfiniBand port (2: polling, 3: disabled, 5: link up, ...)");
        MetricFamily rate = MetricFamily.gauge(NODE + "rate_bytes_per_second", "Maximum signal transfer rate");
        // An info metric: the exposition adds _info (node_infiniband_info, as node_exporter names it).
        InfoSnapshot.Builder info = InfoSnapshot.builder().name("node_infiniband")
                .help("Non-numeric data from /sys/class/infiniband/<device>, value is always 1");
        MetricFamily health = MetricFamily.gauge("fabric_health_local_port_health",
                "Local port verdict from sysfs: 0 OK, 1 WARN, 2 CRIT");
        Set<String> devices = new LinkedHashSet<>();
        for (LocalPortView v : ports.get()) {
            if (v.gone()) {
                health.add(v.findings().verdict().ordinal(), "device", v.reading().device(), "port",
                        Integer.toString(v.reading().port()));
                continue; // its counters are history: exporting them would hide that the device went away
            }
            String[] labels = {"device", v.reading().device(), "port", Integer.toString(v.reading().port())};
            v.reading().counters().forEach((name, value) -> {
                String n = NAMES.get(name);
                if (n != null) {
                    families.computeIfAbsent(n, k -> MetricFamily.counter(NODE + k, "sysfs counters/" + name
                            + (name.endsWith("_data_bytes") ? " (octets / 4 in sysfs, converted to bytes)" : "")))
                            .add(unsigned(value), labels);
                }
            });
            v.reading().hwCounters().forEach((name, value) -> {
                String n = NAMES.get("hw:" + name);
                if (n != null) {
                    families.computeIfAbsent(n, k -> MetricFamily.counter(NODE + k, "sysfs hw_counters/" + name))
                            .add(unsigned(value), labels);
                } else {
                    other.add(unsigned(value), labels[0], labels[1], labels[2], labels[3], "counter", name,
                            "kind", kind(name));
                }
            });
            if (v.reading().stateNumber() >= 0) {
                state.add(v.reading().stateNumber(), labels);
            }
            if (v.reading().physStateNumber() >= 0) {
                phys.add(v.reading().physStateNumber(), labels);
            }
            Matcher m = RATE.matcher(v.reading().rate());
            if (m.find()) {
                rate.add(Double.parseDouble(m.group(1)) * 1e9 / 8, labels);
            }
            health.add(v.findings().verdict().ordinal(), labels);
            LocalDevice d = v.device();
            if (devices.add(d.name())) {
                info.dataPoint(InfoSnapshot.InfoDataPointSnapshot.builder().labels(Labels.of("device", d.name(),
                        "board_id", d.boardId(), "firmware_version", d.fwVer(), "hca_type", d.hcaType(),
                        "node_guid", d.nodeGuid(), "node_desc", d.nodeDesc())).build());
                d.hwCounters().forEach((name, value) -> deviceHw.add(unsigned(value), "device", d.name(),
                        "counter", name, "kind", kind(name)));
            }
        }
        MetricSnapshots.Builder out = MetricSnapshots.builder();
        families.values().forEach(f -> out.metricSnapshot(f.build()));
        out.metricSnapshot(other.build()).metricSnapshot(deviceHw.build()).metricSnapshot(state.build())
                .metricSnapshot(phys.build()).metricSnapshot(rate.build()).metricSnapshot(info.build())
                .metricSnapshot(health.build());
        return out.build();
    }

    private static String kind(String name) {
        return HwCounters.TRANSPORT_ERROR_DEFAULTS.containsKey(name) ? "error"
                : HwCounters.CONGESTION.contains(name) ? "congestion" : "traffic";
    }

    private static double unsigned(long v) {
        return v >= 0 ? v : (double) (v >>> 1) * 2.0 + (v & 1);
    }
}

package io.fabrichealth.mbeans.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.config.LocalConfig;
import io.fabrichealth.config.SmpConfig;
import io.fabrichealth.mbeans.MBeanRegistry;
import io.fabrichealth.mbeans.metrics.LocalMetrics;
import io.fabrichealth.probes.local.LocalJudge;
import io.fabrichealth.probes.local.LocalSysfs;
import io.fabrichealth.probes.local.LocalView;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.DataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.openmbean.CompositeData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A LocalPort MBean and the local metrics over a sysfs tree built the kernel's way (an mlx5 RoCE port: the real
 * kernel here has no HCA; GuestLocalViewTest reads rxe's real tree).
 */
class LocalMBeansTest {
    @TempDir
    Path dir;

    @Test
    void aLocalPortShowsSysfsFirmwareCountersAndDeltasAndMetricsUseNodeExporterNames() throws Exception {
        write("mlx5_0/fw_ver", "28.39.1002");
        write("mlx5_0/board_id", "MT_0000000838");
        write("mlx5_0/hca_type", "MT4129");
        write("mlx5_0/node_guid", "9c63:c003:0011:2233");
        write("mlx5_0/node_desc", "host-a mlx5_0");
        write("mlx5_0/ports/1/state", "4: ACTIVE");
        write("mlx5_0/ports/1/phys_state", "5: LinkUp");
        write("mlx5_0/ports/1/rate", "200 Gb/sec (4X HDR)");
        write("mlx5_0/ports/1/link_layer", "Ethernet");
        write("mlx5_0/ports/1/counters/port_rcv_data", "250");
        write("mlx5_0/ports/1/hw_counters/out_of_sequence", "0");
        write("mlx5_0/ports/1/hw_counters/rcvd_seq_err", "0");
        LocalView view = new LocalView(new LocalSysfs(dir), new LocalJudge(LocalConfig.DEFAULTS.effectiveThresholds(),
                SmpConfig.DEFAULTS.effectiveThresholds()), AlarmSink.NONE);
        MBeanServer server = MBeanServerFactory.newMBeanServer();
        try (MBeanRegistry registry = new MBeanRegistry(server)) {
            LocalMBeans.attach(view, registry);
            view.read();
            write("mlx5_0/ports/1/hw_counters/out_of_sequence", "12");
            write("mlx5_0/ports/1/counters/port_rcv_data", "1250");
            view.read();

            var name = LocalMBeans.name("mlx5_0", 1);
            assertThat(name.toString()).isEqualTo("fabric.health:type=LocalPort,device=mlx5_0,port=1");
            assertThat(server.getAttribute(name, "LinkLayer")).isEqualTo("Ethernet");
            assertThat(server.getAttribute(name, "FirmwareVersion")).isEqualTo("28.39.1002");
            assertThat(server.getAttribute(name, "BoardId")).isEqualTo("MT_0000000838");
            assertThat(server.getAttribute(name, "Health")).isEqualTo("WARN");
            assertThat((String[]) server.getAttribute(name, "ThresholdBreaches")).containsExactly("out_of_sequence +12 >= 10");
            assertThat(((CompositeData) server.getAttribute(name, "Counters")).get("port_rcv_data_bytes")).isEqualTo(5000L);
            assertThat(((CompositeData) server.getAttribute(name, "HwCounterDeltas")).get("out_of_sequence")).isEqualTo(12L);
            assertThat(((CompositeData) server.getAttribute(name, "CounterDeltas")).get("port_rcv_data_bytes")).isEqualTo(4000L);
            assertThat(((CompositeData) server.getAttribute(name, "DeviceHwCounters")).get("none")).isEqualTo(0L);
            assertThat((String[]) server.getAttribute(name, "Problems")).isEmpty();
        }

        Map<String, MetricSnapshot> metrics = new HashMap<>();
        MetricSnapshots snapshots = new LocalMetrics(view::ports).collect();
        snapshots.forEach(m -> metrics.put(m.getMetadata().getName(), m));
        assertThat(value(metrics.get("node_infiniband_port_data_received_bytes"))).isEqualTo(5000.0);
        assertThat(value(metrics.get("node_infiniband_out_of_sequence_packets_received"))).isEqualTo(12.0);
        assertThat(value(metrics.get("node_infiniband_rate_bytes_per_second"))).isEqualTo(25e9);
        DataPointSnapshot info = metrics.get("node_infiniband").getDataPoints().get(0);
        assertThat(info.getLabels().get("firmware_version")).isEqualTo("28.39.1002");
        assertThat(info.getLabels().get("board_id")).isEqualTo("MT_0000000838");
        assertThat(info.getLabels().get("hca_type")).isEqualTo("MT4129");
        DataPointSnapshot rxeOwn = metrics.get("fabric_health_local_hw_counter").getDataPoints().get(0);
        assertThat(rxeOwn.getLabels().get("counter")).isEqualTo("rcvd_seq_err");
        assertThat(rxeOwn.getLabels().get("kind")).isEqualTo("error");
        assertThat(value(metrics.get("fabric_health_local_port_health"))).isEqualTo(1.0);
    }

    private static double value(MetricSnapshot m) {
        DataPointSnapshot p = m.getDataPoints().get(0);
        return p instanceof CounterSnapshot.CounterDataPointSnapshot c ? c.getValue()
                : ((GaugeSnapshot.GaugeDataPointSnapshot) p).getValue();
    }

    private void write(String relative, String text) throws IOException {
        Path f = dir.resolve(relative);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text + "\n");
    }
}

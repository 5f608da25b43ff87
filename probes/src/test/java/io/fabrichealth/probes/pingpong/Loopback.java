package io.fabrichealth.probes.pingpong;

import io.fabrichealth.config.ByteSize;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.PingPongConfig;
import io.fabrichealth.config.Transport;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.probes.pingpong.fabric.FabricPlane;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** Ping-pong services over libfabric on 127.0.0.1, a free port each. */
final class Loopback {
    private Loopback() {
    }

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new AssertionError("no free TCP port on 127.0.0.1: " + e.getMessage(), e);
        }
    }

    static PingPongConfig config(int requestBytes, int ackBytes, int depth, int tasks, Duration duration) {
        return new PingPongConfig(new HostPort("127.0.0.1", freePort()), List.of(Transport.FABRIC),
                ByteSize.ofBytes(requestBytes), ByteSize.ofBytes(ackBytes), depth, tasks, duration);
    }

    /** A service whose fabric transport is {@code provider} with {@code type} endpoints. */
    static PingPongService service(PingPongConfig config, String provider, EndpointType type, AlarmSink alarms) {
        return new PingPongService(config, Map.of(Transport.FABRIC, new FabricPlane(provider, type)), alarms);
    }
}

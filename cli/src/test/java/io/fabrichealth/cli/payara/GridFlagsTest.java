package io.fabrichealth.cli.payara;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.ConfigLoader;
import io.fabrichealth.config.FabricHealthConfig;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The fleet section as Payara Micro's grid flags. That they form a grid is FleetOnOneHostIT's job (agent-war). */
class GridFlagsTest {

    @Test
    void withTheFleetOffPayaraStartsWithoutHazelcastAsBefore() {
        FabricHealthConfig c = ConfigLoader.loadDefault();
        assertThat(GridFlags.payara(c.fleet(), "a")).containsExactly("--nohazelcast");
        assertThat(GridFlags.jvm(c.fleet())).isEmpty();
    }

    @Test
    void aLoopbackFleetNamesItsGridMembersInterfacesPortAndTimersAndNeverMulticast() throws Exception {
        FabricHealthConfig c = ConfigLoader.parse("""
                fleet:
                  enabled: true
                  name: lab
                  discovery: {mode: tcpip, members: [127.0.0.1:6900, 127.0.0.1:6901]}
                  port: 6901
                  heartbeat: 2s
                  failureDetection: 12s
                """, "f.yaml", Path.of("."));
        assertThat(GridFlags.payara(c.fleet(), "lab-1")).containsExactly("--clustername", "lab",
                "--clustermode", "tcpip:127.0.0.1:6900,127.0.0.1:6901", "--interfaces", "127.0.0.1",
                "--startport", "6901", "--name", "lab-1", "--nohostaware");
        assertThat(GridFlags.jvm(c.fleet())).containsExactly("-Dhazelcast.socket.bind.any=false",
                "-Dhazelcast.heartbeat.interval.seconds=2", "-Dhazelcast.max.no.heartbeat.seconds=12");
    }
}

package io.fabrichealth.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fleet section: its defaults, Payara's flags, and the grid staying on loopback unless protected. */
class FleetConfigTest {
    @TempDir
    Path dir;
    ConfigFiles files;

    @BeforeEach
    void setUp() {
        files = new ConfigFiles(dir);
    }

    @Test
    void theDefaultIsAloneAndAFleetOnLoopbackNeedsNoSecret() throws Exception {
        assertThat(FabricHealthConfig.DEFAULTS.fleet().enabled()).isFalse();
        FabricHealthConfig c = files.load("""
                fleet:
                  enabled: true
                  discovery: {members: [127.0.0.1:6900, 127.0.0.1:6901, "localhost:6902"]}
                  heartbeat: 2s
                  failureDetection: 6s
                """);
        assertThat(c.fleet().discovery().clusterMode()).isEqualTo("tcpip:127.0.0.1:6900,127.0.0.1:6901,localhost:6902");
        assertThat(c.fleet().interfaces()).containsExactly("127.0.0.1");
        assertThat(c.fleet().failureDetection()).isEqualTo(Duration.ofSeconds(6));
        assertThat(c.fleet().peers()).isEqualTo(FleetConfig.FleetPeers.AUTO);
    }

    @Test
    void aNonLoopbackInterfaceWithoutTheSecretNamesTheField() {
        ConfigError error = files.onlyError("""
                fleet:
                  enabled: true
                  interfaces: [10.1.0.*]
                """, 2, "fleet.secretFile", "a secretFile because fleet.interfaces 10.1.0.* is not loopback");
        assertThat(error.hint()).contains("management network");
    }

    @Test
    void multicastAndRemoteMembersOpenTheGridToo() {
        files.onlyError("""
                fleet:
                  enabled: true
                  discovery: {mode: multicast, multicast: 224.2.2.3:54327}
                """, 2, "fleet.secretFile", "a secretFile because fleet.discovery.mode multicast reaches other hosts");
        files.onlyError("""
                fleet:
                  enabled: true
                  discovery: {members: [10.0.0.5:6900]}
                """, 2, "fleet.secretFile", "a secretFile because fleet.discovery.members names 10.0.0.5, which is not loopback");
    }

    @Test
    void withTheSecretTheGridMayLeaveLoopback() throws Exception {
        Path secret = Files.writeString(dir.resolve("secret"), "s3cret-and-long\n");
        FabricHealthConfig c = files.load("""
                fleet:
                  enabled: true
                  interfaces: [10.1.0.10-20]
                  discovery: {mode: dns, dns: agents.ib.example:6900}
                  secretFile: secret
                """);
        assertThat(c.fleet().secretFile()).isEqualTo(secret);
        assertThat(c.fleet().discovery().clusterMode()).isEqualTo("dns:agents.ib.example:6900");
    }

    @Test
    void eachDiscoveryModeNeedsItsField() {
        files.onlyError("""
                fleet:
                  discovery: {mode: kubernetes}
                """, 2, "fleet.discovery.kubernetes", "namespace:service, like monitoring:fabric-health");
        files.onlyError("""
                fleet:
                  discovery: {members: []}
                """, 2, "fleet.discovery.members", "at least one member's grid address, like 127.0.0.1:6900");
    }

    @Test
    void timersAreWholeSecondsAndFailureDetectionOutlastsThreeHeartbeats() {
        files.onlyError("fleet:\n  heartbeat: 1500ms\n", 2, "fleet.heartbeat",
                "whole seconds, like 1s or 10s (Hazelcast counts in seconds)");
        files.onlyError("fleet:\n  heartbeat: 5s\n  failureDetection: 10s\n", 3, "fleet.failureDetection",
                "at least 3 heartbeats (15s)");
    }

    @Test
    void aBadInterfaceIsNamed() {
        ConfigError e = files.onlyError("fleet:\n  interfaces: [eth0]\n", 2, "fleet.interfaces[0]",
                "an IPv4 address or pattern like 127.0.0.1, 10.1.0.* or 10.1.0.10-20");
        assertThat(e.got()).isEqualTo("\"eth0\"");
        assertThat(List.of(e.field())).isNotEmpty();
    }
}

package io.fabrichealth.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.fabrichealth.config.AlarmKind;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files that load: defaults, the embedded default, partial files, relative paths, the YAML round trip. */
class LoadingTest {
    @TempDir
    Path dir;
    ConfigFiles files;

    @BeforeEach
    void setUp() {
        files = new ConfigFiles(dir);
    }

    @Test
    void anEmptyFileGivesTheEmbeddedDefault() throws Exception {
        FabricHealthConfig empty = files.load("");
        assertThat(empty.source()).isEqualTo(dir.resolve("fabric-health.yaml").toString());
        assertThat(empty.withSource(ConfigLoader.DEFAULT_SOURCE)).isEqualTo(ConfigLoader.loadDefault());
        assertThat(files.load("# only a comment\n")).isEqualTo(empty);
    }

    @Test
    void theEmbeddedDefaultIsASimulatedLoopbackAgentThatProbesItself() {
        FabricHealthConfig c = ConfigLoader.loadDefault();
        assertThat(c.source()).isEqualTo("embedded:default.yaml");
        assertThat(c).isEqualTo(FabricHealthConfig.DEFAULTS);
        assertThat(c.fabric().mode()).isEqualTo(FabricMode.SIMULATED);
        assertThat(c.simulation().topology().isBundled()).isTrue();
        assertThat(c.bursts().provider()).isEqualTo("tcp");
        assertThat(c.bursts().listen()).isEqualTo(new HostPort("127.0.0.1", 7470));
        assertThat(c.http().bind()).isEqualTo("127.0.0.1");
        assertThat(c.peers()).isEmpty();
        assertThat(c.schedules()).extracting(ScheduleConfig::name, ScheduleConfig::every).containsExactly(
                tuple("smp-sweep", Duration.ofSeconds(30)),
                tuple("bursts", Duration.ofSeconds(600)),
                tuple("pingpong", Duration.ofSeconds(60)));
        ScheduleConfig bursts = c.schedules().get(1);
        PeerConfig self = new PeerConfig("self", c.bursts().listen(), c.pingpong().listen());
        assertThat(c.targetsOf(bursts)).containsExactly(self);
        assertThat(c.targetsOf(c.schedules().get(2))).containsExactly(self);
        assertThat(self.pingpongAddress(c.pingpong().listen())).isEqualTo(c.pingpong().listen());
    }

    @Test
    void theDocumentedDefaultsHold() {
        FabricHealthConfig c = FabricHealthConfig.DEFAULTS;
        assertThat(c.http().port()).isEqualTo(8778);
        assertThat(c.http().execFromLoopbackOnly()).isTrue();
        assertThat(c.jmx().port()).isEqualTo(9010);
        assertThat(c.smp().window()).isEqualTo(64);
        assertThat(c.smp().perDestination()).isEqualTo(2);
        assertThat(c.smp().timeout()).isEqualTo(Duration.ofSeconds(1));
        assertThat(c.bursts().suite().get()).extracting(BurstSet::toString).containsExactly("default", "cancel",
                "cacheless", "reregister", "cacheless,reregister", "wait");
        assertThat(c.bursts().suite().put()).extracting(BurstSet::toString).containsExactly("default", "cancel",
                "cacheless", "reregister", "cacheless,reregister", "wait", "contiguous", "contiguous,reregister",
                "contiguous,reregister,cacheless");
        assertThat(c.bursts().segmentSize().bytes()).isEqualTo(65536);
        assertThat(c.bursts().maxBytes().bytes()).isEqualTo(64L << 20);
        assertThat(c.pingpong().ackSize().bytes()).isEqualTo(64);
        assertThat(c.pingpong().count()).as("a scheduled ping-pong is a bounded probe").isEqualTo(1000);
        assertThat(c.agent().stateDir()).isEqualTo(Path.of(System.getProperty("user.home"), ".fabric-health/state"));
        assertThat(c.agent().name()).isNotBlank();
        assertThat(c.alarms().hysteresis(AlarmKind.PortDown)).isEqualTo(new Hysteresis(1, 1));
        assertThat(c.alarms().hysteresis(AlarmKind.Corruption)).isEqualTo(new Hysteresis(2, 2));
        assertThat(c.alarms().hysteresis()).containsOnlyKeys(AlarmKind.values());
    }

    @Test
    void aPartialFileKeepsEveryOtherDefault() throws Exception {
        FabricHealthConfig c = files.load("smp:\n  window: 16\n");
        assertThat(c.smp().window()).isEqualTo(16);
        assertThat(c.smp().timeout()).isEqualTo(SmpConfig.DEFAULTS.timeout());
        assertThat(c.bursts()).isEqualTo(BurstsConfig.DEFAULTS);
        assertThat(c.schedules()).isEqualTo(FabricHealthConfig.DEFAULTS.schedules());
    }

    @Test
    void relativePathsResolveAgainstTheConfigFolderAndTildeAgainstHome() throws Exception {
        files.write("nets/two-switches.net", "# ibnetdiscover output\n");
        files.write("secret/password", "hunter2\nignored\n");
        Path config = files.write("etc/fabric-health.yaml", """
                agent:
                  stateDir: ../state
                simulation:
                  topology: ../nets/two-switches.net
                jmx:
                  bind: 0.0.0.0
                  auth: {user: ops, passwordFile: ../secret/password}
                """);
        FabricHealthConfig c = ConfigLoader.load(config);
        assertThat(c.agent().stateDir()).isEqualTo(dir.resolve("state"));
        assertThat(c.simulation().topology().topologyFile()).contains(dir.resolve("nets/two-switches.net"));
        assertThat(c.jmx().auth().passwordFile()).isEqualTo(dir.resolve("secret/password"));
        assertThat(c.jmx().auth().readPassword()).isEqualTo("hunter2");

        FabricHealthConfig home = files.load("agent: {stateDir: ~/fh}\n");
        assertThat(home.agent().stateDir()).isEqualTo(Path.of(System.getProperty("user.home"), "fh"));
    }

    @Test
    void thresholdsOverrideTheInfinibandDiagsDefaultsPerCounter() throws Exception {
        FabricHealthConfig c = files.load("smp:\n  thresholds: {SymbolErrorCounter: 3, PortXmitWait: 1000}\n");
        Map<String, Long> effective = c.smp().effectiveThresholds();
        assertThat(effective).containsEntry("SymbolErrorCounter", 3L).containsEntry("PortXmitWait", 1000L)
                .containsEntry("LinkDownedCounter", 10L).containsEntry("VL15Dropped", 100L).hasSize(13);
        assertThat(IbaCounters.ERROR_THRESHOLD_DEFAULTS).hasSize(12).containsEntry("PortRcvRemotePhysicalErrors", 100L);
    }

    @Test
    void aHysteresisEntryWithOneFieldKeepsThatKindsDefaultForTheOther() throws Exception {
        FabricHealthConfig c = files.load("alarms:\n  hysteresis:\n    PortDown: {raiseAfter: 3}\n"
                + "    MadTimeouts: {clearAfter: 5}\n");
        assertThat(c.alarms().hysteresis(AlarmKind.PortDown)).isEqualTo(new Hysteresis(3, 1));
        assertThat(c.alarms().hysteresis(AlarmKind.MadTimeouts)).isEqualTo(new Hysteresis(2, 5));
        assertThat(c.alarms().hysteresis(AlarmKind.LinkDegraded)).isEqualTo(new Hysteresis(2, 2));
    }

    @Test
    void scheduleTargetsResolveToPeersAndSelf() throws Exception {
        FabricHealthConfig c = files.load("""
                peers:
                  - {name: host-b, address: "host-b:7470"}
                  - {name: host-c, address: "[fe80::1]:7470"}
                schedules:
                  - {name: all, probe: pingpong, every: 1m}
                  - {name: some, probe: bursts, cron: "0 0/5 * * * ?", targets: [host-c, self], jitter: 0.25}
                  - {name: sweep, probe: smp-sweep, every: 30s, enabled: false}
                """);
        assertThat(c.targetsOf(c.schedules().get(0))).extracting(PeerConfig::name).containsExactly("host-b", "host-c");
        assertThat(c.targetsOf(c.schedules().get(1))).containsExactly(
                new PeerConfig("host-c", new HostPort("fe80::1", 7470)), new PeerConfig("self", c.bursts().listen(), c.pingpong().listen()));
        assertThat(c.peer("host-c").orElseThrow().pingpongAddress(c.pingpong().listen()))
                .as("a peer without a pingpong address uses its host and our pingpong port")
                .isEqualTo(new HostPort("fe80::1", c.pingpong().listen().port()));
        assertThat(c.schedules().get(1).jitter().fraction()).isEqualTo(0.25);
        assertThat(c.schedules().get(1).cronExpression()).contains("0 0/5 * * * ?");
        assertThat(c.targetsOf(c.schedules().get(2))).isEmpty();
        assertThat(c.schedules().get(2).enabled()).isFalse();
    }

    @Test
    void enumsAreCaseInsensitiveAndAcceptUnderscores() throws Exception {
        FabricHealthConfig c = files.load("fabric: {mode: HARDWARE}\nschedules:\n  - {name: s, probe: SMP_SWEEP, every: 1s}\n");
        assertThat(c.fabric().mode()).isEqualTo(FabricMode.HARDWARE);
        assertThat(c.schedules().get(0).probe()).isEqualTo(ProbeFamily.SMP_SWEEP);
    }

    @Test
    void toYamlReadsBackEqualForTheDefaultAndForABusyFile() throws Exception {
        FabricHealthConfig def = ConfigLoader.loadDefault();
        assertThat(ConfigLoader.parse(def.toYaml(), def.source(), dir)).isEqualTo(def);

        files.write("password", "pw\n");
        FabricHealthConfig busy = files.load("""
                http: {bind: 0.0.0.0, auth: {user: u, passwordFile: password}, allowedOrigins: ["http://g:3000"]}
                fabric: {ca: mlx5_0, port: 1}
                smp: {timeout: 1500ms, targets: ["lid:0x1f", "dr:0,1,3"], thresholds: {PortRcvErrors: 0}}
                peers: [{name: b, address: "[::1]:7471"}]
                bursts: {segmentSize: 1536, maxBytes: 3G, cancelDelay: 0ms, endpoint: rdm,
                  suite: {get: [wait], put: ["reregister,contiguous", cacheless]}}
                pingpong: {transports: [rds, verbs], duration: 90s}
                schedules: [{name: p, probe: pingpong, cron: "0 * * * * ?", jitter: 12.5%, targets: [b]}]
                """);
        String yaml = busy.toYaml();
        assertThat(yaml).contains("timeout: 1500ms", "- lid:31", "- dr:0,1,3", "segmentSize: 1536", "maxBytes: 3G",
                "duration: 90s", "jitter: 12.5%", "address: '[::1]:7471'",
                "- reregister,contiguous");
        assertThat(busy.bursts().suite().put().get(0).keywords()).as("the order the operator wrote")
                .containsExactly(BurstKeyword.REREGISTER, BurstKeyword.CONTIGUOUS);
        assertThat(ConfigLoader.parse(yaml, busy.source(), Path.of("/nonexistent"))).isEqualTo(busy);
    }

    @Test
    void locatePrefersThePropertyThenTheEnvironmentThenTheEmbeddedDefault() throws Exception {
        Path fromProperty = files.write("p.yaml", "smp: {window: 1}\n");
        Path fromEnv = files.write("e.yaml", "smp: {window: 2}\n");
        assertThat(ConfigLoader.locate(k -> fromProperty.toString(), k -> fromEnv.toString()).smp().window())
                .isEqualTo(1);
        assertThat(ConfigLoader.locate(k -> null, k -> k.equals(ConfigLoader.CONFIG_ENV) ? fromEnv.toString() : null)
                .source()).isEqualTo(fromEnv.toString());
        assertThat(ConfigLoader.locate(k -> " ", k -> null).source()).isEqualTo(ConfigLoader.DEFAULT_SOURCE);
    }

    @Test
    void locateReadsTheRealSystemProperty() throws Exception {
        Path file = files.write("sys.yaml", "budget: {maxConcurrentProbes: 5}\n");
        String before = System.getProperty(ConfigLoader.CONFIG_PROPERTY);
        System.setProperty(ConfigLoader.CONFIG_PROPERTY, file.toString());
        try {
            assertThat(ConfigLoader.locateFile()).contains(file);
            assertThat(ConfigLoader.locate().budget().maxConcurrentProbes()).isEqualTo(5);
        } finally {
            if (before == null) {
                System.clearProperty(ConfigLoader.CONFIG_PROPERTY);
            } else {
                System.setProperty(ConfigLoader.CONFIG_PROPERTY, before);
            }
        }
    }

    @Test
    void emptySectionsAndListsMeanDefaultsAndNothing() throws Exception {
        FabricHealthConfig c = files.load("smp:\npeers:\nschedules:\n");
        assertThat(c.smp()).isEqualTo(SmpConfig.DEFAULTS);
        assertThat(c.peers()).isEmpty();
        assertThat(c.schedules()).isEmpty();
        assertThat(c.bursts().suite()).isEqualTo(BurstSuite.FABTRUN);
    }
}

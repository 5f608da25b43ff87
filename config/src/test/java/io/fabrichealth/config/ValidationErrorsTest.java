package io.fabrichealth.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Errors that need context: other keys, other entries, the file system. Each still names its line. */
class ValidationErrorsTest {
    @TempDir
    Path dir;
    ConfigFiles files;

    @BeforeEach
    void setUp() {
        files = new ConfigFiles(dir);
    }

    @Test
    void aMissingTopologyFileIsNamedResolvedAgainstTheConfigFolder() {
        ConfigError error = files.onlyError("""
                fabric:
                  mode: simulated
                simulation:
                  topology: nets/missing.net
                """, 4, "simulation.topology", "\"bundled\" or an existing ibnetdiscover-format file");
        assertThat(error.got()).isEqualTo("\"" + dir.resolve("nets/missing.net") + "\" (not found)");
    }

    @Test
    void aMissingTopologyDoesNotMatterOnHardware() throws Exception {
        FabricHealthConfig c = files.load("fabric: {mode: hardware}\nsimulation: {topology: missing.net}\n");
        assertThat(c.simulation().topology().topologyFile()).contains(dir.resolve("missing.net"));
    }

    @Test
    void aCronWithFiveFieldsIsNotQuartzCron() {
        ConfigError error = files.onlyError("""
                schedules:
                  - name: s
                    probe: smp-sweep
                    cron: "0/5 * * * *"
                """, 4, "schedules[0].cron", "a Quartz cron expression");
        assertThat(error.hint()).isNotBlank();
    }

    @Test
    void everyAndCronTogetherAreRefused() {
        ConfigError error = files.onlyError("""
                schedules:
                  - name: s
                    probe: smp-sweep
                    every: 30s
                    cron: "0 0/5 * * * ?"
                """, 5, "schedules[0].cron", "exactly one of every or cron");
        assertThat(error.got()).isEqualTo("both");
    }

    @Test
    void aScheduleWithoutEveryOrCronIsReportedAtTheSchedule() {
        files.onlyError("""
                schedules:
                  - name: s
                    probe: smp-sweep
                """, 2, "schedules[0]", "one of every (like 60s) or cron");
    }

    @Test
    void twoPeersWithOneNameAreRefused() {
        ConfigError error = files.onlyError("""
                peers:
                  - name: host-b
                    address: host-b:7470
                  - name: host-b
                    address: host-c:7470
                """, 4, "peers[1].name", "a value not used by another entry of peers");
        assertThat(error.hint()).isEqualTo("already used by peers[0]");
    }

    @Test
    void twoPeersWithOneAddressAreRefused() {
        files.onlyError("""
                peers:
                  - {name: host-b, address: "10.0.0.2:7470"}
                  - {name: host-c, address: "10.0.0.2:7470"}
                """, 3, "peers[1].address", "a value not used by another entry of peers");
    }

    @Test
    void selfIsReservedForThisAgent() {
        files.onlyError("peers:\n  - {name: self, address: \"127.0.0.1:7470\"}\n", 2, "peers[0].name",
                "a name other than self");
    }

    @Test
    void anUnknownCounterNameInThresholdsSuggestsTheNearest() {
        ConfigError error = files.onlyError("""
                smp:
                  thresholds:
                    SymbolErrorCounter: 5
                    PortRcvError: 20
                """, 4, "smp.thresholds.PortRcvError", "a PortCounters name: SymbolErrorCounter");
        assertThat(error.hint()).isEqualTo("did you mean \"PortRcvErrors\"?");
    }

    @Test
    void aNegativeThresholdIsRefused() {
        files.onlyError("smp:\n  thresholds: {PortXmitDiscards: -1}\n", 2, "smp.thresholds.PortXmitDiscards",
                "a count of 0 or more");
    }

    @Test
    void listeningOnEveryInterfaceWithoutAuthIsRefusedAtTheBindLine() {
        ConfigError error = files.onlyError("http:\n  port: 8778\n  bind: 0.0.0.0\n", 3, "http.auth",
                "an auth section (user, passwordFile) because http.bind 0.0.0.0 is not loopback");
        assertThat(error.got()).isEqualTo("none");
    }

    @Test
    void jmxOnANonLoopbackAddressNeedsAuthOnlyWhenEnabled() throws Exception {
        files.onlyError("jmx:\n  bind: 10.1.2.3\n", 2, "jmx.auth", "because jmx.bind 10.1.2.3 is not loopback");
        assertThat(files.load("jmx:\n  enabled: false\n  bind: 10.1.2.3\n").jmx().enabled()).isFalse();
    }

    @Test
    void aHostNameAsBindIsRefusedBecauseItWouldNeedDns() {
        files.onlyError("http:\n  bind: monitor.example\n", 2, "http.bind", "an IP address like 127.0.0.1");
    }

    @Test
    void aMissingPasswordFileIsNamed() {
        ConfigError error = files.onlyError("""
                http:
                  bind: 0.0.0.0
                  auth:
                    user: monitor
                    passwordFile: secrets/password
                """, 5, "http.auth.passwordFile", "an existing file whose first line is the password");
        assertThat(error.got()).isEqualTo("\"" + dir.resolve("secrets/password") + "\" (not found)");
    }

    @Test
    void authWithoutPasswordFileIsMissingARequiredKey() {
        files.onlyError("http:\n  bind: 0.0.0.0\n  auth:\n    user: monitor\n", 4, "http.auth.passwordFile",
                "passwordFile is required");
    }

    @Test
    void aJitterAbove50PercentIsRefused() {
        ConfigError error = files.onlyError("""
                schedules:
                  - {name: s, probe: smp-sweep, every: 30s, jitter: 60%}
                """, 2, "schedules[0].jitter", "a percentage from 0% to 50%");
        assertThat(error.got()).isEqualTo("\"60%\"");
    }

    @Test
    void aJitterThatIsNotAPercentageIsRefused() {
        files.onlyError("schedules:\n  - {name: s, probe: smp-sweep, every: 30s, jitter: ten}\n", 2,
                "schedules[0].jitter", "a percentage like 10% or a fraction like 0.1");
    }

    @Test
    void aScheduleTargetMustBeAKnownPeerOrSelf() {
        ConfigError error = files.onlyError("""
                peers:
                  - {name: host-b, address: "host-b:7470"}
                schedules:
                  - name: b
                    probe: bursts
                    every: 5m
                    targets: [self, host-c]
                """, 7, "schedules[0].targets[1]", "a peer name from peers, or self: self, host-b");
        assertThat(error.got()).isEqualTo("\"host-c\"");
        assertThat(error.hint()).isEqualTo("did you mean \"host-b\"?");
    }

    @Test
    void anSmpSweepScheduleTakesNoPeerTargets() {
        files.onlyError("schedules:\n  - {name: s, probe: smp-sweep, every: 30s, targets: [self]}\n", 2,
                "schedules[0].targets", "no targets for an smp-sweep schedule");
    }

    @Test
    void twoSchedulesWithOneNameAreRefused() {
        files.onlyError("""
                schedules:
                  - {name: s, probe: smp-sweep, every: 30s}
                  - {name: s, probe: pingpong, every: 60s}
                """, 3, "schedules[1].name", "a value not used by another entry of schedules");
    }

    @Test
    void aBurstSetListedTwiceInAPhaseIsRefusedWhateverTheKeywordOrder() {
        files.onlyError("bursts:\n  suite:\n    get: [wait, \"cacheless,reregister\", \"reregister,cacheless\"]\n", 3,
                "bursts.suite.get[2]", "each entry once");
    }

    @Test
    void noBurstSetsAtAllIsRefused() {
        files.onlyError("bursts:\n  suite: {get: [], put: []}\n", 2, "bursts.suite", "at least one set in get or put");
    }

    @Test
    void contiguousInGetIsRefusedAndSaysWhereItBelongs() {
        ConfigError alone = files.onlyError("bursts:\n  suite:\n    get: [default, contiguous]\n", 3,
                "bursts.suite.get[1]", "a set that applies to get");
        assertThat(alone.hint()).contains("contiguous applies to put only", "move \"contiguous\" to bursts.suite.put");
        ConfigError combined = files.onlyError("bursts:\n  suite:\n    get:\n      - contiguous,reregister\n", 4,
                "bursts.suite.get[0]", "a set that applies to get");
        assertThat(combined.hint()).contains("or write \"reregister\" in get");
    }

    @Test
    void defaultNeverCombines() {
        ConfigError error = files.onlyError("bursts:\n  suite:\n    put:\n      - default,wait\n", 4,
                "bursts.suite.put[0]", "keywords joined by commas");
        assertThat(error.hint()).isEqualTo("default never combines with keywords: write \"wait\", or default alone");
    }

    @Test
    void aRepeatedKeywordIsRefused() {
        ConfigError error = files.onlyError("bursts:\n  suite:\n    put:\n      - reregister,cacheless,reregister\n", 4,
                "bursts.suite.put[0]", "keywords joined by commas");
        assertThat(error.hint()).isEqualTo("reregister is written twice in \"reregister,cacheless,reregister\": write "
                + "\"reregister,cacheless\"");
    }

    @Test
    void anEmptyKeywordIsRefused() {
        ConfigError error = files.onlyError("bursts:\n  suite:\n    put:\n      - cacheless,\n", 4,
                "bursts.suite.put[0]", "keywords joined by commas");
        assertThat(error.hint()).startsWith("an empty keyword");
    }

    @Test
    void keywordsSeparatedBySpacesAsTheTablePrintsThemAreRefusedWithTheCommaForm() {
        ConfigError error = files.onlyError("bursts:\n  suite:\n    put:\n      - cacheless reregister\n", 4,
                "bursts.suite.put[0]", "keywords joined by commas");
        assertThat(error.hint()).isEqualTo("join keywords with commas, as fabtrun does: write \"cacheless,reregister\"");
    }

    @Test
    void aCombinationSplitByAFlowListIsCaught() {
        ConfigError error = files.onlyError("bursts:\n  suite:\n    get: [default, cacheless,reregister]\n", 3,
                "bursts.suite.get[2]", "one set per list entry");
        assertThat(error.hint()).contains("quote the set, \"cacheless,reregister\"");
    }

    @Test
    void maxBytesMustHoldOneWrite() {
        files.onlyError("bursts:\n  segmentSize: 1M\n  segments: 4\n  maxBytes: 2M\n", 4, "bursts.maxBytes",
                "at least segmentSize x segments = 4M");
    }

    @Test
    void burstsAndPingpongCannotShareAPort() {
        files.onlyError("bursts: {listen: \"127.0.0.1:7000\"}\npingpong: {listen: \"127.0.0.1:7000\"}\n", 2,
                "pingpong.listen", "an address other than bursts.listen");
    }

    @Test
    void serverInvalidateWithoutAMemoryWindowIsRefusedNamingKrpingsRule() {
        ConfigError error = files.onlyError("pingpong:\n  memory: reregister\n  serverInvalidate: true\n", 3,
                "pingpong.serverInvalidate", "true only with memory: window");
        assertThat(error.got()).isEqualTo("true with memory: reregister");
        assertThat(error.hint()).contains("set memory: window");
    }

    @Test
    void anUnknownMemoryModeIsRefusedWithTheModesAndANearMiss() {
        ConfigError error = files.onlyError("pingpong:\n  memory: windows\n", 2, "pingpong.memory",
                "one of once, reregister, window");
        assertThat(error.hint()).isEqualTo("did you mean \"window\"?");
    }

    @Test
    void theWindowModeWithServerInvalidateLoads() throws Exception {
        FabricHealthConfig c = files.load("pingpong:\n  transports: [verbs]\n  memory: window\n"
                + "  serverInvalidate: true\n");
        assertThat(c.pingpong().memory()).isEqualTo(MemoryMode.WINDOW);
        assertThat(c.pingpong().serverInvalidate()).isTrue();
        assertThat(FabricHealthConfig.DEFAULTS.pingpong().memory()).as("the default").isEqualTo(MemoryMode.ONCE);
    }

    @Test
    void anUnknownAlarmKindIsRefused() {
        ConfigError error = files.onlyError("alarms:\n  hysteresis:\n    PortDwn: {raiseAfter: 3}\n", 3,
                "alarms.hysteresis.PortDwn", "an alarm kind: PortDown, LinkFlapping, LinkDegraded");
        assertThat(error.hint()).isEqualTo("did you mean \"PortDown\"?");
    }

    @Test
    void aCorsOriginWithAPathIsRefused() {
        files.onlyError("http:\n  allowedOrigins: [\"http://grafana.example:3000/dashboards\"]\n", 2,
                "http.allowedOrigins[0]", "an origin like http://grafana.example:3000");
    }
}

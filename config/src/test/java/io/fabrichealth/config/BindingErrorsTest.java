package io.fabrichealth.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Errors found while reading the file: YAML syntax, shapes, types, unknown keys, ranges. */
class BindingErrorsTest {
    @TempDir
    Path dir;
    ConfigFiles files;

    @BeforeEach
    void setUp() {
        files = new ConfigFiles(dir);
    }

    @Test
    void aNegativeTimeoutIsReportedWithFileLineColumnAndWhatToWrite() {
        ConfigException e = files.failure("""
                smp:
                  window: 8
                  timeout: -5s
                """);
        assertThat(e.getMessage()).isEqualTo(e.file()
                + ":3:12: smp.timeout: expected a positive duration like 500ms, 2s or 1m, got \"-5s\"");
        assertThat(e.line()).isEqualTo(3);
        assertThat(e.column()).isEqualTo(12);
        assertThat(e.field()).isEqualTo("smp.timeout");
        assertThat(e.expected()).isEqualTo("a positive duration like 500ms, 2s or 1m");
    }

    @Test
    void aZeroTimeoutIsNotPositive() {
        ConfigError error = files.onlyError("smp:\n  timeout: 0ms\n", 2, "smp.timeout", "a positive duration");
        assertThat(error.got()).isEqualTo("\"0ms\"");
    }

    @Test
    void aDurationWithoutUnitNamesTheUnits() {
        ConfigError error = files.onlyError("bursts:\n  maxDuration: 5\n", 2, "bursts.maxDuration",
                "a positive duration like 500ms, 2s or 1m");
        assertThat(error.hint()).contains("ms, s, m, h");
    }

    @Test
    void aWordWhereANumberBelongsIsATypeError() {
        ConfigError error = files.onlyError("smp:\n  window: lots\n", 2, "smp.window", "an integer from 1 to 128");
        assertThat(error.got()).isEqualTo("\"lots\"");
    }

    @Test
    void aWindowAbove128IsOutOfRange() {
        files.onlyError("smp:\n  window: 129\n", 2, "smp.window", "an integer from 1 to 128");
    }

    @Test
    void fivePerDestinationIsOutOfRange() {
        files.onlyError("smp:\n  perDestination: 5\n", 2, "smp.perDestination", "an integer from 1 to 4");
    }

    @Test
    void yesIsNotABoolean() {
        files.onlyError("jmx:\n  enabled: yes\n", 2, "jmx.enabled", "true or false");
    }

    @Test
    void aScalarWhereASectionBelongsListsTheSectionKeys() {
        ConfigError error = files.onlyError("smp: fast\n", 1, "smp", "a mapping with the keys window, perDestination");
        assertThat(error.got()).isEqualTo("\"fast\"");
    }

    @Test
    void anUnknownTopLevelKeyListsTheSectionsAndSuggestsTheNearest() {
        ConfigError error = files.onlyError("agent:\n  name: a\nsmpp:\n  window: 4\n", 3, "smpp",
                "one of the keys agent, http, jmx, fabric, simulation, smp, peers");
        assertThat(error.column()).isEqualTo(1);
        assertThat(error.hint()).isEqualTo("did you mean \"smp\"?");
        assertThat(error.expected()).doesNotContain("source");
    }

    @Test
    void anUnknownNestedKeyIsReportedAtTheKey() {
        ConfigError error = files.onlyError("smp:\n  windw: 4\n", 2, "smp.windw", "under smp");
        assertThat(error.column()).isEqualTo(3);
        assertThat(error.hint()).isEqualTo("did you mean \"window\"?");
    }

    @Test
    void aKeyWrittenTwiceIsAnError() {
        ConfigError error = files.onlyError("smp:\n  window: 4\n  window: 8\n", 3, "smp.window", "each key once");
        assertThat(error.hint()).isEqualTo("the first is at line 2");
    }

    @Test
    void anUnknownEnumValueListsTheAllowedOnes() {
        ConfigError error = files.onlyError("fabric:\n  mode: simulation\n", 2, "fabric.mode",
                "one of simulated, hardware");
        assertThat(error.hint()).isEqualTo("did you mean \"simulated\"?");
    }

    @Test
    void theOldBurstSetsKeySaysWhatReplacedIt() {
        ConfigError error = files.onlyError("bursts:\n  sets: [default, get]\n", 2, "bursts.sets", "one of the keys");
        assertThat(error.hint()).startsWith("it was replaced by fabtrun's matrix: bursts.suite:");
    }

    @Test
    void anUnknownBurstSetIsReportedAtItsListEntry() {
        ConfigError error = files.onlyError("bursts:\n  suite: {put: [default, contigous]}\n", 2,
                "bursts.suite.put[1]", "default, or keywords joined by commas like cacheless,reregister");
        assertThat(error.column()).isEqualTo(26);
        assertThat(error.hint()).contains("\"contigous\" is not a keyword", "did you mean \"contiguous\"?");
    }

    @Test
    void anAddressWithoutPortIsNotHostPort() {
        ConfigError error = files.onlyError("""
                peers:
                  - name: host-b
                    address: host-b
                """, 3, "peers[0].address", "host:port like 127.0.0.1:7471");
        assertThat(error.hint()).isEqualTo("the port is missing");
    }

    @Test
    void aPortAbove65535IsNotHostPort() {
        ConfigError error = files.onlyError("bursts:\n  listen: 127.0.0.1:70000\n", 2, "bursts.listen", "host:port");
        assertThat(error.hint()).isEqualTo("port 70000 is outside 1..65535");
    }

    @Test
    void anSmpTargetMustBeLidOrDirectedRoute() {
        files.onlyError("smp:\n  targets: [\"lid:5\", \"node5\"]\n", 2, "smp.targets[1]", "lid:5 or dr:0,1,3");
        ConfigError error = files.onlyError("smp:\n  targets: [\"dr:1,3\"]\n", 2, "smp.targets[0]", "dr:0,1,3");
        assertThat(error.hint()).contains("starts with 0");
    }

    @Test
    void aPeerWithoutAddressIsMissingARequiredKey() {
        files.onlyError("peers:\n  - name: host-b\n", 2, "peers[0].address", "address is required");
    }

    @Test
    void anExplicitNullWhereAValueIsNeededIsAnError() {
        ConfigError error = files.onlyError("smp:\n  timeout:\n  window: 4\n", 2, "smp.timeout",
                "a positive duration");
        assertThat(error.got()).isEqualTo("null");
    }

    @Test
    void aYamlSyntaxErrorCarriesTheParsersLine() {
        ConfigError error = files.onlyError("""
                smp:
                  window: 4
                  targets: ["lid:1"
                budget:
                  maxConcurrentProbes: 2
                """, 4, "", "valid YAML");
        assertThat(error.hint()).isNotBlank();
    }

    @Test
    void aTabInIndentationIsASyntaxError() {
        files.onlyError("smp:\n\twindow: 4\n", 2, "", "valid YAML");
    }

    @Test
    void aListAsTheDocumentIsRefused() {
        ConfigError error = files.onlyError("- smp\n- peers\n", 1, "", "a mapping with the keys agent, http");
        assertThat(error.got()).isEqualTo("a list");
    }

    @Test
    void aScalarAsTheDocumentIsRefused() {
        files.onlyError("hello\n", 1, "", "a mapping with the keys agent");
    }

    @Test
    void twoDocumentsInOneFileAreRefused() {
        files.onlyError("smp: {window: 4}\n---\nsmp: {window: 8}\n", 2, "", "valid YAML");
    }

    @Test
    void aMissingFileSaysWhereToLookAndHasNoLine() {
        ConfigException e = catchThrowableOfType(ConfigException.class,
                () -> ConfigLoader.load(dir.resolve("nope.yaml")));
        assertThat(e.file()).isEqualTo(dir.resolve("nope.yaml").toString());
        assertThat(e.line()).isZero();
        assertThat(e.getMessage()).isEqualTo(e.file() + ": expected an existing YAML file, got nothing at that path"
                + " (check fabric.health.config / FABRIC_HEALTH_CONFIG, or start from fabric-health.example.yaml)");
    }

    @Test
    void everyProblemInAFileIsReportedInFileOrder() {
        ConfigException e = files.failure("""
                smp:
                  window: 0
                  timeout: soon
                bursts:
                  segmentSize: 64Q
                colour: blue
                """);
        assertThat(e.errors()).extracting(ConfigError::field)
                .containsExactly("smp.window", "smp.timeout", "bursts.segmentSize", "colour");
        assertThat(e.errors()).extracting(ConfigError::line).containsExactly(2, 3, 5, 6);
        assertThat(e.getMessage()).isEqualTo(e.errors().get(0).message());
        assertThat(e.describe().lines()).hasSize(5).first().isEqualTo("4 problems in " + e.file());
        assertThat(e.describe()).contains("bursts.segmentSize: expected a positive size like 64K");
    }
}

package io.fabrichealth.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The local view's section: its interval and hw_counters thresholds, and the errors that name the field. */
class LocalConfigTest {
    @TempDir
    Path dir;
    ConfigFiles files;

    @BeforeEach
    void setUp() {
        files = new ConfigFiles(dir);
    }

    @Test
    void configuredThresholdsOverrideTheDefaultsAndTheRestStay() throws Exception {
        FabricHealthConfig c = files.load("local:\n  every: 5s\n  thresholds: {rcvd_seq_err: 50, out_of_sequence: 3}\n");
        assertThat(c.local().every()).isEqualTo(Duration.ofSeconds(5));
        assertThat(c.local().effectiveThresholds()).containsEntry("rcvd_seq_err", 50L)
                .containsEntry("out_of_sequence", 3L).containsEntry("retry_exceeded_err", 1L)
                .containsEntry("packet_seq_err", 10L).doesNotContainKeys("np_cnp_sent", "rp_cnp_handled");
    }

    @Test
    void anEmptyFileGivesTheDefaults() throws Exception {
        assertThat(files.load("{}\n").local()).isEqualTo(LocalConfig.DEFAULTS);
    }

    @Test
    void aMisspelledCounterIsNamedWithTheNearestOne() {
        ConfigError error = files.onlyError("""
                local:
                  thresholds:
                    rcvd_seq_errs: 5
                """, 3, "local.thresholds.rcvd_seq_errs", "a transport-error hw_counters name: out_of_sequence");
        assertThat(error.hint()).isEqualTo("did you mean \"rcvd_seq_err\"?");
    }

    @Test
    void congestionCountersAreNeverErrors() {
        ConfigError error = files.onlyError("local:\n  thresholds: {np_cnp_sent: 100}\n", 2,
                "local.thresholds.np_cnp_sent", "a transport-error hw_counters name");
        assertThat(error.hint()).contains("congestion", "never judges");
    }

    @Test
    void aPortCountersNameIsSentToSmpThresholds() {
        ConfigError error = files.onlyError("local:\n  thresholds: {symbol_error: 5}\n", 2,
                "local.thresholds.symbol_error", "a transport-error hw_counters name");
        assertThat(error.hint()).isEqualTo("symbol_error is a PortCounters counter: set smp.thresholds.SymbolErrorCounter");
    }

    @Test
    void aZeroThresholdIsRefused() {
        files.onlyError("local:\n  thresholds: {retry_exceeded_err: 0}\n", 2, "local.thresholds.retry_exceeded_err",
                "a count of 1 or more");
    }
}

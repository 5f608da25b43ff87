package io.fabrichealth.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** ./fabric-health bursts exits non-zero exactly when fabtrun's last line would say a test failed. */
class BurstsExitTest {

    @Test
    void theSummaryLineDecides() {
        assertThat(BurstsExit.anyFailed("key:\n15 tests, 15 succeeded, 0 failed\n")).isFalse();
        assertThat(BurstsExit.anyFailed("15 tests, 13 succeeded, 0 failed, 2 unsupported\n")).isFalse();
        assertThat(BurstsExit.anyFailed("15 tests, 14 succeeded, 1 failed\nput cancel: why\n")).isTrue();
        assertThat(BurstsExit.anyFailed("no report at all")).as("no summary: nothing can be said to pass").isTrue();
    }
}

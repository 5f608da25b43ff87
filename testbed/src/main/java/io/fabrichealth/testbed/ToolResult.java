package io.fabrichealth.testbed;

import java.time.Duration;

/**
 * What a diagnostic tool run against the simulated fabric printed.
 *
 * @param exitCode the tool's exit status, or {@link #TIMED_OUT} if it had to be stopped
 */
public record ToolResult(int exitCode, String stdout, String stderr, Duration took) {

    /** The exit code reported when the tool overran its timeout and was stopped. */
    public static final int TIMED_OUT = -1;

    public boolean ok() {
        return exitCode == 0;
    }
}

package io.fabrichealth.cli;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the pass/fail of a burst report from its summary line, {@code N tests, N succeeded, N failed}, as fabtrun's users do. */
final class BurstsExit {
    private static final Pattern SUMMARY = Pattern.compile("(?m)^\\d+ tests, \\d+ succeeded, (\\d+) failed");

    private BurstsExit() {
    }

    /** True when the summary counts a failed test, or when there is no summary line to read. */
    static boolean anyFailed(String report) {
        Matcher m = SUMMARY.matcher(report);
        return !m.find() || Integer.parseInt(m.group(1)) > 0;
    }
}

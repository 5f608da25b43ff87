package io.fabrichealth.probes.bursts;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The golden file {@code fabtrun-layout.txt}, written from the fabtrun document's sample report (its numbers, its
 * words, this agent's column alignment, which the document lost), and the comparison of a real report with it,
 * line by line, numbers masked: a changed header, rule, key line, column position or summary fails it.
 */
final class FabtrunLayout {
    /** A number in a padded column: its padding is kept in the mask, so the column's right edge must not move. */
    private static final Pattern NUMBER = Pattern.compile("( {2,})?(\\d+(?:\\.\\d+)?)");

    private FabtrunLayout() {
    }

    static List<String> golden() {
        try (InputStream in = FabtrunLayout.class.getResourceAsStream("fabtrun-layout.txt")) {
            assertThat(in).as("fabtrun-layout.txt on the test class path").isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    static String mask(String line) {
        Matcher m = NUMBER.matcher(line);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String padded = m.group();
            m.appendReplacement(out, m.group(1) == null ? "#" : " ".repeat(padded.length() - 1) + "#");
        }
        return m.appendTail(out).toString();
    }

    static void assertSameLayout(String report) {
        List<String> want = golden();
        List<String> got = report.lines().toList();
        assertThat(got).as("lines of%n%s", report).hasSize(want.size());
        for (int i = 0; i < want.size(); i++) {
            assertThat(mask(got.get(i))).as("line %d of%n%s", i + 1, report).isEqualTo(mask(want.get(i)));
        }
    }
}

package io.fabrichealth.config;

/**
 * One problem in a config file.
 *
 * @param file the source name: a file path or {@code embedded:default.yaml}
 * @param line 1-based; 0 when the problem is the file as a whole (unreadable)
 * @param column 1-based; 0 with line 0
 * @param field dotted path like {@code peers[1].address}; empty for the document itself
 * @param expected what would have been accepted
 * @param got what the file holds, quoted where it is text; {@code null} when there is nothing to show
 * @param hint what else may help, such as "did you mean ...?"; {@code null} if none
 */
public record ConfigError(String file, int line, int column, String field, String expected, String got,
        String hint) {

    /** {@code /etc/fabric-health.yaml:12:5: smp.timeout: expected a positive duration like 500ms, 2s or 1m, got "-5s"}. */
    public String message() {
        StringBuilder s = new StringBuilder(file);
        if (line > 0) {
            s.append(':').append(line).append(':').append(column);
        }
        s.append(": ");
        if (!field.isEmpty()) {
            s.append(field).append(": ");
        }
        s.append("expected ").append(expected);
        if (got != null) {
            s.append(", got ").append(got);
        }
        if (hint != null) {
            s.append(" (").append(hint).append(')');
        }
        return s.toString();
    }

    @Override
    public String toString() {
        return message();
    }
}

package io.fabrichealth.config.bind;

import java.util.Map;

/**
 * Where each bound field came from, so checks that run after binding can still name a line. A field that was
 * not written in the file (a default) is reported at its nearest written ancestor.
 */
public final class Locator {
    private final Map<String, Position> positions;

    Locator(Map<String, Position> positions) {
        this.positions = Map.copyOf(positions);
    }

    public Position at(String field) {
        for (String f = field; ; f = parent(f)) {
            Position p = positions.get(f);
            if (p != null) {
                return p;
            }
            if (f.isEmpty()) {
                return Position.WHOLE_FILE;
            }
        }
    }

    public Problem problem(String field, String expected, String got, String hint) {
        return new Problem(field, at(field), expected, got, hint);
    }

    /** {@code peers[1].address -> peers[1] -> peers -> ""}. */
    static String parent(String field) {
        int cut = Math.max(field.lastIndexOf('.'), field.lastIndexOf('['));
        return cut < 0 ? "" : field.substring(0, cut);
    }
}

package io.fabrichealth.config.bind;

import java.util.Optional;
import org.snakeyaml.engine.v2.exceptions.Mark;

/** A place in the file, 1-based like editors show it; line 0 means "the file as a whole". */
public record Position(int line, int column) {

    public static final Position WHOLE_FILE = new Position(0, 0);

    public static Position of(Optional<Mark> mark) {
        return mark.map(m -> new Position(m.getLine() + 1, m.getColumn() + 1)).orElse(WHOLE_FILE);
    }
}

package io.fabrichealth.config.bind;

import java.nio.file.Path;

/**
 * How one Java type is read from a YAML scalar and written back. {@code parse(render(v))} must equal {@code v},
 * which is what lets {@code toYaml()} round-trip.
 */
public interface ScalarType<T> {

    /** What a valid value looks like, for error messages: {@code a duration like 500ms, 2s or 1m}. */
    String expected();

    /** The same for a {@link Positive} component: {@code a positive duration like 500ms, 2s or 1m}. */
    default String expectedPositive() {
        return "a value above zero: " + expected();
    }

    /**
     * Reads the scalar's text. Relative paths resolve against {@code baseDir}, the config file's folder.
     *
     * @throws BadValue when the text does not fit
     */
    T parse(String text, Path baseDir);

    /** A String, Number or Boolean that the YAML dumper writes and {@link #parse} reads back. */
    Object render(T value);

    /** Sign of the value, for {@link Positive}; types that cannot be signed never carry that annotation. */
    default int signum(T value) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " has no sign; drop @Positive");
    }
}

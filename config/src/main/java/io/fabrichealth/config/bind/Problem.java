package io.fabrichealth.config.bind;

/**
 * One thing wrong with the file, before it gets its file name (the loader turns it into a ConfigError).
 *
 * @param field dotted path like {@code peers[1].address}; empty for the document itself
 * @param expected what would have been accepted
 * @param got what the file holds (already quoted where it is text), or {@code null}
 * @param hint extra help such as "did you mean ...", or {@code null}
 */
public record Problem(String field, Position at, String expected, String got, String hint) {
}

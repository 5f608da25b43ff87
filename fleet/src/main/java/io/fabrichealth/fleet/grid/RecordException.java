package io.fabrichealth.fleet.grid;

/** A grid record that does not parse, is of another format, or is not signed with the fleet's secret. */
public final class RecordException extends RuntimeException {
    public RecordException(String message) {
        super(message);
    }
}

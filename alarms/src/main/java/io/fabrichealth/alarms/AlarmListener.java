package io.fabrichealth.alarms;

/**
 * Hears every raise, clear and acknowledgement, in order. Called while the book is locked, so that listeners see
 * transitions in the order they happened: hand off slow work, and do not wait for other threads that use the book.
 */
@FunctionalInterface
public interface AlarmListener {
    void changed(AlarmChange change);
}

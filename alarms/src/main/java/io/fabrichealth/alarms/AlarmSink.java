package io.fabrichealth.alarms;

import io.fabrichealth.config.AlarmKind;

/**
 * Where probes report what they see, without knowing JMX or counting anything: {@link AlarmBook#sink()} is the
 * agent's one sink, and applies hysteresis once, by the config's {@code alarms.hysteresis}.
 */
public interface AlarmSink {
    /** One observation per run, bad or good; raising after K bad and clearing after M good is the book's job. */
    void observe(AlarmKind kind, String subject, boolean bad, String details);

    /** A one-shot alarm that needs no hysteresis, e.g. Corruption. */
    void raise(AlarmKind kind, String subject, String details);

    /**
     * Evidence found after {@code kind} was raised on {@code subject} (a run's path, read when the run ended)
     * replaces its details, without counting a new sighting. Nothing happens when no such alarm is active.
     */
    default void amend(AlarmKind kind, String subject, String details) {
    }

    /**
     * In a fleet: another agent watches {@code subject} now, so this agent's alarm of {@code kind} on it clears
     * (the other raises its own if it is still bad). Nothing happens when there is no such alarm.
     */
    default void handOver(AlarmKind kind, String subject, String to) {
    }

    AlarmSink NONE = new AlarmSink() {
        @Override
        public void observe(AlarmKind kind, String subject, boolean bad, String details) {
        }

        @Override
        public void raise(AlarmKind kind, String subject, String details) {
        }
    };
}

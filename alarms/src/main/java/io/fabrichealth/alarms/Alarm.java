package io.fabrichealth.alarms;

import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.Severity;
import java.time.Instant;
import java.util.Objects;

/**
 * One alarm as it stands: an immutable snapshot. The alarm book replaces it on every change.
 *
 * @param id short, URL-safe, unique across restarts; what {@code acknowledge} takes
 * @param subject what the alarm is about: a port {@code 0x0002c90300000001/3}, a peer {@code host:port}, a schedule
 * @param count bad observations since it was raised, the raising one included
 * @param acknowledgedBy empty until acknowledged
 * @param acknowledgedAt null until acknowledged
 * @param clearedAt null while active
 */
public record Alarm(String id, AlarmKind kind, Severity severity, String subject, Instant raisedAt,
        Instant lastSeenAt, long count, String details, boolean acknowledged, String acknowledgedBy,
        Instant acknowledgedAt, Instant clearedAt) {

    public Alarm {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(raisedAt, "raisedAt");
        Objects.requireNonNull(lastSeenAt, "lastSeenAt");
        details = details == null ? "" : details;
        acknowledgedBy = acknowledgedBy == null ? "" : acknowledgedBy;
    }

    static Alarm raised(String id, AlarmKind kind, String subject, String details, Instant at) {
        return new Alarm(id, kind, kind.severity(), subject, at, at, 1, details, false, "", null, null);
    }

    public boolean active() {
        return clearedAt == null;
    }

    Alarm seenAgain(String newDetails, Instant at) {
        return new Alarm(id, kind, severity, subject, raisedAt, at, count + 1, newDetails, acknowledged,
                acknowledgedBy, acknowledgedAt, clearedAt);
    }

    Alarm acknowledge(String who, Instant at) {
        return new Alarm(id, kind, severity, subject, raisedAt, lastSeenAt, count, details, true, who, at,
                clearedAt);
    }

    Alarm clear(Instant at) {
        return new Alarm(id, kind, severity, subject, raisedAt, lastSeenAt, count, details, acknowledged,
                acknowledgedBy, acknowledgedAt, at);
    }
}

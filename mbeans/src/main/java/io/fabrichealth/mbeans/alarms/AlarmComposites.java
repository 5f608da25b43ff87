package io.fabrichealth.mbeans.alarms;

import io.fabrichealth.alarms.Alarm;
import io.fabrichealth.config.Severity;
import io.fabrichealth.mbeans.Composites;
import java.time.Instant;
import java.util.Map;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.SimpleType;

/**
 * The flat shapes of alarms over JMX: one row type for ActiveAlarms and for every notification's userData, so a
 * consumer parses one shape. Times are ISO-8601 strings; empty means "not yet". {@code suspectLinks} lists the cables
 * the details name as suspect, comma-separated, for a map or a ticket to pick up without parsing prose.
 */
final class AlarmComposites {
    static final Composites ALARM = new Composites("Alarm", "one alarm of fabric-health",
            "id", SimpleType.STRING,
            "kind", SimpleType.STRING,
            "severity", SimpleType.STRING,
            "subject", SimpleType.STRING,
            "raisedAt", SimpleType.STRING,
            "lastSeenAt", SimpleType.STRING,
            "count", SimpleType.LONG,
            "details", SimpleType.STRING,
            "acknowledged", SimpleType.BOOLEAN,
            "acknowledgedBy", SimpleType.STRING,
            "acknowledgedAt", SimpleType.STRING,
            "clearedAt", SimpleType.STRING,
            "raisedBy", SimpleType.STRING,
            "suspectLinks", SimpleType.STRING);

    static final Composites BY_SEVERITY = new Composites("AlarmCountBySeverity", "active alarms per severity",
            "critical", SimpleType.LONG,
            "major", SimpleType.LONG,
            "minor", SimpleType.LONG,
            "warning", SimpleType.LONG);

    private AlarmComposites() {
    }

    /** An alarm of this agent's own book; {@code raisedBy} is this agent's name ("" outside a fleet). */
    static CompositeData of(Alarm a, String raisedBy) {
        return of(a.id(), a, raisedBy);
    }

    /** @param id the id people acknowledge it by: its own, or {@code agent/id} for another agent's */
    static CompositeData of(String id, Alarm a, String raisedBy) {
        return ALARM.of(id, a.kind().name(), a.severity().name(), a.subject(), a.raisedAt().toString(),
                a.lastSeenAt().toString(), a.count(), a.details(), a.acknowledged(), a.acknowledgedBy(),
                iso(a.acknowledgedAt()), iso(a.clearedAt()), raisedBy, String.join(", ", a.suspectLinks()));
    }

    static CompositeData of(Map<Severity, Long> counts) {
        return BY_SEVERITY.of(counts.get(Severity.CRITICAL), counts.get(Severity.MAJOR), counts.get(Severity.MINOR),
                counts.get(Severity.WARNING));
    }

    private static String iso(Instant t) {
        return t == null ? "" : t.toString();
    }
}

package io.fabrichealth.alarms;

import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.Severity;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    /** Where an alarm's details start naming suspect cables; {@link #suspectLinks()} reads them back. */
    public static final String SUSPECT_LINKS = "suspect links: ";
    private static final Pattern CABLE = Pattern.compile("0x[0-9a-f]{16}/\\d+ <-> 0x[0-9a-f]{16}/\\d+");

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

    Alarm withDetails(String newDetails) {
        return new Alarm(id, kind, severity, subject, raisedAt, lastSeenAt, count, newDetails, acknowledged,
                acknowledgedBy, acknowledgedAt, clearedAt);
    }

    /**
     * The cables its details name as suspect, each {@code 0x<GUID>/<port> <-> 0x<GUID>/<port>}: what follows
     * {@link #SUSPECT_LINKS} (the details' last part, as a run's path evidence writes it). Empty when none.
     */
    public List<String> suspectLinks() {
        int at = details.indexOf(SUSPECT_LINKS);
        if (at < 0) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        Matcher m = CABLE.matcher(details);
        m.region(at + SUSPECT_LINKS.length(), details.length());
        while (m.find()) {
            out.add(m.group());
        }
        return out;
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

package io.fabrichealth.alarms;

import io.fabrichealth.config.AlarmKind;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jolokia.json.JSONArray;
import org.jolokia.json.JSONObject;
import org.jolokia.json.parser.JSONParser;
import org.jolokia.json.parser.ParseException;

/**
 * The JSON of alarms: the state file's format (one JSON object, versioned, times as ISO-8601), and the one row shape
 * that the file and the fleet's grid both use for an alarm.
 */
public final class AlarmJson {
    static final String FORMAT = "fabric-health-alarms";
    static final long VERSION = 1;

    private AlarmJson() {
    }

    static String write(List<Alarm> alarms, Instant savedAt) {
        JSONArray rows = new JSONArray();
        alarms.forEach(a -> rows.add(row(a)));
        JSONObject root = new JSONObject();
        root.put("format", FORMAT);
        root.put("version", VERSION);
        root.put("savedAt", savedAt.toString());
        root.put("alarms", rows);
        return root.toJSONString();
    }

    /** One alarm as a JSON object (its severity is its kind's, so it is written but never read back). */
    public static JSONObject row(Alarm a) {
        JSONObject o = new JSONObject();
        o.put("id", a.id());
        o.put("kind", a.kind().name());
        o.put("severity", a.severity().name());
        o.put("subject", a.subject());
        o.put("raisedAt", a.raisedAt().toString());
        o.put("lastSeenAt", a.lastSeenAt().toString());
        o.put("count", a.count());
        o.put("details", a.details());
        o.put("acknowledged", a.acknowledged());
        o.put("acknowledgedBy", a.acknowledgedBy());
        o.put("acknowledgedAt", a.acknowledgedAt() == null ? null : a.acknowledgedAt().toString());
        return o;
    }

    /**
     * The alarm a {@link #row} describes.
     *
     * @throws IllegalArgumentException naming what is missing or wrong, or the kind this version does not know
     */
    public static Alarm alarm(Map<?, ?> o) {
        String kindName = string(o, "kind");
        AlarmKind kind;
        try {
            kind = AlarmKind.valueOf(kindName);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("alarm " + o.get("id") + " of unknown kind " + kindName, e);
        }
        try {
            return new Alarm(string(o, "id"), kind, kind.severity(), string(o, "subject"),
                    Instant.parse(string(o, "raisedAt")), Instant.parse(string(o, "lastSeenAt")),
                    as(Number.class, o.get("count"), "count").longValue(), string(o, "details"),
                    as(Boolean.class, o.get("acknowledged"), "acknowledged"), string(o, "acknowledgedBy"),
                    o.get("acknowledgedAt") == null ? null : Instant.parse(string(o, "acknowledgedAt")), null);
        } catch (java.time.format.DateTimeParseException e) {
            throw new IllegalArgumentException("alarm " + o.get("id") + " has a time that is not ISO-8601", e);
        }
    }

    /**
     * @param skipped receives one line per row that names a kind this version does not know
     * @throws IllegalArgumentException when the text is not a complete state file of this format
     */
    static List<Alarm> read(String text, List<String> skipped) {
        Object parsed;
        try {
            parsed = new JSONParser().parse(text);
        } catch (ParseException | IOException | RuntimeException e) {
            throw new IllegalArgumentException("not JSON (" + e.getMessage() + ")", e);
        }
        Map<?, ?> root = as(Map.class, parsed, "the document");
        if (!FORMAT.equals(root.get("format"))) {
            throw new IllegalArgumentException("format is " + root.get("format") + ", not " + FORMAT);
        }
        long version = as(Number.class, root.get("version"), "version").longValue();
        if (version != VERSION) {
            throw new IllegalArgumentException("version " + version + " is not " + VERSION
                    + " (written by another agent version)");
        }
        List<Alarm> out = new ArrayList<>();
        for (Object row : as(List.class, root.get("alarms"), "alarms")) {
            Map<?, ?> o = as(Map.class, row, "an alarm");
            String kindName = string(o, "kind");
            try {
                AlarmKind.valueOf(kindName);
            } catch (IllegalArgumentException e) {
                skipped.add("alarm " + o.get("id") + " of unknown kind " + kindName);
                continue;
            }
            out.add(alarm(o));
        }
        return out;
    }

    private static String string(Map<?, ?> o, String key) {
        return as(String.class, o.get(key), key);
    }

    private static <T> T as(Class<T> type, Object value, String what) {
        if (!type.isInstance(value)) {
            throw new IllegalArgumentException(what + " is " + (value == null ? "missing" : "a "
                    + value.getClass().getSimpleName()) + ", not a " + type.getSimpleName());
        }
        return type.cast(value);
    }
}

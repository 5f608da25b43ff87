package io.fabrichealth.fleet.grid;

import io.fabrichealth.config.HostPort;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import org.jolokia.json.JSONObject;
import org.jolokia.json.parser.JSONParser;
import org.jolokia.json.parser.ParseException;

/** Strict reading of one grid record: a missing or mistyped field is a {@link RecordException} that names it. */
final class Json {
    private final JSONObject o;
    private final String what;

    private Json(JSONObject o, String what) {
        this.o = o;
        this.what = what;
    }

    static Json parse(String text, String what) {
        try {
            Object parsed = new JSONParser().parse(text);
            if (!(parsed instanceof JSONObject obj)) {
                throw new RecordException("the " + what + " is not a JSON object");
            }
            return new Json(obj, what);
        } catch (ParseException | IOException | RuntimeException e) {
            if (e instanceof RecordException r) {
                throw r;
            }
            throw new RecordException("the " + what + " is not JSON (" + e.getMessage() + ")");
        }
    }

    JSONObject object() {
        return o;
    }

    private Object field(String name) {
        if (!o.containsKey(name) || o.get(name) == null) {
            throw new RecordException("the " + what + " has no '" + name + "'");
        }
        return o.get(name);
    }

    String string(String name) {
        if (field(name) instanceof String s) {
            return s;
        }
        throw new RecordException("the " + what + "'s '" + name + "' is not a string");
    }

    long number(String name) {
        if (field(name) instanceof Number n) {
            return n.longValue();
        }
        throw new RecordException("the " + what + "'s '" + name + "' is not a number");
    }

    boolean bool(String name) {
        if (field(name) instanceof Boolean b) {
            return b;
        }
        throw new RecordException("the " + what + "'s '" + name + "' is not true or false");
    }

    List<String> strings(String name) {
        if (field(name) instanceof List<?> l) {
            List<String> out = new ArrayList<>();
            for (Object x : l) {
                if (!(x instanceof String s)) {
                    throw new RecordException("the " + what + "'s '" + name + "' holds a non-string");
                }
                out.add(s);
            }
            return out;
        }
        throw new RecordException("the " + what + "'s '" + name + "' is not a list");
    }

    Instant instant(String name) {
        try {
            return Instant.parse(string(name));
        } catch (DateTimeParseException e) {
            throw new RecordException("the " + what + "'s '" + name + "' is not an ISO-8601 instant");
        }
    }

    HostPort hostPort(String name) {
        try {
            return HostPort.parse(string(name));
        } catch (IllegalArgumentException e) {
            throw new RecordException("the " + what + "'s '" + name + "' is not host:port (" + e.getMessage() + ")");
        }
    }

    long guid(String name) {
        String s = string(name);
        try {
            return Long.parseUnsignedLong(s.startsWith("0x") ? s.substring(2) : s, 16);
        } catch (NumberFormatException e) {
            throw new RecordException("the " + what + "'s '" + name + "' is not a GUID like 0x0002c90300000001");
        }
    }
}

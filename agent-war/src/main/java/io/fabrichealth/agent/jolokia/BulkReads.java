package io.fabrichealth.agent.jolokia;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.SerializedString;
import io.fabrichealth.mbeans.MBeanRegistry;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.lang.reflect.Array;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.DynamicMBean;
import javax.management.JMException;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.CompositeType;
import javax.management.openmbean.SimpleType;
import org.jolokia.server.core.service.api.Restrictor;
import org.jolokia.server.core.util.HttpMethod;
import org.jolokia.server.core.util.RequestType;

/**
 * Answers a Jolokia bulk read of the agent's own MBeans itself, with the JSON Jolokia would give, and passes every
 * other request to Jolokia untouched.
 *
 * <p>Why: a poller of a 1,000-port fabric reads every Port MBean in one POST. Jolokia builds a request object, a
 * JSON tree and a string per value for each of them: 32 ms of CPU per read of 1,024 ports on the bench's machine,
 * against a goal of a 20 ms p99. This path parses the body with Jackson's streaming parser (once, while the body
 * stays the same), reads each MBean the agent registered under the same policy, and streams the values out (README's
 * "Reads at 1,000 ports" has the figures).
 *
 * <p>It answers only what it can answer exactly as Jolokia would: a POST of a JSON array of {@code read} requests,
 * each with only {@code type}, {@code mbean} and {@code attribute} (a name or a list of names), every MBean in the
 * {@code fabric.health} domain and no pattern, every value a string, number, boolean, CompositeData or array of
 * them, and no processing parameter beyond {@code includeRequest} and {@code ignoreErrors}. Anything else (a browser's
 * Origin, a path, a missing MBean or attribute, a refusal by the policy, an exception) goes to Jolokia, which answers
 * it, errors included, as it always has.
 */
public final class BulkReads implements Filter {
    static final String DOMAIN = "fabric.health";
    private static final int NAMES_KEPT = 100_000;
    private static final int LISTS_KEPT = 1_000;
    /** A bulk read of 10,000 ports is about 1.4 MB. */
    private static final long MAX_BODY = 16 << 20;

    private static final JsonFactory JSON = new JsonFactory();
    private static final SerializedString REQUEST = new SerializedString("request");
    private static final SerializedString VALUE = new SerializedString("value");
    private static final SerializedString STATUS = new SerializedString("status");
    private static final SerializedString TIMESTAMP = new SerializedString("timestamp");
    private static final SerializedString MBEAN = new SerializedString("mbean");
    private static final SerializedString ATTRIBUTE = new SerializedString("attribute");
    private static final SerializedString TYPE = new SerializedString("type");
    private static final SerializedString READ = new SerializedString("read");
    /** Each composite type's item names, encoded once: null for a type with an item this path does not write. */
    private static final Map<CompositeType, Keys> KEYS = new ConcurrentHashMap<>();

    private final MBeanRegistry mbeans;
    private final Restrictor restrictor;
    /**
     * The last body answered and its reads: a poller sends the same body every time, and comparing it costs a
     * hundredth of parsing it. One, not more, since at 10,000 ports a body is 1.4 MB.
     */
    private volatile Parsed last;
    /** Pollers send the same names every time: each is parsed into an ObjectName once. */
    private final Map<String, Target> targets = new ConcurrentHashMap<>();
    private final Map<List<String>, Attributes> lists = new ConcurrentHashMap<>();

    /**
     * @param mbeans the agent's MBeans, read directly: the MBeanServer's lookup builds and interns the name's
     *               strings on every call, a tenth of a read's CPU at 1,000 ports
     */
    public BulkReads(MBeanRegistry mbeans, Restrictor restrictor) {
        this.mbeans = mbeans;
        this.restrictor = restrictor;
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest http = (HttpServletRequest) request;
        Boolean includeRequest = candidate(http);
        if (includeRequest == null) {
            chain.doFilter(request, response);
            return;
        }
        // Exactly Content-Length bytes, never to the end of the stream: on a request that asks for an h2c upgrade,
        // which the JDK's HttpClient sends and the agent's listener declines, Grizzly never ends the stream.
        byte[] body = new byte[(int) http.getContentLengthLong()];
        int got = http.getInputStream().readNBytes(body, 0, body.length);
        if (got < body.length) {
            body = Arrays.copyOf(body, got); // the client stopped short; Jolokia words that
        }
        List<Answer> answers = answers(body, http.getRemoteAddr());
        if (answers == null) {
            chain.doFilter(new Replayed(http, body), response);
            return;
        }
        HttpServletResponse out = (HttpServletResponse) response;
        out.setStatus(HttpServletResponse.SC_OK);
        out.setCharacterEncoding("utf-8");
        out.setContentType("application/json");
        long now = System.currentTimeMillis();
        out.setHeader("Cache-Control", "no-cache"); // the headers Jolokia's servlet sets, for the same reasons
        out.setDateHeader("Date", now);
        out.setDateHeader("Expires", now - 3_600_000);
        try (JsonGenerator json = JSON.createGenerator(out.getOutputStream())) {
            write(json, answers, includeRequest, now / 1000);
        }
    }

    /**
     * Whether the request may be a bulk read this path answers, judged from its headers and query alone (never
     * the body, which a form content type would make the container parse): null if not, else includeRequest.
     */
    private static Boolean candidate(HttpServletRequest http) {
        if (!"POST".equals(http.getMethod()) || http.getHeader("Origin") != null) {
            return null; // CORS is Jolokia's to answer
        }
        long length = http.getContentLengthLong();
        if (length < 0 || length > MAX_BODY) {
            return null; // a chunked body or a huge one streams into Jolokia's parser, unbuffered
        }
        String path = http.getPathInfo();
        String type = http.getContentType();
        if ((path != null && !path.equals("/")) || (type != null && type.startsWith("application/x-www-form"))) {
            return null;
        }
        boolean include = true;
        String query = http.getQueryString();
        if (query == null || query.isEmpty()) {
            return include;
        }
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            if (!value.equals("true") && !value.equals("false")) {
                return null;
            }
            if (key.equals("includeRequest")) {
                include = value.equals("true");
            } else if (!key.equals("ignoreErrors")) {
                return null; // ignoreErrors changes only how errors read, and any error goes to Jolokia
            }
        }
        return include;
    }

    /**
     * Every read's value, or null when Jolokia should answer instead. All of them are read and checked before the
     * first byte goes out, so that nothing this path cannot write is found halfway.
     */
    List<Answer> answers(byte[] body, String remoteAddress) {
        if (!restrictor.isRemoteAccessAllowed(remoteAddress) || !restrictor.isOriginAllowed(null, true)
                || !restrictor.isHttpMethodAllowed(HttpMethod.POST) || !restrictor.isTypeAllowed(RequestType.READ)) {
            return null;
        }
        try {
            List<Read> reads = reads(body);
            if (reads == null) {
                return null;
            }
            List<Answer> answers = new ArrayList<>(reads.size());
            for (Read read : reads) {
                Object value = read.value(mbeans, restrictor);
                if (!writable(value)) {
                    return null;
                }
                answers.add(new Answer(read, value));
            }
            // Kept once answered: every MBean it names was then the agent's, and its Target holds the registry's name.
            Parsed known = last;
            if (known == null || known.reads != reads) {
                last = new Parsed(body, reads);
            }
            return answers;
        } catch (IOException | JMException | RuntimeException e) { // Unanswerable included
            return null; // Jolokia answers it again, errors and all
        }
    }

    static void write(JsonGenerator out, List<Answer> answers, boolean includeRequest, long timestamp)
            throws IOException {
        out.writeStartArray();
        for (Answer answer : answers) {
            out.writeStartObject();
            if (includeRequest) {
                answer.read.echo(out);
            }
            out.writeFieldName(VALUE);
            write(out, answer.value);
            out.writeFieldName(STATUS);
            out.writeNumber(200);
            out.writeFieldName(TIMESTAMP);
            out.writeNumber(timestamp);
            out.writeEndObject();
        }
        out.writeEndArray();
    }

    record Answer(Read read, Object value) {
    }

    /** The last body's reads if the body is the same, else the body parsed. */
    private List<Read> reads(byte[] body) throws IOException {
        Parsed known = last;
        return known != null && Arrays.equals(known.body, body) ? known.reads : parse(body);
    }

    private record Parsed(byte[] body, List<Read> reads) {
    }

    /** The requests, or null when one of them is not a plain read of an agent MBean. */
    private List<Read> parse(byte[] body) throws IOException {
        List<Read> reads = new ArrayList<>();
        try (JsonParser in = JSON.createParser(body)) {
            if (in.nextToken() != JsonToken.START_ARRAY) {
                return null;
            }
            JsonToken token;
            Attributes previous = null;
            while ((token = in.nextToken()) == JsonToken.START_OBJECT) {
                Read read = read(in, previous);
                if (read == null) {
                    return null;
                }
                reads.add(read);
                previous = read.attributes != null ? read.attributes : previous;
            }
            if (token != JsonToken.END_ARRAY || in.nextToken() != null || reads.isEmpty()) {
                return null;
            }
        }
        return reads;
    }

    /** One request; {@code previous} is the attribute list of the one before, which a poller repeats. */
    private Read read(JsonParser in, Attributes previous) throws IOException {
        boolean isRead = false;
        boolean typed = false;
        String mbean = null;
        String attribute = null;
        Attributes attributes = null;
        JsonToken token;
        while ((token = in.nextToken()) == JsonToken.FIELD_NAME) {
            String field = in.currentName();
            JsonToken value = in.nextToken();
            if (field.equals("type") && !typed && value == JsonToken.VALUE_STRING) {
                typed = true;
                isRead = sameText(in, "read");
            } else if (field.equals("mbean") && mbean == null && value == JsonToken.VALUE_STRING) {
                mbean = in.getText();
            } else if (field.equals("attribute") && attribute == null && attributes == null
                    && value == JsonToken.VALUE_STRING) {
                attribute = in.getText();
            } else if (field.equals("attribute") && attribute == null && attributes == null
                    && value == JsonToken.START_ARRAY) {
                attributes = attributeList(in, previous);
                if (attributes == null) {
                    return null;
                }
            } else {
                return null;
            }
        }
        if (token != JsonToken.END_OBJECT || !isRead || mbean == null || (attribute == null && attributes == null)) {
            return null;
        }
        Target target = target(mbean);
        return target == null ? null : new Read(target, attribute, attributes);
    }

    /**
     * The list the parser is at, or null if it is empty, has a name twice or holds anything but names. While its
     * names match the previous list's, none is copied out of the parser.
     */
    private Attributes attributeList(JsonParser in, Attributes previous) throws IOException {
        String[] known = previous == null ? new String[0] : previous.names;
        List<String> names = null; // made once a name differs from the previous list's
        int count = 0;
        while (in.nextToken() == JsonToken.VALUE_STRING) {
            if (names == null && count < known.length && sameText(in, known[count])) {
                count++;
                continue;
            }
            if (names == null) {
                names = new ArrayList<>(List.of(known).subList(0, count));
            }
            String name = in.getText();
            if (names.contains(name)) {
                return null;
            }
            names.add(name);
            count++;
        }
        if (in.currentToken() != JsonToken.END_ARRAY || count == 0) {
            return null;
        }
        if (names == null) {
            return count == known.length ? previous : attributes(List.of(known).subList(0, count));
        }
        return attributes(names);
    }

    private static boolean sameText(JsonParser in, String text) throws IOException {
        int length = in.getTextLength();
        if (length != text.length()) {
            return false;
        }
        char[] chars = in.getTextCharacters();
        int offset = in.getTextOffset();
        for (int i = 0; i < length; i++) {
            if (chars[offset + i] != text.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private Attributes attributes(List<String> names) {
        Attributes known = lists.get(names);
        if (known == null) {
            known = Attributes.of(names);
            if (lists.size() >= LISTS_KEPT) {
                lists.clear();
            }
            lists.put(List.copyOf(names), known);
        }
        return known;
    }

    private Target target(String mbean) {
        Target target = targets.get(mbean);
        if (target == null) {
            ObjectName name;
            try {
                name = new ObjectName(mbean);
            } catch (JMException e) {
                return null;
            }
            if (name.isPattern() || !DOMAIN.equals(name.getDomain())) {
                return null;
            }
            if (targets.size() >= NAMES_KEPT) {
                targets.clear(); // a poller that never repeats a name gains nothing from keeping them
            }
            ObjectName shared = mbeans.registeredName(name);
            if (shared == null) {
                // Not the agent's, or not yet (a poller may start before the first sweep): Jolokia answers it, and
                // it is parsed again next time, so that a kept Target always holds the registry's name.
                return new Target(mbean, name, name);
            }
            target = new Target(mbean, name, shared);
            targets.put(mbean, target);
        }
        return target;
    }

    /**
     * An MBean as requests name it: the name for the echo, the registry's name, and the attribute list the policy
     * last let through (the policy is fixed when the agent starts). It keeps no JSON of its own: at 10,000 ports a
     * per-port echo and composite in JSON held about 12 MB, to save about a quarter of a read's CPU at 1,000, where
     * the reads meet their goal without it (README's "Reads at 1,000 ports").
     */
    private static final class Target {
        /** Jolokia's echo: the name as sent, not canonical (Jolokia's canonicalNaming is off by default). */
        final String echo;
        /** Equal to it, and the registry's own instance when the agent registered it. */
        final ObjectName name;
        volatile Attributes readable;

        Target(String sent, ObjectName parsed, ObjectName name) {
            // The registry's equal name may list its keys in another order, so the echo comes from the name as sent,
            // which for a name that is not a pattern is the string as sent, kept once.
            String echo = parsed.getDomain() + ":" + parsed.getKeyPropertyListString();
            this.echo = echo.equals(sent) ? sent : echo;
            this.name = name;
        }

        boolean readable(Attributes attributes, Restrictor restrictor) {
            if (readable == attributes) {
                return true;
            }
            for (String a : attributes.names) {
                if (!restrictor.isAttributeReadAllowed(name, a)) {
                    return false;
                }
            }
            readable = attributes;
            return true;
        }
    }

    /**
     * A list of attribute names as a request gives it, with each name encoded once: a poller sends the same list
     * for every MBean of a kind.
     */
    private record Attributes(String[] names, SerializedString[] encoded) {
        static Attributes of(List<String> names) {
            return new Attributes(names.toArray(String[]::new),
                    names.stream().map(SerializedString::new).toArray(SerializedString[]::new));
        }
    }

    /** One read: a single attribute answers its bare value, a list answers an object in the list's order. */
    private record Read(Target target, String attribute, Attributes attributes) {
        Object value(MBeanRegistry mbeans, Restrictor restrictor) throws JMException {
            ObjectName name = target.name;
            DynamicMBean mbean = mbeans.mbean(name);
            if (mbean == null) {
                throw Unanswerable.INSTANCE; // not the agent's, or gone: Jolokia words the 404
            }
            if (attribute != null) {
                if (!restrictor.isAttributeReadAllowed(name, attribute)) {
                    throw Unanswerable.INSTANCE;
                }
                return mbean.getAttribute(attribute);
            }
            if (!target.readable(attributes, restrictor)) {
                throw Unanswerable.INSTANCE;
            }
            String[] names = attributes.names;
            AttributeList got = mbean.getAttributes(names);
            if (got.size() != names.length) {
                throw Unanswerable.INSTANCE; // a missing attribute is an error, which Jolokia words
            }
            Object[] values = new Object[names.length];
            for (int i = 0; i < names.length; i++) {
                Attribute a = (Attribute) got.get(i);
                if (!a.getName().equals(names[i])) {
                    throw Unanswerable.INSTANCE;
                }
                values[i] = a.getValue();
            }
            return new Values(attributes.encoded, values);
        }

        void echo(JsonGenerator out) throws IOException {
            out.writeFieldName(REQUEST);
            out.writeStartObject();
            out.writeFieldName(MBEAN);
            out.writeString(target.echo);
            out.writeFieldName(ATTRIBUTE);
            if (attribute != null) {
                out.writeString(attribute);
            } else {
                out.writeStartArray();
                for (SerializedString name : attributes.encoded) {
                    out.writeString(name);
                }
                out.writeEndArray();
            }
            out.writeFieldName(TYPE);
            out.writeString(READ);
            out.writeEndObject();
        }
    }

    private record Values(SerializedString[] names, Object[] values) {
    }

    /** The encoded item names of a composite type whose items are all simple values, in the type's order. */
    private record Keys(SerializedString[] names) {
        static final Keys NONE = new Keys(new SerializedString[0]);

        static Keys of(CompositeType type) {
            List<SerializedString> names = new ArrayList<>();
            for (String key : type.keySet()) {
                if (!(type.getType(key) instanceof SimpleType<?> simple) || !SIMPLE.contains(simple)) {
                    return null;
                }
                names.add(new SerializedString(key));
            }
            return new Keys(names.toArray(SerializedString[]::new));
        }
    }

    private static final Set<SimpleType<?>> SIMPLE = Set.of(SimpleType.STRING, SimpleType.BOOLEAN, SimpleType.LONG,
            SimpleType.INTEGER, SimpleType.SHORT, SimpleType.BYTE, SimpleType.DOUBLE, SimpleType.FLOAT,
            SimpleType.CHARACTER);

    private static Keys keys(CompositeType type) {
        Keys keys = KEYS.get(type);
        if (keys == null) {
            Keys made = Keys.of(type);
            keys = made == null ? Keys.NONE : made;
            if (KEYS.size() < 1_000) { // the agent has a few dozen types; a bound in case one is made per value
                KEYS.put(type, keys);
            }
        }
        return keys == Keys.NONE ? null : keys;
    }

    /** Whether {@link #write} can write the value as Jolokia would. */
    private static boolean writable(Object value) {
        if (value == null || value instanceof String || value instanceof Number && simpleNumber(value)
                || value instanceof Boolean || value instanceof Character) {
            return true;
        }
        if (value instanceof CompositeData data) {
            return keys(data.getCompositeType()) != null;
        }
        if (value instanceof Values v) {
            for (Object o : v.values) {
                if (!writable(o)) {
                    return false;
                }
            }
            return true;
        }
        if (value.getClass().isArray()) {
            for (int i = 0, n = Array.getLength(value); i < n; i++) {
                if (!writable(Array.get(value, i))) {
                    return false;
                }
            }
            return true;
        }
        return false; // TabularData, dates, ObjectNames, maps, BigDecimals: Jolokia has rules of its own
    }

    private static boolean simpleNumber(Object n) {
        return n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte
                || n instanceof Double || n instanceof Float;
    }

    /** A value as Jolokia's serializer writes it, for the types it writes without options; others go to Jolokia. */
    private static void write(JsonGenerator out, Object value) throws IOException {
        if (value == null) {
            out.writeNull();
        } else if (value instanceof String s) {
            out.writeString(s);
        } else if (value instanceof Long || value instanceof Integer || value instanceof Short
                || value instanceof Byte) {
            out.writeNumber(((Number) value).longValue());
        } else if (value instanceof Boolean b) {
            out.writeBoolean(b);
        } else if (value instanceof Double d) {
            if (Double.isFinite(d)) {
                out.writeNumber(d);
            } else {
                out.writeNull();
            }
        } else if (value instanceof Float f) {
            if (Float.isFinite(f)) {
                out.writeNumber(f);
            } else {
                out.writeNull();
            }
        } else if (value instanceof Character c) {
            out.writeString(String.valueOf(c));
        } else if (value instanceof CompositeData data) {
            // values() iterates in the type's (sorted) key order, by CompositeData's contract
            SerializedString[] names = keys(data.getCompositeType()).names;
            out.writeStartObject();
            int i = 0;
            for (Object item : data.values()) {
                out.writeFieldName(names[i++]);
                write(out, item);
            }
            out.writeEndObject();
        } else if (value instanceof Values v) {
            out.writeStartObject();
            for (int i = 0; i < v.names.length; i++) {
                out.writeFieldName(v.names[i]);
                write(out, v.values[i]);
            }
            out.writeEndObject();
        } else if (value.getClass().isArray()) {
            out.writeStartArray();
            for (int i = 0, n = Array.getLength(value); i < n; i++) {
                write(out, Array.get(value, i));
            }
            out.writeEndArray();
        } else {
            throw new IllegalStateException("not checked by writable(): " + value.getClass().getName());
        }
    }

    /** Thrown where the answer must be Jolokia's; no stack trace, since it is a decision, not a failure. */
    private static final class Unanswerable extends RuntimeException {
        static final Unanswerable INSTANCE = new Unanswerable();

        private Unanswerable() {
            super(null, null, false, false);
        }
    }
}

package io.fabrichealth.config.bind;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;

/**
 * Binds a composed YAML node tree onto records, collecting every problem instead of stopping at the first.
 *
 * <p>Rules: a missing key keeps the default (the parent's default value, or the type's {@code DEFAULTS});
 * unknown and repeated keys are errors; an empty value means "defaults" for a record, "empty" for a list, and
 * is an error for a scalar unless the component is {@link Nullable}. A {@code Map<String, V>} starts from its
 * default map: written keys replace entries, and a record entry is merged onto the default entry of that key.
 * A list replaces its default as a whole. A part that fails keeps its default so later parts are still checked.
 */
public final class ConfigBinder {
    private final ScalarTypes scalars;
    private final Path baseDir;
    private final List<Problem> problems = new ArrayList<>();
    /** Keys that older files may still carry, with what to write instead. */
    private static final Map<String, String> REMOVED = Map.of("pingpong.missesBeforeAlarm",
            "it was removed: set alarms.hysteresis.PeerUnreachable.raiseAfter, the one count of misses",
            "bursts.sets", "it was replaced by fabtrun's matrix: bursts.suite: {get: [default, ...], put: [default, ...]};"
                    + " get is the old get set, the others are put's");
    private final Map<String, Position> positions = new HashMap<>();

    public ConfigBinder(ScalarTypes scalars, Path baseDir) {
        this.scalars = scalars;
        this.baseDir = baseDir;
    }

    /** Binds a whole document; {@code root == null} (an empty file) gives the defaults. */
    public <R extends Record> R bindRoot(Class<R> type, Node root) {
        Object defaults = Records.defaults(type);
        if (root == null) {
            return type.cast(defaults);
        }
        return type.cast(bind(type, root, "", defaults, null));
    }

    public List<Problem> problems() {
        return List.copyOf(problems);
    }

    public Locator locator() {
        return new Locator(positions);
    }

    private Object bind(Type type, Node node, String field, Object fallback, RecordComponent component) {
        positions.putIfAbsent(field, Position.of(node.getStartMark()));
        Class<?> raw = raw(type);
        if (isNull(node)) {
            return bindNull(raw, node, field, fallback, component);
        }
        if (scalars.find(raw) != null) {
            return bindScalar(raw, node, field, fallback, component);
        }
        if (raw.isRecord()) {
            if (node instanceof MappingNode mapping) {
                return bindRecord(raw, mapping, field, fallback != null ? fallback : Records.defaults(raw));
            }
            return refuse(node, field, "a mapping with the keys " + Texts.oneOf(keysOf(raw)), fallback);
        }
        if (raw == List.class) {
            if (node instanceof SequenceNode sequence) {
                return bindList(typeArgument(type, 0), sequence, field);
            }
            return refuse(node, field, "a list like [a, b] or lines starting with '- '", fallback);
        }
        if (raw == Map.class) {
            if (node instanceof MappingNode mapping) {
                return bindMap(raw(typeArgument(type, 0)), typeArgument(type, 1), mapping, field, fallback);
            }
            return refuse(node, field, "a mapping of name: value", fallback);
        }
        return bindScalar(raw, node, field, fallback, component);
    }

    private Object bindNull(Class<?> raw, Node node, String field, Object fallback, RecordComponent component) {
        if (component != null && component.isAnnotationPresent(Nullable.class)) {
            return null;
        }
        if (raw.isRecord() && scalars.find(raw) == null) {
            return fallback != null ? fallback : Records.defaults(raw);
        }
        if (raw == List.class) {
            return List.of();
        }
        if (raw == Map.class) {
            return fallback != null ? fallback : Map.of();
        }
        return refuse(node, field, expected(scalars.require(raw), component), fallback);
    }

    private Object bindRecord(Class<?> type, MappingNode node, String field, Object fallback) {
        Map<String, Node> written = new HashMap<>();
        Map<String, Position> keyPositions = new HashMap<>();
        List<String> known = keysOf(type);
        for (NodeTuple tuple : node.getValue()) {
            String key = key(tuple.getKeyNode(), field);
            if (key == null) {
                continue;
            }
            String child = join(field, key);
            Position at = Position.of(tuple.getKeyNode().getStartMark());
            if (!known.contains(key)) {
                problems.add(new Problem(child, at, "one of the keys " + Texts.oneOf(known)
                        + (field.isEmpty() ? " at the top level" : " under " + field),
                        Texts.quote(key), REMOVED.getOrDefault(child, Texts.didYouMean(key, known))));
            } else if (written.containsKey(key)) {
                problems.add(new Problem(child, at, "each key once", "a second " + Texts.quote(key),
                        "the first is at line " + keyPositions.get(key).line()));
            } else {
                written.put(key, tuple.getValueNode());
                keyPositions.put(key, at);
            }
        }
        RecordComponent[] components = type.getRecordComponents();
        Object[] args = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            RecordComponent c = components[i];
            Object def = Records.component(c, fallback);
            Node value = Records.isBound(c) ? written.get(c.getName()) : null;
            if (value != null) {
                args[i] = bind(c.getGenericType(), value, join(field, c.getName()), def, c);
            } else {
                if (c.isAnnotationPresent(Required.class)) {
                    problems.add(new Problem(join(field, c.getName()), Position.of(node.getStartMark()),
                            "a value (" + c.getName() + " is required)", "nothing", null));
                }
                args[i] = def;
            }
        }
        return Records.construct(type, args);
    }

    private List<Object> bindList(Type element, SequenceNode node, String field) {
        List<Object> out = new ArrayList<>();
        List<Node> items = node.getValue();
        for (int i = 0; i < items.size(); i++) {
            Object def = isSection(raw(element)) ? Records.defaults(raw(element)) : null;
            Object v = bind(element, items.get(i), field + "[" + i + "]", def, null);
            if (v != null) {
                out.add(v);
            }
        }
        return List.copyOf(out);
    }

    private Map<Object, Object> bindMap(Class<?> keyType, Type valueType, MappingNode node, String field,
            Object fallback) {
        @SuppressWarnings("unchecked")
        Map<Object, Object> out = new LinkedHashMap<>(fallback == null ? Map.of() : (Map<Object, Object>) fallback);
        Map<String, Position> seen = new HashMap<>();
        for (NodeTuple tuple : node.getValue()) {
            String key = key(tuple.getKeyNode(), field);
            if (key == null) {
                continue;
            }
            Position at = Position.of(tuple.getKeyNode().getStartMark());
            Object mapKey = mapKey(keyType, key, join(field, key), at);
            if (mapKey == null) {
                continue;
            }
            if (seen.containsKey(key)) {
                problems.add(new Problem(join(field, key), at, "each key once", "a second " + Texts.quote(key),
                        "the first is at line " + seen.get(key).line()));
                continue;
            }
            seen.put(key, at);
            Object def = out.get(mapKey);
            if (def == null && isSection(raw(valueType))) {
                def = Records.defaults(raw(valueType));
            }
            Object v = bind(valueType, tuple.getValueNode(), join(field, key), def, null);
            if (v != null) {
                out.put(mapKey, v);
            }
        }
        return Collections.unmodifiableMap(out);
    }

    /**
     * A map's key as its type: text as written, or an enum constant spelled as its name (case-insensitive), so
     * {@code alarms.hysteresis} is keyed by the alarm kinds themselves. Null, with a problem, for an unknown name.
     */
    private Object mapKey(Class<?> keyType, String key, String field, Position at) {
        if (!keyType.isEnum()) {
            return key;
        }
        List<String> names = new ArrayList<>();
        for (Object constant : keyType.getEnumConstants()) {
            String name = ((Enum<?>) constant).name();
            if (name.equalsIgnoreCase(key.strip())) {
                return constant;
            }
            names.add(name);
        }
        problems.add(new Problem(field, at, Texts.aName(keyType) + ": " + Texts.oneOf(names), Texts.quote(key),
                Texts.didYouMean(key, names)));
        return null;
    }

    private Object bindScalar(Class<?> raw, Node node, String field, Object fallback, RecordComponent c) {
        ScalarType<Object> type = scalars.require(raw);
        if (!(node instanceof ScalarNode scalar)) {
            return refuse(node, field, expected(type, c), fallback);
        }
        String text = scalar.getValue();
        Object value;
        try {
            value = type.parse(text, baseDir);
        } catch (BadValue e) {
            problems.add(new Problem(field, Position.of(node.getStartMark()), expected(type, c), Texts.quote(text),
                    e.hint()));
            return fallback;
        }
        if (c != null && !fits(type, value, c)) {
            return refuse(node, field, expected(type, c), fallback);
        }
        return value;
    }

    private static boolean fits(ScalarType<Object> type, Object value, RecordComponent c) {
        Range range = c.getAnnotation(Range.class);
        if (range != null) {
            long v = ((Number) value).longValue();
            if (v < range.min() || v > range.max()) {
                return false;
            }
        }
        if (c.isAnnotationPresent(Positive.class) && type.signum(value) <= 0) {
            return false;
        }
        return !(c.isAnnotationPresent(NotBlank.class) && value.toString().isBlank());
    }

    private static String expected(ScalarType<Object> type, RecordComponent c) {
        if (c != null) {
            Range range = c.getAnnotation(Range.class);
            if (range != null) {
                return "an integer from " + range.min() + " to " + range.max();
            }
            if (c.isAnnotationPresent(Positive.class)) {
                return type.expectedPositive();
            }
            if (c.isAnnotationPresent(NotBlank.class)) {
                return "a non-empty string";
            }
        }
        return type.expected();
    }

    private Object refuse(Node node, String field, String expected, Object fallback) {
        problems.add(new Problem(field, Position.of(node.getStartMark()), expected, Texts.describe(node), null));
        return fallback;
    }

    /** The text of a plain key, or {@code null} after reporting a key that is a list, mapping or null. */
    private String key(Node keyNode, String field) {
        if (keyNode instanceof ScalarNode scalar && !isNull(scalar)) {
            return scalar.getValue();
        }
        problems.add(new Problem(field, Position.of(keyNode.getStartMark()), "a plain name as key",
                Texts.describe(keyNode), null));
        return null;
    }

    public static List<String> keysOf(Class<?> recordType) {
        List<String> keys = new ArrayList<>();
        for (RecordComponent c : recordType.getRecordComponents()) {
            if (Records.isBound(c)) {
                keys.add(c.getName());
            }
        }
        return keys;
    }

    /** A record that is bound key by key, as opposed to a value type written as one scalar. */
    private boolean isSection(Class<?> type) {
        return type.isRecord() && scalars.find(type) == null;
    }

    private static boolean isNull(Node node) {
        return node instanceof ScalarNode s && Tag.NULL.equals(s.getTag());
    }

    static Class<?> raw(Type type) {
        if (type instanceof Class<?> c) {
            return c;
        }
        if (type instanceof ParameterizedType p) {
            return (Class<?>) p.getRawType();
        }
        throw new IllegalStateException("Unsupported config type " + type + ": use a class, List<X> or Map<String, X>");
    }

    private static Type typeArgument(Type type, int index) {
        if (type instanceof ParameterizedType p) {
            return p.getActualTypeArguments()[index];
        }
        throw new IllegalStateException("Raw collection type " + type + ": declare List<X> or Map<String, X>");
    }

    private static String join(String parent, String key) {
        return parent.isEmpty() ? key : parent + "." + key;
    }
}

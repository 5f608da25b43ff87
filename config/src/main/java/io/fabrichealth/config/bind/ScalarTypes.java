package io.fabrichealth.config.bind;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The scalar types the binder knows: the JDK's plus the ones a model registers with {@link #with}. */
public final class ScalarTypes {
    private final Map<Class<?>, ScalarType<?>> byClass;

    private ScalarTypes(Map<Class<?>, ScalarType<?>> byClass) {
        this.byClass = byClass;
    }

    public static ScalarTypes builtIns() {
        Map<Class<?>, ScalarType<?>> m = new LinkedHashMap<>();
        m.put(String.class, BuiltInScalars.STRING);
        m.put(int.class, BuiltInScalars.INT);
        m.put(Integer.class, BuiltInScalars.INT);
        m.put(long.class, BuiltInScalars.LONG);
        m.put(Long.class, BuiltInScalars.LONG);
        m.put(double.class, BuiltInScalars.DOUBLE);
        m.put(Double.class, BuiltInScalars.DOUBLE);
        m.put(boolean.class, BuiltInScalars.BOOLEAN);
        m.put(Boolean.class, BuiltInScalars.BOOLEAN);
        m.put(Path.class, BuiltInScalars.PATH);
        return new ScalarTypes(m);
    }

    public <T> ScalarTypes with(Class<T> type, ScalarType<T> scalar) {
        Map<Class<?>, ScalarType<?>> m = new LinkedHashMap<>(byClass);
        m.put(type, scalar);
        return new ScalarTypes(m);
    }

    /** The type for {@code type} or one of its supertypes (a sealed interface's records), or {@code null}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public ScalarType<Object> find(Class<?> type) {
        ScalarType<?> exact = byClass.get(type);
        if (exact != null) {
            return (ScalarType<Object>) exact;
        }
        if (type.isEnum()) {
            return new EnumScalar(type);
        }
        if (type.getSuperclass() != null && type.getSuperclass().isEnum()) {
            return new EnumScalar(type.getSuperclass()); // a constant with a body
        }
        for (Map.Entry<Class<?>, ScalarType<?>> e : byClass.entrySet()) {
            if (e.getKey().isAssignableFrom(type)) {
                return (ScalarType<Object>) e.getValue();
            }
        }
        return null;
    }

    /** Like {@link #find} but for types the model declares, where a miss is a programming error. */
    ScalarType<Object> require(Class<?> type) {
        ScalarType<Object> s = find(type);
        if (s == null) {
            throw new IllegalStateException("No ScalarType for " + type.getName()
                    + ": register one with ScalarTypes.with or make it a record");
        }
        return s;
    }
}

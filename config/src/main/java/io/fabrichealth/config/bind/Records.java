package io.fabrichealth.config.bind;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;

/**
 * Reflection on config records. The default scheme: every record declares {@code public static final DEFAULTS},
 * an instance holding the value of each key that is not written.
 */
public final class Records {
    private Records() {
    }

    public static Object defaults(Class<?> type) {
        try {
            Field f = type.getField("DEFAULTS");
            if (!Modifier.isStatic(f.getModifiers()) || f.getType() != type) {
                throw new NoSuchFieldException();
            }
            return f.get(null);
        } catch (NoSuchFieldException | IllegalAccessException e) {
            throw new IllegalStateException(type.getName() + " needs a 'public static final "
                    + type.getSimpleName() + " DEFAULTS' to be bound from YAML", e);
        }
    }

    public static Object component(RecordComponent component, Object record) {
        try {
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("Cannot read " + component, e);
        }
    }

    public static Object construct(Class<?> type, Object[] args) {
        Class<?>[] types = Arrays.stream(type.getRecordComponents()).map(RecordComponent::getType)
                .toArray(Class<?>[]::new);
        try {
            Constructor<?> canonical = type.getDeclaredConstructor(types);
            return canonical.newInstance(args);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("The constructor of " + type.getName() + " refused bound values",
                    e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Cannot construct " + type.getName(), e);
        }
    }

    public static boolean isBound(RecordComponent component) {
        return !component.isAnnotationPresent(Unbound.class);
    }
}

package io.fabrichealth.config.bind;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Enums are written in lower case with dashes ({@code SMP_SWEEP <-> smp-sweep}); input is case-insensitive and
 * {@code _} counts as {@code -}, so {@code Simulated} and {@code smp_sweep} are accepted too.
 */
public final class EnumScalar<E extends Enum<E>> implements ScalarType<E> {
    private final Class<E> type;
    private final List<String> names = new ArrayList<>();

    public EnumScalar(Class<E> type) {
        this.type = type;
        for (E constant : type.getEnumConstants()) {
            names.add(yamlName(constant));
        }
    }

    public static String yamlName(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    @Override
    public String expected() {
        return "one of " + Texts.oneOf(names);
    }

    @Override
    public E parse(String text, Path baseDir) {
        String wanted = text.strip().toLowerCase(Locale.ROOT).replace('_', '-');
        int index = names.indexOf(wanted);
        if (index < 0) {
            throw new BadValue(Texts.didYouMean(text.strip(), names));
        }
        return type.getEnumConstants()[index];
    }

    @Override
    public Object render(E value) {
        return yamlName(value);
    }
}

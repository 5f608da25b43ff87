package io.fabrichealth.probes.mad;

import java.util.EnumSet;

/** A named bit of a capability mask: the capability enums share how a mask is read. */
public interface MaskBit {
    int bit();

    String display();

    default boolean isIn(int mask) {
        return (mask >>> bit() & 1) != 0;
    }

    /** The named bits of {@code type} set in {@code mask}, in bit order. */
    static <E extends Enum<E> & MaskBit> EnumSet<E> in(Class<E> type, int mask) {
        EnumSet<E> set = EnumSet.noneOf(type);
        for (E c : type.getEnumConstants()) {
            if (c.isIn(mask)) {
                set.add(c);
            }
        }
        return set;
    }
}

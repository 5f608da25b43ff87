package io.fabrichealth.probes.local;

import io.fabrichealth.jni.NativeFamily;
import java.util.Locale;

/**
 * Whether one native family loaded. {@code cause} is empty when it did; otherwise it says what failed and what
 * to install. {@code detail} carries extra facts, e.g. that the kernel has no AF_RDS although the library loaded.
 */
public record NativeStatus(NativeFamily family, boolean available, String version, String cause, String detail) {

    /** The family as people read it: umad, verbs, fabric, rds. */
    public String name() {
        return family.name().toLowerCase(Locale.ROOT);
    }
}

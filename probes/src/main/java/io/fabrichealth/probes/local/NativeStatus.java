package io.fabrichealth.probes.local;

/**
 * Whether one native family loaded. {@code cause} is empty when it did; otherwise it says what failed and what
 * to install. {@code detail} carries extra facts, e.g. that the kernel has no AF_RDS although the library loaded.
 */
public record NativeStatus(String family, boolean available, String version, String cause, String detail) {
}

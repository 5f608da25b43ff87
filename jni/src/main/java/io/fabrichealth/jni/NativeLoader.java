package io.fabrichealth.jni;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;

/**
 * Finds a family's .so and {@code System.load}s it. By default the .so is copied out of
 * {@code META-INF/native/linux-x86_64/} (jar or classes dir) into a private temp dir, loaded,
 * and deleted at once (the mapping outlives the file, so nothing is left even after kill -9);
 * the property {@value #NATIVE_DIR_PROPERTY} names a directory to load from instead (operators,
 * and tests that hide a family).
 *
 * <p>A native library belongs to exactly one classloader. This jar goes on the server classpath
 * (Payara {@code --addlibs}); a copy in WEB-INF/lib would break on redeploy, so a second
 * classloader is refused with that advice instead of half-working.
 */
public final class NativeLoader {
    /** Directory holding libfh*.so to load instead of the jar's copies. */
    public static final String NATIVE_DIR_PROPERTY = LoadFailure.NATIVE_DIR_PROPERTY;
    /** Where in the jar the libraries live. */
    public static final String RESOURCE_DIR = "META-INF/native/linux-x86_64/";

    private static final String OWNER_PROPERTY = "fabric.health.native.owner";

    private NativeLoader() {
    }

    /** Loads the family's library; returns why it failed, or null. Never throws. */
    static Throwable load(String file, String debianPackages) {
        try {
            String unsupported = unsupportedPlatform();
            if (unsupported != null) {
                return new UnsatisfiedLinkError(unsupported);
            }
            String owner = claimOwnership();
            if (owner != null) {
                return new UnsatisfiedLinkError("fabric-health-jni is already loaded by classloader "
                        + owner + "; put the jar on the server classpath (payara --addlibs), "
                        + "never in WEB-INF/lib");
            }
            String dir = System.getProperty(NATIVE_DIR_PROPERTY);
            if (dir != null) {
                return loadFrom(file, debianPackages, Path.of(dir).resolve(file), true);
            }
            return loadFromClasspath(file, debianPackages);
        } catch (Throwable t) {
            return new UnsatisfiedLinkError(file + " failed to load: " + t).initCause(t);
        }
    }

    private static Throwable loadFromClasspath(String file, String debianPackages) throws IOException {
        try (InputStream in = classLoader().getResourceAsStream(RESOURCE_DIR + file)) {
            if (in == null) {
                return new UnsatisfiedLinkError(RESOURCE_DIR + file + " is missing from the "
                        + "fabric-health-jni jar; rebuild the jni module on a host with "
                        + "the -dev packages of " + Objects.requireNonNullElse(debianPackages, "libc"));
            }
            Path dir = createPrivateDir();
            Path copy = dir.resolve(file);
            try {
                Files.copy(in, copy);
                return loadFrom(file, debianPackages, copy, false);
            } finally {
                Files.deleteIfExists(copy);
                Files.deleteIfExists(dir);
            }
        }
    }

    private static Path createPrivateDir() {
        try {
            return Files.createTempDirectory("fabric-health-native-"); // mode 0700
        } catch (IOException e) {
            throw new IllegalStateException("cannot create a temp dir under " + System.getProperty("java.io.tmpdir")
                    + " for the native libraries: " + e + "; set -Djava.io.tmpdir or -D" + NATIVE_DIR_PROPERTY, e);
        }
    }

    private static Throwable loadFrom(String file, String debianPackages, Path path, boolean fromProperty) {
        if (!Files.isRegularFile(path)) {
            return new UnsatisfiedLinkError(file + " not found in " + path.getParent()
                    + (fromProperty ? " (set by -D" + NATIVE_DIR_PROPERTY + "); copy it there or unset "
                            + "the property to use the jar's copy" : ""));
        }
        try {
            System.load(path.toAbsolutePath().toString());
            return null;
        } catch (UnsatisfiedLinkError e) {
            return new UnsatisfiedLinkError(LoadFailure.explain(file, debianPackages, e.getMessage())).initCause(e);
        }
    }

    private static String unsupportedPlatform() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "");
        if (os.contains("linux") && (arch.equals("amd64") || arch.equals("x86_64"))) {
            return null;
        }
        return "fabric-health ships native libraries for linux-x86_64 only; this JVM runs on "
                + os + "/" + arch;
    }

    /** Returns null when this classloader owns the natives, else the owner's description. */
    private static String claimOwnership() {
        String me = classLoader().toString() + "@" + System.identityHashCode(classLoader());
        Object owner = System.getProperties().putIfAbsent(OWNER_PROPERTY, me);
        return owner == null || owner.equals(me) ? null : owner.toString();
    }

    private static ClassLoader classLoader() {
        ClassLoader loader = NativeLoader.class.getClassLoader();
        return loader != null ? loader : ClassLoader.getSystemClassLoader();
    }
}

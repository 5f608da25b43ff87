package io.fabrichealth.jni;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** Copies the built .so files out of the classpath, as an operator would for -Dfabric.health.native.dir. */
final class NativeLibraries {
    private NativeLibraries() {
    }

    static Path copy(NativeFamily family, Path dir) throws IOException {
        String resource = NativeLoader.RESOURCE_DIR + family.libraryFileName();
        try (InputStream in = NativeLibraries.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new AssertionError(resource + " is not on the test classpath: build with mvn -pl jni install");
            }
            Path target = dir.resolve(family.libraryFileName());
            Files.copy(in, target);
            return target;
        }
    }
}

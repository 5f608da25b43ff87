package io.fabrichealth.testbed.guest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** A uniquely named temporary directory that is deleted, with everything in it, on close. */
final class ScratchDir implements AutoCloseable {

    private final Path path;

    private ScratchDir(Path path) {
        this.path = path;
    }

    /** In {@code parent}, or in java.io.tmpdir when {@code parent} is null. */
    static ScratchDir create(Path parent, String prefix) throws IOException {
        return new ScratchDir(parent == null ? Files.createTempDirectory(prefix)
                : Files.createTempDirectory(parent, prefix));
    }

    Path path() {
        return path;
    }

    Path resolve(String name) {
        return path.resolve(name);
    }

    @Override
    public void close() throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(path)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}

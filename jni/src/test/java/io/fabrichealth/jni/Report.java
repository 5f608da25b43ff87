package io.fabrichealth.jni;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * How a child JVM reports "key=value" lines to its test: a file of its own, not stdout, because under
 * -Xcheck:jni the JVM prints its signal-handler table to stdout whenever a library (libfabric's PSM) touches a
 * handler, and those lines can land in the middle of ours.
 */
final class Report {
    static final String PROPERTY = "child.report";

    private Report() {
    }

    static synchronized void println(String line) {
        String file = System.getProperty(PROPERTY);
        if (file == null) {
            System.out.println(line);
            return;
        }
        try {
            Files.writeString(Path.of(file), line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

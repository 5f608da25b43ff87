package io.fabrichealth.jni;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** Runs an independent command-line tool for cross-checks; stdout and stderr merged. */
record Tool(int exitCode, String output) {

    static Tool run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        byte[] out = process.getInputStream().readAllBytes();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not finish within 30 s");
        }
        return new Tool(process.exitValue(), new String(out, StandardCharsets.UTF_8));
    }
}

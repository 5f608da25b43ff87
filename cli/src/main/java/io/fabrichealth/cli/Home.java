package io.fabrichealth.cli;

import java.nio.file.Path;

/** Where the built pieces live in a checkout; the CLI passes the checkout's root. */
public record Home(Path root) {

    public Path war() {
        return root.resolve("agent-war/target/fabric-health.war");
    }

    public Path payaraJar() {
        return root.resolve("agent-war/target/payara/payara-micro.jar");
    }

    /** The jni jar goes on Payara's server classpath (--addlibs), never into the WAR. */
    public Path jniJar() {
        return root.resolve("agent-war/target/payara/fabric-health-jni.jar");
    }

    /** Per-checkout state of a running {@code ./fabric-health run}: the sim console's fifo and log. */
    public Path runDir() {
        return root.resolve(".fabric-health/run");
    }
}

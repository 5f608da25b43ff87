package io.fabrichealth.cli.payara;

import io.fabrichealth.config.JmxConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

/**
 * The config's {@code jmx:} section as flags for the JVM's own management agent. The agent is JVM-wide, so
 * JConsole and the Zabbix Java gateway keep their connector across redeploys of the WAR.
 */
public final class JmxFlags {
    private JmxFlags() {
    }

    public static List<String> of(JmxConfig jmx, Path workDir) throws IOException {
        if (!jmx.enabled()) {
            return List.of();
        }
        String port = Integer.toString(jmx.port());
        List<String> flags = new ArrayList<>(List.of(
                "-Dcom.sun.management.jmxremote.port=" + port,
                "-Dcom.sun.management.jmxremote.rmi.port=" + port, // one port for registry and connector
                "-Dcom.sun.management.jmxremote.host=" + jmx.bind(), // listen on this address only
                "-Djava.rmi.server.hostname=" + jmx.bind(), // and tell clients to come back to it
                "-Dcom.sun.management.jmxremote.ssl=false",
                "-Dcom.sun.management.jmxremote.registry.ssl=false"));
        if (jmx.auth() == null) {
            flags.add("-Dcom.sun.management.jmxremote.authenticate=false"); // the config allows this on loopback only
            return flags;
        }
        // The JDK wants its own password and access files, readable by the owner only.
        Path password = workDir.resolve("jmxremote.password");
        Path access = workDir.resolve("jmxremote.access");
        Files.createDirectories(workDir);
        Files.writeString(password, jmx.auth().user() + " " + jmx.auth().readPassword() + "\n");
        Files.writeString(access, jmx.auth().user() + " readwrite\n");
        for (Path p : List.of(password, access)) {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rw-------"));
        }
        flags.add("-Dcom.sun.management.jmxremote.authenticate=true");
        flags.add("-Dcom.sun.management.jmxremote.password.file=" + password);
        flags.add("-Dcom.sun.management.jmxremote.access.file=" + access);
        return flags;
    }

    /** The URL a JSR-160 client uses for these flags. */
    public static String url(JmxConfig jmx) {
        String host = jmx.bind().contains(":") ? "[" + jmx.bind() + "]" : jmx.bind();
        return "service:jmx:rmi:///jndi/rmi://" + host + ":" + jmx.port() + "/jmxrmi";
    }
}

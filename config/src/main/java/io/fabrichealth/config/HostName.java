package io.fabrichealth.config;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;

/** The default {@code agent.name}. */
final class HostName {
    private HostName() {
    }

    /** The kernel's host name first: {@code InetAddress.getLocalHost()} can stall on a broken resolver. */
    static String local() {
        try {
            String name = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
            if (!name.isEmpty()) {
                return name;
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or /proc hidden: ask Java
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }
}

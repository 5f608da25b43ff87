package io.fabrichealth.config;

import io.fabrichealth.config.bind.NotBlank;
import io.fabrichealth.config.bind.Required;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * BASIC authentication for HTTP (Jolokia) or JMX. The password lives in its own file so the config can be
 * world-readable and shown by the Config MBean.
 *
 * @param passwordFile must exist when the config loads; its first line is the password
 */
public record AuthConfig(@NotBlank String user, @Required Path passwordFile) {

    public static final AuthConfig DEFAULTS = new AuthConfig("monitor", null);

    /** Reads the password now, so a rotated file takes effect on the next start without a config change. */
    public String readPassword() throws IOException {
        try (BufferedReader r = Files.newBufferedReader(passwordFile, StandardCharsets.UTF_8)) {
            String line = r.readLine();
            if (line == null || line.isEmpty()) {
                throw new IOException(passwordFile + " is empty: write the password on its first line");
            }
            return line;
        }
    }
}

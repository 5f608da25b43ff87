package io.fabrichealth.config;

import io.fabrichealth.config.bind.NotBlank;
import io.fabrichealth.config.bind.Nullable;
import io.fabrichealth.config.bind.Range;

/**
 * The JSR-160 connector for JConsole and Zabbix.
 *
 * @param bind an IP address or {@code localhost}; anything but loopback requires {@code auth}
 */
public record JmxConfig(
        boolean enabled,
        @NotBlank String bind,
        @Range(min = 1, max = 65535) int port,
        @Nullable AuthConfig auth) {

    public static final JmxConfig DEFAULTS = new JmxConfig(true, "127.0.0.1", 9010, null);
}

package io.fabrichealth.config;

import io.fabrichealth.config.bind.NotBlank;
import io.fabrichealth.config.bind.Nullable;
import io.fabrichealth.config.bind.Range;
import java.util.List;

/**
 * Jolokia over Payara's HTTP listener.
 *
 * @param bind an IP address or {@code localhost}; anything but loopback requires {@code auth}
 * @param execFromLoopbackOnly Jolokia {@code exec} requests are refused unless they come from loopback
 * @param allowedOrigins CORS origins allowed, checked strictly; empty allows none
 */
public record HttpConfig(
        @NotBlank String bind,
        @Range(min = 1, max = 65535) int port,
        @Nullable AuthConfig auth,
        boolean execFromLoopbackOnly,
        List<String> allowedOrigins) {

    public static final HttpConfig DEFAULTS = new HttpConfig("127.0.0.1", 8778, null, true, List.of());
}

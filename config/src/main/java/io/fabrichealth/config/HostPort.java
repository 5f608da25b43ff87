package io.fabrichealth.config;

/**
 * A {@code host:port} endpoint such as {@code 127.0.0.1:7470}, {@code host-b:7471} or {@code [::1]:7470}.
 * The host is not resolved here: loading a config must not wait on DNS.
 */
public record HostPort(String host, int port) {

    public HostPort {
        if (host == null || host.isBlank() || host.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("the host is empty or has spaces");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is outside 1..65535");
        }
    }

    /** @throws IllegalArgumentException with a message that says what is wrong */
    public static HostPort parse(String text) {
        String t = text.strip();
        int colon = t.lastIndexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("the port is missing");
        }
        String host = t.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        } else if (host.contains(":")) {
            throw new IllegalArgumentException("write an IPv6 host in brackets, like [::1]:7470");
        }
        int port;
        try {
            port = Integer.parseInt(t.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("the port is not a number");
        }
        return new HostPort(host, port);
    }

    @Override
    public String toString() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}

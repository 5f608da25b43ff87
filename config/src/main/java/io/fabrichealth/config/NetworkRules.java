package io.fabrichealth.config;

import io.fabrichealth.config.bind.Locator;
import io.fabrichealth.config.bind.Problem;
import io.fabrichealth.config.bind.Texts;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/** Listeners are loopback-only unless authenticated; password files exist; CORS origins are origins. */
final class NetworkRules {
    private static final Pattern IPV4 = Pattern.compile(
            "((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)");
    private static final Pattern IPV6 = Pattern.compile("[0-9a-fA-F:.]*:[0-9a-fA-F:.]*");
    private static final Pattern ORIGIN = Pattern.compile("\\*|https?://[^/\\s]+");

    private NetworkRules() {
    }

    static void check(FabricHealthConfig c, Locator at, List<Problem> out) {
        listener("http", c.http().bind(), c.http().auth(), at, out);
        if (c.jmx().enabled()) {
            listener("jmx", c.jmx().bind(), c.jmx().auth(), at, out);
        }
        List<String> origins = c.http().allowedOrigins();
        for (int i = 0; i < origins.size(); i++) {
            if (!ORIGIN.matcher(origins.get(i)).matches()) {
                out.add(at.problem("http.allowedOrigins[" + i + "]",
                        "an origin like http://grafana.example:3000 (scheme, host and port, no path) or *",
                        Texts.quote(origins.get(i)), null));
            }
        }
    }

    private static void listener(String section, String bind, AuthConfig auth, Locator at, List<Problem> out) {
        if (bind == null) {
            return; // already reported by the binder
        }
        Optional<Boolean> loopback = isLoopback(bind);
        if (loopback.isEmpty()) {
            out.add(at.problem(section + ".bind", "an IP address like 127.0.0.1, ::1 or 0.0.0.0, or localhost",
                    Texts.quote(bind), "host names other than localhost are not resolved at load time"));
        } else if (!loopback.get() && auth == null) {
            out.add(new Problem(section + ".auth", at.at(section + ".bind"),
                    "an auth section (user, passwordFile) because " + section + ".bind " + bind + " is not loopback",
                    "none", "add " + section + ".auth, or bind to 127.0.0.1"));
        }
        if (auth != null && auth.passwordFile() != null && !Files.isRegularFile(auth.passwordFile())) {
            out.add(at.problem(section + ".auth.passwordFile", "an existing file whose first line is the password",
                    Texts.quote(auth.passwordFile().toString()) + (Files.isDirectory(auth.passwordFile())
                            ? " (a directory)" : " (not found)"), "create it with mode 600, or fix the path"));
        }
    }

    /** Empty when {@code bind} is not an address literal: nothing here may wait on DNS. */
    static Optional<Boolean> isLoopback(String bind) {
        String b = bind.strip();
        if (b.equalsIgnoreCase("localhost")) {
            return Optional.of(true);
        }
        if (!IPV4.matcher(b).matches() && !IPV6.matcher(b).matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByName(b).isLoopbackAddress()); // a literal: no lookup happens
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }
}

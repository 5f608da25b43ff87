package io.fabrichealth.agent.web;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;

/**
 * BASIC authentication for every path of the agent. Installed only when the config has http.auth, which the
 * config requires as soon as HTTP listens beyond loopback.
 */
public final class BasicAuth implements Filter {
    private final byte[] expected;

    public BasicAuth(String user, String password) {
        this.expected = (user + ":" + password).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String header = ((HttpServletRequest) request).getHeader("Authorization");
        if (header != null && header.regionMatches(true, 0, "Basic ", 0, 6) && matches(header.substring(6).trim())) {
            chain.doFilter(request, response);
            return;
        }
        HttpServletResponse http = (HttpServletResponse) response;
        http.setHeader("WWW-Authenticate", "Basic realm=\"fabric-health\", charset=\"UTF-8\"");
        http.sendError(HttpServletResponse.SC_UNAUTHORIZED, "fabric-health needs BASIC credentials (http.auth)");
    }

    private boolean matches(String encoded) {
        byte[] given;
        try {
            given = Base64.getDecoder().decode(encoded);
        } catch (IllegalArgumentException e) {
            return false;
        }
        return MessageDigest.isEqual(given, expected); // constant time
    }
}

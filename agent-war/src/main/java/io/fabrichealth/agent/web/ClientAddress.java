package io.fabrichealth.agent.web;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import java.io.IOException;
import java.util.Set;

/**
 * Remembers the client address of the request being served, so the Jolokia restrictor can tell local from foreign
 * callers: Jolokia's Restrictor API is not told who is asking, but it runs on the request's thread.
 */
public final class ClientAddress implements Filter {
    /** Exactly this host's loopback addresses. Other 127.x addresses are foreign (containers, tests). */
    private static final Set<String> LOCAL = Set.of("127.0.0.1", "0:0:0:0:0:0:0:1", "::1");
    private static final ThreadLocal<String> CURRENT = new ThreadLocal<>();

    public static boolean isLocal() {
        String address = CURRENT.get();
        return address != null && LOCAL.contains(address);
    }

    public static String current() {
        String address = CURRENT.get();
        return address == null ? "" : address;
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        CURRENT.set(request.getRemoteAddr());
        try {
            chain.doFilter(request, response);
        } finally {
            CURRENT.remove();
        }
    }
}

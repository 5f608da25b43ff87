package io.fabrichealth.agent;

import io.fabrichealth.agent.jolokia.AgentRestrictor;
import io.fabrichealth.agent.jolokia.BulkReads;
import io.fabrichealth.agent.web.BasicAuth;
import io.fabrichealth.agent.web.ClientAddress;
import io.fabrichealth.config.AuthConfig;
import io.fabrichealth.config.HttpConfig;
import io.fabrichealth.mbeans.MBeanRegistry;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterRegistration;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRegistration;
import java.io.IOException;
import java.util.EnumSet;
import io.prometheus.metrics.exporter.servlet.jakarta.PrometheusMetricsServlet;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import org.jolokia.server.core.http.AgentServlet;

/**
 * The agent's HTTP surface: client address, BASIC auth when configured, Jolokia under its policy (bulk reads of the
 * agent's own MBeans answered by {@link BulkReads}), /metrics.
 */
final class WebSetup {
    private WebSetup() {
    }

    static void install(ServletContext ctx, HttpConfig http, MBeanRegistry mbeans, PrometheusRegistry metrics) {
        FilterRegistration.Dynamic address = ctx.addFilter("client-address", new ClientAddress());
        address.addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
        AuthConfig auth = http.auth();
        if (auth != null) {
            FilterRegistration.Dynamic basic = ctx.addFilter("basic-auth", new BasicAuth(auth.user(), password(auth)));
            basic.addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), true, "/*");
        }
        AgentRestrictor restrictor = new AgentRestrictor(http.execFromLoopbackOnly(), http.allowedOrigins());
        // After auth, so a bulk read it answers has passed the same gate as one Jolokia answers.
        FilterRegistration.Dynamic reads = ctx.addFilter("bulk-reads",
                new BulkReads(mbeans, restrictor));
        reads.addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), true, "/jolokia/*");
        ServletRegistration.Dynamic jolokia = ctx.addServlet("jolokia", new AgentServlet(restrictor));
        jolokia.addMapping("/jolokia/*");
        jolokia.setInitParameter("includeStackTrace", "false");
        jolokia.setInitParameter("discoveryEnabled", "false");
        jolokia.setInitParameter("debug", "false");
        jolokia.setLoadOnStartup(1);
        ctx.addServlet("metrics", new PrometheusMetricsServlet(metrics)).addMapping("/metrics");
    }

    static String password(AuthConfig auth) {
        try {
            return auth.readPassword();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read password file " + auth.passwordFile() + ": " + e.getMessage()
                    + "; create it with the password on its first line, readable by the agent only", e);
        }
    }
}

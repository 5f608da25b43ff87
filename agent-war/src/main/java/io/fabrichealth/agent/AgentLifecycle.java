package io.fabrichealth.agent;

import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

/** Deploy starts the agent, undeploy stops it; nothing survives a redeploy but the natives on the server classpath. */
@WebListener
public final class AgentLifecycle implements ServletContextListener {
    private AgentRuntime runtime;

    @Override
    public void contextInitialized(ServletContextEvent event) {
        runtime = AgentRuntime.start(event.getServletContext());
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        if (runtime != null) {
            runtime.close();
            runtime = null;
        }
    }
}

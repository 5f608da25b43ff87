package io.fabrichealth.agent.jmx;

import java.io.IOException;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.rmi.NoSuchObjectException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.UnicastRemoteObject;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import javax.management.MBeanServer;
import javax.management.remote.JMXAuthenticator;
import javax.management.remote.JMXConnectorServer;
import javax.management.remote.JMXConnectorServerFactory;
import javax.management.remote.JMXPrincipal;
import javax.management.remote.JMXServiceURL;
import javax.management.remote.rmi.RMIConnectorServer;
import javax.security.auth.Subject;

/**
 * JSR-160 over RMI for JConsole and the Zabbix Java gateway: registry and connector share one port, bound to one
 * address (loopback by default). Started and stopped with the WAR, so a redeploy frees and re-binds the port.
 */
public final class JmxConnector implements AutoCloseable {
    private final Registry registry;
    private final JMXConnectorServer server;
    private final String url;

    private JmxConnector(Registry registry, JMXConnectorServer server, String url) {
        this.registry = registry;
        this.server = server;
        this.url = url;
    }

    /** {@code user}/{@code password} null means no authentication (the config allows that on loopback only). */
    public static JmxConnector start(MBeanServer mbs, String bind, int port, String user, String password)
            throws IOException {
        // RMI stubs carry this host name; without it clients are sent to the machine's other addresses.
        if (System.getProperty("java.rmi.server.hostname") == null) {
            System.setProperty("java.rmi.server.hostname", bind);
        }
        BoundSocketFactory sockets = new BoundSocketFactory(InetAddress.getByName(bind));
        Registry registry = LocateRegistry.createRegistry(port, null, sockets);
        String host = bind.contains(":") ? "[" + bind + "]" : bind;
        String url = "service:jmx:rmi://" + host + ":" + port + "/jndi/rmi://" + host + ":" + port + "/jmxrmi";
        Map<String, Object> env = new HashMap<>();
        env.put(RMIConnectorServer.RMI_SERVER_SOCKET_FACTORY_ATTRIBUTE, sockets);
        // Only plain strings may be deserialized from credentials (JDK agent does the same).
        env.put("jmx.remote.rmi.server.credentials.filter.pattern", "java.lang.String;!*");
        if (user != null) {
            env.put(JMXConnectorServer.AUTHENTICATOR, new PasswordAuthenticator(user, password));
        }
        try {
            JMXConnectorServer server = JMXConnectorServerFactory.newJMXConnectorServer(new JMXServiceURL(url), env, mbs);
            server.start();
            return new JmxConnector(registry, server, url);
        } catch (IOException | RuntimeException e) {
            UnicastRemoteObject.unexportObject(registry, true);
            throw new IOException("cannot start JMX on " + host + ":" + port + " (" + e.getMessage()
                    + "): pick a free jmx.port or set jmx.enabled: false", e);
        }
    }

    public String url() {
        return url;
    }

    @Override
    public void close() throws IOException {
        try {
            server.stop();
        } finally {
            try {
                UnicastRemoteObject.unexportObject(registry, true);
            } catch (NoSuchObjectException ignored) {
                // already gone
            }
        }
    }

    /** Equal factories let the registry and the connector share one port. */
    record BoundSocketFactory(InetAddress address) implements RMIServerSocketFactory, Serializable {
        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            ServerSocket socket = new ServerSocket();
            socket.setReuseAddress(true);
            socket.bind(new java.net.InetSocketAddress(address, port), 50);
            return socket;
        }
    }

    private record PasswordAuthenticator(String user, String password) implements JMXAuthenticator {
        @Override
        public Subject authenticate(Object credentials) {
            if (credentials instanceof String[] pair && pair.length == 2 && user.equals(pair[0])
                    && MessageDigest.isEqual(password.getBytes(StandardCharsets.UTF_8),
                            String.valueOf(pair[1]).getBytes(StandardCharsets.UTF_8))) {
                return new Subject(true, Set.of(new JMXPrincipal(user)), Set.of(), Set.of());
            }
            throw new SecurityException("bad JMX credentials: use jmx.auth.user and the password from jmx.auth.passwordFile");
        }
    }
}

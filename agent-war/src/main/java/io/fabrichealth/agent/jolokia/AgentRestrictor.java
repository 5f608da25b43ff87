package io.fabrichealth.agent.jolokia;

import io.fabrichealth.agent.web.ClientAddress;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Set;
import javax.management.ObjectName;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.jolokia.server.core.restrictor.policy.PolicyRestrictor;
import org.jolokia.server.core.service.api.Restrictor;
import org.jolokia.server.core.util.HttpMethod;
import org.jolokia.server.core.util.RequestType;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The shipped jolokia-access.xml, plus the two rules Jolokia's policy language cannot say: exec only from this
 * host, and list/search showing only the policy's domains.
 */
public final class AgentRestrictor implements Restrictor {
    public static final String POLICY_RESOURCE = "/jolokia-access.xml";
    static final Set<String> DOMAINS = Set.of("fabric.health", "jolokia", "java.lang");

    private final PolicyRestrictor policy;
    private final boolean execFromLoopbackOnly;

    public AgentRestrictor(boolean execFromLoopbackOnly, List<String> extraOrigins) {
        this.execFromLoopbackOnly = execFromLoopbackOnly;
        this.policy = new PolicyRestrictor(policyWithOrigins(extraOrigins));
    }

    /** Adds the config's http.allowedOrigins to the policy's CORS section. */
    static InputStream policyWithOrigins(List<String> origins) {
        try (InputStream in = AgentRestrictor.class.getResourceAsStream(POLICY_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(POLICY_RESOURCE + " is missing from the WAR: rebuild agent-war");
            }
            if (origins.isEmpty()) {
                return new ByteArrayInputStream(in.readAllBytes());
            }
            DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
            dbf.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            Document doc = dbf.newDocumentBuilder().parse(in);
            Element cors = (Element) doc.getElementsByTagName("cors").item(0);
            for (String origin : origins) {
                Element e = doc.createElement("allow-origin");
                e.setTextContent(origin);
                cors.insertBefore(e, cors.getFirstChild());
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            TransformerFactory.newInstance().newTransformer().transform(new DOMSource(doc), new StreamResult(out));
            return new ByteArrayInputStream(out.toByteArray());
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("cannot read the Jolokia policy: " + e.getMessage(), e);
        } catch (Exception e) {
            throw new IllegalStateException("cannot add http.allowedOrigins to the Jolokia policy: " + e.getMessage(), e);
        }
    }

    @Override
    public boolean isOperationAllowed(ObjectName name, String operation) {
        if (!policy.isOperationAllowed(name, operation)) {
            return false;
        }
        if (isNotificationPull(name, operation)) {
            return true; // reading pulled notifications changes nothing, so remote monitors may do it
        }
        return !execFromLoopbackOnly || ClientAddress.isLocal();
    }

    private static boolean isNotificationPull(ObjectName name, String operation) {
        return "jolokia".equals(name.getDomain()) && "NotificationStore".equals(name.getKeyProperty("type"))
                && "pull".equals(operation);
    }

    @Override
    public boolean isObjectNameHidden(ObjectName name) {
        return !DOMAINS.contains(name.getDomain()) || policy.isObjectNameHidden(name);
    }

    @Override
    public boolean isAttributeReadAllowed(ObjectName name, String attribute) {
        return DOMAINS.contains(name.getDomain()) && policy.isAttributeReadAllowed(name, attribute);
    }

    @Override
    public boolean isAttributeWriteAllowed(ObjectName name, String attribute) {
        return false;
    }

    @Override
    public boolean isHttpMethodAllowed(HttpMethod method) {
        return policy.isHttpMethodAllowed(method);
    }

    @Override
    public boolean isTypeAllowed(RequestType type) {
        return type != RequestType.WRITE && policy.isTypeAllowed(type);
    }

    @Override
    public boolean isRemoteAccessAllowed(String... hostOrAddress) {
        return policy.isRemoteAccessAllowed(hostOrAddress);
    }

    /**
     * CORS guards browsers, and a browser always sends Origin on a cross-origin call. No Origin at all means curl,
     * Prometheus, Telegraf or check_jmx4perl, which strict checking in Jolokia would otherwise refuse. A literal
     * "null" origin (sandboxed pages, file:// URLs) is still checked, and refused.
     */
    @Override
    public boolean isOriginAllowed(String origin, boolean strictCheck) {
        return origin == null || policy.isOriginAllowed(origin, strictCheck);
    }
}

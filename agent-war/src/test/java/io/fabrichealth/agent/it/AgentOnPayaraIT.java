package io.fabrichealth.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.cli.payara.JmxFlags;
import io.fabrichealth.config.ConfigLoader;
import io.fabrichealth.testbed.SimulatedFabric;
import io.fabrichealth.testbed.Topologies;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.CompositeDataSupport;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.awaitility.Awaitility;
import org.jolokia.json.JSONArray;
import org.jolokia.json.JSONObject;
import org.jolokia.json.parser.JSONParser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent WAR on a real Payara Micro, attached to the bundled simulated fabric, read over real HTTP and JSR-160.
 * One Payara boot serves every test; the redeploy test runs last.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AgentOnPayaraIT {
    @TempDir
    static Path work;
    static SimulatedFabric fabric;
    static HostProcess payara;
    static Jolokia local;
    static Path config;
    static int jmxPort;

    @BeforeAll
    static void boot() throws Exception {
        fabric = SimulatedFabric.start(Topologies.bundled(), true, work.resolve("fabric"));
        jmxPort = HostProcess.freePort();
        config = work.resolve("fabric-health.yaml");
        Files.writeString(config, agentConfig(jmxPort));
        payara = HostProcess.start(work.resolve("payara"), config, fabric.clientEnv(null),
                JmxFlags.of(ConfigLoader.load(config).jmx(), work.resolve("jmx")));
        local = new Jolokia(payara.httpPort);
    }

    static String agentConfig(int jmxPort) {
        return """
                http:
                  port: 8778   # the test host binds its own free port; this only shapes JolokiaUrl
                jmx:
                  port: %d
                fabric:
                  mode: simulated
                schedules: []
                """.formatted(jmxPort);
    }

    @AfterAll
    static void stop() {
        if (payara != null) {
            payara.close();
        }
        if (fabric != null) {
            fabric.close();
        }
    }

    @Test
    @Order(1)
    void jolokiaShowsTheAgentOnTheSimulatedFabricWithUmadAvailable() throws Exception {
        Jolokia.Answer a = local.get("/read/fabric.health:type=Agent");
        assertThat(a.status()).as(a.body()).isEqualTo(200);
        @SuppressWarnings("unchecked")
        Map<String, Object> agent = (Map<String, Object>) a.value();
        assertThat(agent.get("ConfigSource")).isEqualTo(config.toAbsolutePath().toString());
        assertThat((String) agent.get("JmxServiceUrl")).contains(":" + jmxPort + "/jmxrmi");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> natives = (List<Map<String, Object>>) agent.get("NativeLibraries");
        assertThat(natives).extracting(n -> n.get("family")).containsExactlyInAnyOrder("umad", "verbs", "fabric", "rds");
        assertThat(natives).filteredOn(n -> n.get("family").equals("umad")).first()
                .satisfies(n -> assertThat(n.get("available")).as(n.toString()).isEqualTo(true));
        Map<String, Object> f = awaitFabricInspected();
        assertThat(f.get("mode")).isEqualTo("simulated");
        assertThat(f.get("error")).as(f.toString()).isEqualTo("");
        assertThat(f.get("state")).isEqualTo("Active");
        assertThat((String) f.get("ca")).isNotEmpty();
        assertThat(((Number) f.get("lid")).intValue()).isPositive();
    }

    @Test
    @Order(1)
    void theAgentSaysWhatCarriesThisHostsHealthOnceTheLocalViewHasRead() throws Exception {
        String source = Awaitility.await("the local view's first read").atMost(Duration.ofSeconds(60))
                .pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(200))
                .until(() -> (String) local.get("/read/fabric.health:type=Agent/HostHealthSource").value(),
                        s -> s != null && !s.isEmpty());
        // This host has no RDMA device (umad2sim may show the simulated CA's files instead): either way, the SMP
        // sweep covers it, since nothing here is RoCE.
        assertThat(source).startsWith("SMP sweep");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> awaitFabricInspected() throws Exception {
        return Awaitility.await("the agent inspected the fabric").atMost(Duration.ofSeconds(90))
                .pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(200))
                .until(() -> (Map<String, Object>) local.get("/read/fabric.health:type=Agent/Fabric").value(),
                        f -> !"not inspected yet".equals(f.get("error")));
    }

    @Test
    @Order(2)
    void jsr160ReadsTheSameAgent() throws Exception {
        String url = "service:jmx:rmi:///jndi/rmi://127.0.0.1:" + jmxPort + "/jmxrmi";
        try (JMXConnector c = JMXConnectorFactory.connect(new JMXServiceURL(url))) {
            MBeanServerConnection mbs = c.getMBeanServerConnection();
            ObjectName agent = new ObjectName("fabric.health:type=Agent");
            assertThat(mbs.getAttribute(agent, "ConfigSource")).isEqualTo(config.toAbsolutePath().toString());
            CompositeData f = (CompositeData) mbs.getAttribute(agent, "Fabric");
            assertThat(f.get("mode")).isEqualTo("simulated");
            assertThat(f).as("arrives as the JDK's class: a JSR-160 client needs no class of ours")
                    .isInstanceOf(CompositeDataSupport.class);
        }
    }

    @Test
    @Order(3)
    void writeIsRefused() throws Exception {
        Jolokia.Answer a = local.post("""
                {"type":"write","mbean":"java.lang:type=Memory","attribute":"Verbose","value":true}""");
        assertThat(a.status()).as(a.body()).isEqualTo(403);
    }

    @Test
    @Order(4)
    void readOutsideThePolicyDomainsIsRefused() throws Exception {
        Jolokia.Answer a = local.get("/read/java.util.logging:type=Logging/LoggerNames");
        assertThat(a.status()).as(a.body()).isEqualTo(403);
        Jolokia.Answer ok = local.get("/read/java.lang:type=Runtime/Uptime");
        assertThat(ok.status()).as(ok.body()).isEqualTo(200);
    }

    @Test
    @Order(5)
    void execFromAForeignHostIsRefusedButAllowedLocally() throws Exception {
        String reload = """
                {"type":"exec","mbean":"fabric.health:type=Config","operation":"reload"}""";
        Jolokia.Answer foreign = new Jolokia(payara.httpPort, "127.0.0.2").post(reload);
        assertThat(foreign.status()).as(foreign.body()).isEqualTo(403);
        Jolokia.Answer mine = local.post(reload);
        assertThat(mine.status()).as(mine.body()).isEqualTo(200);
        // A read from the same foreign host is fine: only exec is local-only.
        assertThat(new Jolokia(payara.httpPort, "127.0.0.2").get("/read/fabric.health:type=Agent/Version").status())
                .isEqualTo(200);
    }

    @Test
    @Order(6)
    void execFromAForeignOriginIsRefusedByStrictCors() throws Exception {
        String reload = """
                {"type":"exec","mbean":"fabric.health:type=Config","operation":"reload"}""";
        Jolokia.Answer evil = local.post(reload, "Origin: http://evil.example");
        assertThat(evil.status()).as(evil.body()).isEqualTo(403);
        Jolokia.Answer same = local.post(reload, "Origin: http://127.0.0.1:3000");
        assertThat(same.status()).as(same.body()).isEqualTo(200);
    }

    @Test
    @Order(7)
    void anInvalidConfigIsRejectedOnReloadAndTheLastGoodOneStays() throws Exception {
        String good = Files.readString(config);
        int badLine = (int) good.lines().count() + 2;
        Files.writeString(config, good + "smp:\n  window: 500\n");
        try {
            Jolokia.Answer a = local.post("""
                    {"type":"exec","mbean":"fabric.health:type=Config","operation":"reload"}""");
            assertThat(a.status()).isEqualTo(200);
            assertThat((String) a.value()).contains("rejected").contains("smp.window")
                    .contains("fabric-health.yaml:" + badLine + ":");
            assertThat(local.get("/read/fabric.health:type=Config/Valid").value()).isEqualTo(true);
            assertThat(local.get("/read/fabric.health:type=Config/LastReloadResult").value()).isEqualTo("rejected");
        } finally {
            Files.writeString(config, good);
        }
        Jolokia.Answer again = local.post("""
                {"type":"exec","mbean":"fabric.health:type=Config","operation":"reload"}""");
        assertThat((String) again.value()).contains("accepted");
    }

    /**
     * A bulk read of every plain attribute of every agent MBean, as a poller sends it, answered by BulkReads; the
     * same POST with a parameter that path leaves to Jolokia is answered by Jolokia. The two must agree.
     */
    @Test
    @Order(8)
    void aBulkReadOfTheAgentsMBeansAnswersWhatJolokiaAnswers() throws Exception {
        JSONArray bulk = new JSONArray();
        JSONObject list = parse(local.post("""
                {"type":"list","path":"fabric.health"}""").body(), JSONObject.class);
        Map<?, ?> domain = (Map<?, ?>) list.get("value");
        for (Map.Entry<?, ?> bean : domain.entrySet()) {
            Map<?, ?> attributes = (Map<?, ?>) ((Map<?, ?>) bean.getValue()).get("attr");
            JSONArray plain = new JSONArray();
            if (attributes != null) {
                attributes.forEach((name, info) -> {
                    if (PLAIN.contains((String) ((Map<?, ?>) info).get("type"))) {
                        plain.add(name);
                    }
                });
            }
            if (!plain.isEmpty()) {
                JSONObject read = new JSONObject();
                read.put("type", "read");
                read.put("mbean", "fabric.health:" + bean.getKey());
                read.put("attribute", plain);
                bulk.add(read);
            }
        }
        assertThat(bulk).as("agent MBeans with plain attributes").hasSizeGreaterThan(5);
        List<Object> ours = null;
        List<Object> jolokias = null;
        for (int attempt = 0; attempt < 3 && (ours == null || !ours.equals(jolokias)); attempt++) {
            Jolokia.Answer fast = local.post(bulk.toJSONString());
            Jolokia.Answer slow = local.send("POST", "/jolokia/?canonicalNaming=false", bulk.toJSONString());
            assertThat(fast.httpStatus()).as(fast.body()).isEqualTo(200);
            ours = withoutTimestamps(parse(fast.body(), JSONArray.class));
            jolokias = withoutTimestamps(parse(slow.body(), JSONArray.class));
            // BulkReads writes a composite's items in its type's (sorted) order, as JConsole shows them;
            // Jolokia writes them in hash order. So this also says which of the two answered.
            int counts = fast.body().indexOf("\"ProbeCounts\":{");
            assertThat(fast.body().substring(counts)).as("ProbeCounts as BulkReads writes it")
                    .containsSubsequence("\"burstsFailures\"", "\"burstsRuns\"", "\"pingpongFailures\"",
                            "\"smpSweepRuns\"");
        }
        assertThat(ours).as("BulkReads' answer, Jolokia's answer on the right").isEqualTo(jolokias);
        assertThat(ours).allSatisfy(r -> assertThat(((Map<?, ?>) r).get("status")).as(r.toString()).isEqualTo(200L));

        // One read Jolokia must answer (no such attribute) makes Jolokia answer them all, with its error for it.
        JSONObject bad = new JSONObject();
        bad.put("type", "read");
        bad.put("mbean", "fabric.health:type=Agent");
        bad.put("attribute", "NoSuchAttribute");
        bulk.add(bad);
        JSONArray mixed = parse(local.post(bulk.toJSONString()).body(), JSONArray.class);
        assertThat(mixed).hasSize(bulk.size());
        assertThat(((Map<?, ?>) mixed.get(mixed.size() - 1)).get("status")).isEqualTo(404L);
        assertThat(((Map<?, ?>) mixed.get(0)).get("status")).isEqualTo(200L);
    }

    /** The attribute types BulkReads writes itself, as Jolokia's list names them. */
    static final java.util.Set<String> PLAIN = java.util.Set.of("java.lang.String", "long", "int", "boolean",
            "double", "java.lang.Long", "java.lang.Integer", "java.lang.Boolean", "java.lang.Double",
            "javax.management.openmbean.CompositeData");

    static <T> T parse(String json, Class<T> type) throws Exception {
        return new JSONParser().parse(json, type);
    }

    static List<Object> withoutTimestamps(JSONArray answers) {
        answers.forEach(a -> ((Map<?, ?>) a).remove("timestamp"));
        return answers;
    }

    @Test
    @Order(100)
    void aRedeployWithoutRestartServesAgainWithTheNativesStillLoaded() throws Exception {
        String startedBefore = (String) local.get("/read/fabric.health:type=Agent/StartedAt").value();
        payara.redeploy();
        Jolokia.Answer a = local.get("/read/fabric.health:type=Agent");
        assertThat(a.status()).as(a.body()).isEqualTo(200);
        @SuppressWarnings("unchecked")
        Map<String, Object> agent = (Map<String, Object>) a.value();
        assertThat(agent.get("StartedAt")).isNotEqualTo(startedBefore);
        assertThat(payara.log()).doesNotContain("already loaded in another classloader");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> natives = (List<Map<String, Object>>) agent.get("NativeLibraries");
        assertThat(natives).filteredOn(n -> n.get("family").equals("umad")).first()
                .satisfies(n -> assertThat(n.get("available")).as(n.toString()).isEqualTo(true));
        assertThat(awaitFabricInspected().get("state")).isEqualTo("Active");
        assertThat(agent.get("LastError")).as("the agent's own account of the redeploy").isEqualTo("");
        jsr160ReadsTheSameAgent(); // the JVM's connector outlives the WAR
    }
}

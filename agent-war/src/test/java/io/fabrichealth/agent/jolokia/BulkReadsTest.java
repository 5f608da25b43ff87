package io.fabrichealth.agent.jolokia;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.fabrichealth.mbeans.Composites;
import io.fabrichealth.mbeans.MBeanRegistry;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import javax.management.StandardMBean;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.CompositeType;
import javax.management.openmbean.SimpleType;
import javax.management.openmbean.TabularData;
import javax.management.openmbean.TabularDataSupport;
import javax.management.openmbean.TabularType;
import org.jolokia.json.JSONArray;
import org.jolokia.json.JSONObject;
import org.jolokia.json.parser.JSONParser;
import org.jolokia.server.core.service.api.Restrictor;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the bulk-read path answers itself and what it leaves to Jolokia, on a real MBean server under the agent's
 * real policy. AgentOnPayaraIT checks its answers against Jolokia's on a running agent.
 */
class BulkReadsTest {
    static final String PORT = "fabric.health:type=Port,guid=0x0000000000200017,port=1";
    static final Composites COUNTERS = new Composites("CounterDeltas", "counter changes",
            "SymbolErrorCounter", SimpleType.LONG, "PortRcvErrors", SimpleType.LONG, "LinkDownedCounter",
            SimpleType.LONG);

    public interface SampleMBean {
        String getHealth();

        String getPortState();

        CompositeData getCounterDeltas();

        double getRatio();

        long[] getRtts();

        TabularData getTable();
    }

    public static final class Sample implements SampleMBean {
        @Override
        public String getHealth() {
            return "WARN";
        }

        @Override
        public String getPortState() {
            return "Active \"quoted\"";
        }

        @Override
        public CompositeData getCounterDeltas() {
            return deltas;
        }

        @Override
        public double getRatio() {
            return Double.NaN;
        }

        @Override
        public long[] getRtts() {
            return new long[] {4, 5};
        }

        @Override
        public TabularData getTable() {
            try {
                CompositeType row = new CompositeType("r", "r", new String[] {"k"}, new String[] {"k"},
                        new javax.management.openmbean.OpenType<?>[] {SimpleType.STRING});
                return new TabularDataSupport(new TabularType("t", "t", row, new String[] {"k"}));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** What the sample MBeans answer for CounterDeltas; a sweep replaces it with a new object. */
    static volatile CompositeData deltas = COUNTERS.of(3L, 0L, -1L);
    static MBeanServer server;
    static MBeanRegistry registry;
    static BulkReads reads;

    @BeforeAll
    static void register() throws Exception {
        server = MBeanServerFactory.newMBeanServer();
        registry = new MBeanRegistry(server);
        registry.register(new ObjectName(PORT), new Sample(), SampleMBean.class);
        registry.register(new ObjectName("other.domain:type=Port"), new Sample(), SampleMBean.class);
        // In the agent's domain, but not registered by the agent: BulkReads cannot reach it.
        server.registerMBean(new StandardMBean(new Sample(), SampleMBean.class),
                new ObjectName("fabric.health:type=Stranger"));
        reads = new BulkReads(registry, new AgentRestrictor(true, List.of()));
    }

    static JSONArray answer(String body, boolean includeRequest) throws Exception {
        return new JSONParser().parse(raw(body, includeRequest), JSONArray.class);
    }

    /** The answer as written; Jolokia's parser reads objects into hash maps, so order shows only here. */
    static String raw(String body, boolean includeRequest) throws Exception {
        List<BulkReads.Answer> answers = reads.answers(body.getBytes(StandardCharsets.UTF_8), "127.0.0.1");
        assertThat(answers).as("answered by the bulk-read path: " + body).isNotNull();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator json = new JsonFactory().createGenerator(out)) {
            BulkReads.write(json, answers, includeRequest, 1_795_800_020L);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aBulkReadGetsJolokiasAnswerShape() throws Exception {
        JSONArray a = answer("[{\"type\":\"read\",\"mbean\":\"" + PORT + "\",\"attribute\":[\"Health\",\"PortState\","
                + "\"CounterDeltas\"]},{\"mbean\":\"fabric.health:port=1,type=Port,guid=0x0000000000200017\","
                + "\"attribute\":\"Health\",\"type\":\"read\"}]", true);
        assertThat(a).hasSize(2);
        JSONObject first = (JSONObject) a.get(0);
        assertThat(first.get("status")).isEqualTo(200L);
        assertThat(first.get("timestamp")).isEqualTo(1_795_800_020L);
        assertThat(first.get("request")).isEqualTo(Map.of("mbean", PORT, "type", "read",
                "attribute", List.of("Health", "PortState", "CounterDeltas")));
        JSONObject value = (JSONObject) first.get("value");
        assertThat(value.keySet()).containsExactlyInAnyOrder("Health", "PortState", "CounterDeltas");
        assertThat(value.get("PortState")).isEqualTo("Active \"quoted\"");
        assertThat(value.get("CounterDeltas"))
                .isEqualTo(Map.of("SymbolErrorCounter", 3L, "PortRcvErrors", 0L, "LinkDownedCounter", -1L));
        JSONObject second = (JSONObject) a.get(1);
        // A single attribute answers the bare value, and the echo keeps the name's key order as sent.
        assertThat(second.get("value")).isEqualTo("WARN");
        assertThat(((Map<?, ?>) second.get("request")).get("mbean"))
                .isEqualTo("fabric.health:port=1,type=Port,guid=0x0000000000200017");
    }

    @Test
    void aCompositeWrittenBeforeIsWrittenTheSameAndANewOneAnew() throws Exception {
        String body = "[{\"type\":\"read\",\"mbean\":\"" + PORT + "\",\"attribute\":[\"Health\",\"CounterDeltas\"]}]";
        assertThat(counters(answer(body, false))).containsEntry("SymbolErrorCounter", 3L);
        assertThat(counters(answer(body, false))).containsEntry("SymbolErrorCounter", 3L);
        deltas = COUNTERS.of(9L, 1L, 0L);
        try {
            assertThat(counters(answer(body, false))).containsEntry("SymbolErrorCounter", 9L)
                    .containsEntry("PortRcvErrors", 1L);
        } finally {
            deltas = COUNTERS.of(3L, 0L, -1L);
        }
        assertThat(counters(answer(body, false))).containsEntry("SymbolErrorCounter", 3L);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> counters(JSONArray answer) {
        return (Map<String, Object>) ((Map<?, ?>) ((Map<?, ?>) answer.get(0)).get("value")).get("CounterDeltas");
    }

    @Test
    void eachReadGetsItsOwnListWhenListsDifferFromOneReadToTheNext() throws Exception {
        String[] lists = {"\"Health\",\"PortState\",\"CounterDeltas\"", "\"Health\",\"PortState\"",
            "\"Health\",\"PortState\",\"CounterDeltas\",\"Rtts\"", "\"PortState\",\"Health\"", "\"Health\""};
        StringBuilder body = new StringBuilder("[");
        for (String list : lists) {
            body.append(body.length() > 1 ? "," : "").append("{\"type\":\"read\",\"mbean\":\"").append(PORT)
                    .append("\",\"attribute\":[").append(list).append("]}");
        }
        String raw = raw(body.append("]").toString(), true);
        JSONArray a = new JSONParser().parse(raw, JSONArray.class);
        String[] values = raw.split("\"value\":");
        for (int i = 0; i < lists.length; i++) {
            JSONObject one = (JSONObject) a.get(i);
            List<String> asked = List.of(lists[i].replace("\"", "").split(","));
            assertThat(((JSONObject) one.get("value")).keySet()).as(lists[i])
                    .containsExactlyInAnyOrderElementsOf(asked);
            assertThat(values[i + 1]).as("in the order asked").containsSubsequence(
                    asked.stream().map(n -> "\"" + n + "\":").toArray(String[]::new));
            assertThat(((Map<?, ?>) one.get("request")).get("attribute")).isEqualTo(asked);
        }
        String twice = "[{\"type\":\"read\",\"mbean\":\"" + PORT + "\",\"attribute\":[\"Health\",\"PortState\"]},"
                + "{\"type\":\"read\",\"mbean\":\"" + PORT + "\",\"attribute\":[\"Health\",\"Health\"]}]";
        assertThat(reads.answers(twice.getBytes(StandardCharsets.UTF_8), "127.0.0.1")).isNull();
    }

    @Test
    void includeRequestFalseLeavesTheEchoOut() throws Exception {
        JSONArray a = answer("[{\"type\":\"read\",\"mbean\":\"" + PORT + "\",\"attribute\":[\"Rtts\",\"Ratio\"]}]",
                false);
        JSONObject only = (JSONObject) a.get(0);
        assertThat(only).doesNotContainKey("request");
        // Jolokia writes a non-finite double as null, and an array as a list.
        Map<?, ?> value = (Map<?, ?>) only.get("value");
        assertThat(value.containsKey("Ratio")).isTrue();
        assertThat(value.get("Ratio")).isNull();
        assertThat(value.get("Rtts")).isEqualTo(List.of(4L, 5L));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"type\":\"read\",\"mbean\":\"$PORT\",\"attribute\":\"Health\"}", // one request, not a bulk
        "[]",
        "[{\"type\":\"read\",\"mbean\":\"fabric.health:type=Port,*\",\"attribute\":\"Health\"}]", // pattern
        "[{\"type\":\"read\",\"mbean\":\"other.domain:type=Port\",\"attribute\":\"Health\"}]",
        "[{\"type\":\"read\",\"mbean\":\"fabric.health:type=Nothing\",\"attribute\":\"Health\"}]", // no MBean
        "[{\"type\":\"read\",\"mbean\":\"$PORT\",\"attribute\":\"Nothing\"}]", // no attribute
        "[{\"type\":\"read\",\"mbean\":\"fabric.health:type=Stranger\",\"attribute\":\"Health\"}]",
        "[{\"type\":\"read\",\"mbean\":\"$PORT\",\"attribute\":[\"Health\",\"Nothing\"]}]",
        "[{\"type\":\"read\",\"mbean\":\"$PORT\",\"attribute\":[\"Health\",\"Health\"]}]",
        "[{\"type\":\"read\",\"mbean\":\"$PORT\",\"attribute\":[]}]", // all attributes
        "[{\"type\":\"read\",\"mbean\":\"$PORT\"}]",
        "[{\"type\":\"read\",\"mbean\":\"$PORT\",\"attribute\":\"Table\"}]", // TabularData: Jolokia's rules
        "[{\"type\":\"read\",\"mbean\":\"$PORT\",\"attribute\":\"CounterDeltas\",\"path\":\"PortRcvErrors\"}]",
        "[{\"type\":\"read\",\"mbean\":\"$PORT\",\"attribute\":\"Health\",\"config\":{\"maxDepth\":1}}]",
        "[{\"type\":\"exec\",\"mbean\":\"$PORT\",\"operation\":\"x\"}]",
        "[{\"type\":\"read\",\"type\":\"read\",\"mbean\":\"$PORT\",\"attribute\":\"Health\"}]",
        "[{\"type\":\"read\",\"mbean\":\"$PORT\",\"attribute\":\"Health\"}] trailing",
        "[{\"type\":\"read\",\"mbean\":\"$PORT\",\"attribute\":\"Health\"}",
        "[{\"type\":\"read\",\"mbean\":\"not a name\",\"attribute\":\"Health\"}]",
        "[{\"type\":\"read\",\"mbean\":\"$PORT\",\"attribute\":\"Health\"},1]",
    })
    void everythingElseIsLeftToJolokia(String body) {
        byte[] bytes = body.replace("$PORT", PORT).getBytes(StandardCharsets.UTF_8);
        assertThat(reads.answers(bytes, "127.0.0.1")).as(body).isNull();
    }

    @Test
    void theSameBodyAfterItsMBeanWentIsLeftToJolokia() throws Exception {
        // The parsed body is kept for the next read; the MBean it names is looked up anew each time.
        ObjectName gone = new ObjectName("fabric.health:type=Port,guid=0x0000000000200099,port=2");
        registry.register(gone, new Sample(), SampleMBean.class);
        byte[] body = ("[{\"type\":\"read\",\"mbean\":\"" + PORT + "\",\"attribute\":\"Health\"},"
                + "{\"type\":\"read\",\"mbean\":\"" + gone + "\",\"attribute\":\"Health\"}]")
                .getBytes(StandardCharsets.UTF_8);
        assertThat(reads.answers(body, "127.0.0.1")).hasSize(2);
        registry.unregister(gone);
        assertThat(reads.answers(body, "127.0.0.1")).isNull();
        assertThat(reads.answers(body.clone(), "127.0.0.1")).isNull();
    }

    @Test
    void aBodyNamingAnMBeanNotYetRegisteredIsAnsweredOnceItIs() throws Exception {
        // A poller may start before the first sweep has registered the ports it names.
        ObjectName later = new ObjectName("fabric.health:type=Port,guid=0x0000000000200098,port=3");
        byte[] body = ("[{\"type\":\"read\",\"mbean\":\"" + later + "\",\"attribute\":[\"Health\"]}]")
                .getBytes(StandardCharsets.UTF_8);
        assertThat(reads.answers(body, "127.0.0.1")).isNull();
        registry.register(later, new Sample(), SampleMBean.class);
        try {
            assertThat(reads.answers(body, "127.0.0.1")).hasSize(1);
            assertThat(reads.answers(body, "127.0.0.1")).hasSize(1);
        } finally {
            registry.unregister(later);
        }
    }

    @Test
    void aReadThePolicyRefusesIsLeftToJolokia() throws Exception {
        // A refusal is Jolokia's to word.
        AgentRestrictor policy = new AgentRestrictor(true, List.of());
        Restrictor noRemote = (Restrictor) Proxy.newProxyInstance(Restrictor.class.getClassLoader(),
                new Class<?>[] {Restrictor.class}, (proxy, method, args) ->
                        method.getName().equals("isRemoteAccessAllowed") ? false : method.invoke(policy, args));
        String body = "[{\"type\":\"read\",\"mbean\":\"" + PORT + "\",\"attribute\":\"Health\"}]";
        assertThat(new BulkReads(registry, noRemote).answers(body.getBytes(StandardCharsets.UTF_8), "10.0.0.9"))
                .isNull();
        assertThat(reads.answers(body.getBytes(StandardCharsets.UTF_8), "10.0.0.9")).isNotNull();
    }
}

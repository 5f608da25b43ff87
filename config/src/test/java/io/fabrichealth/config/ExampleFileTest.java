package io.fabrichealth.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.bind.ConfigBinder;
import io.fabrichealth.config.bind.Nullable;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/** The documented example is a valid config and mentions every option, so docs cannot drift from the code. */
class ExampleFileTest {
    static final Path EXAMPLE = Path.of("fabric-health.example.yaml");

    @Test
    void theExampleFileLoads() throws Exception {
        FabricHealthConfig c = ConfigLoader.load(EXAMPLE);
        assertThat(c.source()).isEqualTo(EXAMPLE.toAbsolutePath().toString());
        assertThat(c.peers()).extracting(PeerConfig::name).containsExactly("host-b");
        assertThat(c.alarms()).isEqualTo(AlarmsConfig.DEFAULTS);
        assertThat(ConfigLoader.parse(c.toYaml(), c.source(), Path.of("/"))).isEqualTo(c);
    }

    @Test
    void theExampleFileWritesEveryOptionOfEverySection() throws Exception {
        String text = Files.readString(EXAMPLE);
        Node root = new Compose(LoadSettings.builder().build()).composeString(text).orElseThrow();
        List<String> missing = new ArrayList<>();
        walk(FabricHealthConfig.class, List.of(root), "", text, missing);
        assertThat(missing).as("options missing from %s", EXAMPLE).isEmpty();
    }

    /**
     * Every key of {@code type} must be written in at least one of {@code nodes}. A nullable section left null
     * (http.auth) must show its keys in a commented-out example instead.
     */
    private static void walk(Class<?> type, List<Node> nodes, String path, String text, List<String> missing) {
        for (RecordComponent c : type.getRecordComponents()) {
            if (!ConfigBinder.keysOf(type).contains(c.getName())) {
                continue;
            }
            String field = path.isEmpty() ? c.getName() : path + "." + c.getName();
            List<Node> values = new ArrayList<>();
            for (Node n : nodes) {
                Node v = value((MappingNode) n, c.getName());
                if (v != null) {
                    values.add(v);
                }
            }
            if (values.isEmpty()) {
                missing.add(field);
                continue;
            }
            Class<?> section = section(c.getGenericType());
            if (section == null) {
                continue;
            }
            List<Node> children = new ArrayList<>();
            for (Node v : values) {
                if (v instanceof MappingNode m && c.getType() == Map.class) {
                    m.getValue().forEach(t -> children.add(t.getValueNode()));
                } else if (v instanceof MappingNode m) {
                    children.add(m);
                } else if (v instanceof SequenceNode s) {
                    children.addAll(s.getValue());
                }
            }
            if (children.isEmpty() && c.isAnnotationPresent(Nullable.class)) {
                for (String key : ConfigBinder.keysOf(section)) {
                    if (!Pattern.compile("(?m)^\\s*#\\s*" + key + ":").matcher(text).find()) {
                        missing.add(field + "." + key + " (commented-out example)");
                    }
                }
            } else if (children.isEmpty()) {
                missing.add(field + " (needs an entry showing its keys)");
            } else {
                walk(section, children, field, text, missing);
            }
        }
    }

    /** The record type bound key by key under this component (directly, as list element or map value). */
    private static Class<?> section(Type type) {
        Type t = type instanceof ParameterizedType p
                ? p.getActualTypeArguments()[p.getActualTypeArguments().length - 1] : type;
        return t instanceof Class<?> c && c.isRecord() && c.getPackage().equals(FabricHealthConfig.class.getPackage())
                && !List.of(ByteSize.class, HostPort.class, Percent.class, PortGuid.class, Topology.class).contains(c) ? c : null;
    }

    private static Node value(MappingNode mapping, String key) {
        for (NodeTuple t : mapping.getValue()) {
            if (t.getKeyNode() instanceof ScalarNode s && s.getValue().equals(key)) {
                return t.getValueNode();
            }
        }
        return null;
    }
}

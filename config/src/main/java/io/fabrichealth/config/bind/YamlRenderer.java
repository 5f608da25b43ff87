package io.fabrichealth.config.bind;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.api.Dump;
import org.snakeyaml.engine.v2.api.DumpSettings;
import org.snakeyaml.engine.v2.common.FlowStyle;

/** The reverse of the binder: records to plain maps, lists and scalars, then to block-style YAML. */
public final class YamlRenderer {
    private final ScalarTypes scalars;

    public YamlRenderer(ScalarTypes scalars) {
        this.scalars = scalars;
    }

    public String toYaml(Record root) {
        DumpSettings settings = DumpSettings.builder().setDefaultFlowStyle(FlowStyle.BLOCK).build();
        return new Dump(settings).dumpToString(render(root));
    }

    /** Maps keep the record's component order, so the output reads like the example file. */
    public Object render(Object value) {
        if (value == null) {
            return null;
        }
        ScalarType<Object> scalar = scalars.find(value.getClass());
        if (scalar != null) {
            return scalar.render(value);
        }
        if (value instanceof Record record) {
            Map<String, Object> map = new LinkedHashMap<>();
            for (RecordComponent c : record.getClass().getRecordComponents()) {
                if (Records.isBound(c)) {
                    map.put(c.getName(), render(Records.component(c, record)));
                }
            }
            return map;
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>();
            list.forEach(v -> out.add(render(v)));
            return out;
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> out.put(k.toString(), render(v)));
            return out;
        }
        throw new IllegalStateException("Cannot render " + value.getClass().getName() + " as YAML");
    }
}

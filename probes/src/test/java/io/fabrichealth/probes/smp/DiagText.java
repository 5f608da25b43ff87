package io.fabrichealth.probes.smp;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads what infiniband-diags print: smpquery/perfquery fields, ibnetdiscover links, iblinkinfo remarks. */
final class DiagText {
    private static final Pattern FIELD = Pattern.compile("^(\\w+):\\.+(.*)$", Pattern.MULTILINE);
    private static final Pattern IBNET_NODE = Pattern.compile(
            "^(Switch|Ca|Rt)\\s+(\\d+)\\s+\"[SHR]-([0-9a-f]{16})\"\\s+# \"(.*?)\"", Pattern.MULTILINE);
    private static final Pattern IBNET_PORT = Pattern.compile(
            "^\\[(\\d+)\\](?:\\([0-9a-f]+\\))?\\s+\"[SHR]-([0-9a-f]{16})\"\\[(\\d+)\\]");
    private static final Pattern LINK_ROW = Pattern.compile(
            "^\\s+(?:0x([0-9a-f]{16})\\s+)?\\d+\\s+(\\d+)\\[..\\] ==\\(.*?\\)==>(.*)$");
    private static final Pattern LINK_SWITCH = Pattern.compile("^Switch: 0x([0-9a-f]{16}) ");

    private DiagText() {
    }

    /** "Name:.....value" lines of smpquery and perfquery. */
    static Map<String, String> fields(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        Matcher m = FIELD.matcher(text);
        while (m.find()) {
            out.putIfAbsent(m.group(1), m.group(2).strip());
        }
        return out;
    }

    /** ibnetdiscover's nodes: "0x<guid>" to "type numPorts \"description\"". */
    static Map<String, String> ibnetNodes(String text) {
        Map<String, String> out = new HashMap<>();
        Matcher m = IBNET_NODE.matcher(text);
        while (m.find()) {
            String type = m.group(1).equals("Switch") ? "Switch" : m.group(1).equals("Ca") ? "Channel Adapter" : "Router";
            out.put("0x" + m.group(3), type + " " + m.group(2) + " \"" + m.group(4) + "\"");
        }
        return out;
    }

    /** ibnetdiscover's links, one entry per direction: "0xA/p -> 0xB/q". */
    static Set<String> ibnetLinks(String text) {
        Set<String> out = new HashSet<>();
        String node = null;
        for (String line : text.split("\n")) {
            Matcher n = IBNET_NODE.matcher(line);
            if (n.find()) {
                node = "0x" + n.group(3);
                continue;
            }
            Matcher p = IBNET_PORT.matcher(line);
            if (node != null && p.find()) {
                out.add(node + "/" + p.group(1) + " -> 0x" + p.group(2) + "/" + p.group(3));
            }
        }
        return out;
    }

    /**
     * iblinkinfo's "Could be" remarks by port: "0x<node guid>/<port>" to the remark. CA rows name the port GUID,
     * so {@code nodeOfPortGuid} maps it to its node.
     */
    static Map<String, String> iblinkinfoRemarks(String text, Map<String, String> nodeOfPortGuid) {
        Map<String, String> out = new HashMap<>();
        String switchGuid = null;
        for (String line : text.split("\n")) {
            Matcher s = LINK_SWITCH.matcher(line);
            if (s.find()) {
                switchGuid = "0x" + s.group(1);
                continue;
            }
            if (line.startsWith("CA: ")) {
                switchGuid = null;
                continue;
            }
            Matcher r = LINK_ROW.matcher(line);
            if (!r.find()) {
                continue;
            }
            String node = r.group(1) != null ? nodeOfPortGuid.get("0x" + r.group(1)) : switchGuid;
            String tail = r.group(3);
            int open = tail.lastIndexOf('(');
            String remark = tail.substring(open + 1, tail.length() - 1).strip().replaceAll("\\s+", " ");
            if (remark.contains("Could be")) {
                out.put(node + "/" + r.group(2), remark);
            }
        }
        return out;
    }
}

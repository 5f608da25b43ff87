package io.fabrichealth.testbed;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the few facts the tests check out of infiniband-diags' text output. */
final class Diags {

    private static final Pattern NODE_HEADER = Pattern.compile("^(?:CA|Switch): (?:0x[0-9a-f]+ )?(.+):$");
    private static final Pattern LINK_LINE = Pattern.compile(
            "^\\s*(?:0x[0-9a-f]+\\s+)?\\d+\\s+(\\d+)\\[.*?\\]\\s+==\\((.*?)\\)==>\\s+\\d+\\s+(\\d+)\\[.*?\\]\\s+\"([^\"]*)\"\\s+\\((.*)\\)\\s*$");

    private Diags() {
    }

    static long count(String text, String linePrefix) {
        return text.lines().filter(l -> l.startsWith(linePrefix)).count();
    }

    /** Port lines of ibnetdiscover that name a remote node: two per cable. */
    static long linkEnds(String ibnetdiscover) {
        return ibnetdiscover.lines().filter(l -> l.matches("^\\[\\d+\\].*\"[SH]-[0-9a-f]+\"\\[\\d+\\].*")).count();
    }

    /** The links iblinkinfo marks with "Could be", each as "nodeA[p]-nodeB[q]" in name order. */
    static Set<String> linksMarkedCouldBe(String iblinkinfo) {
        Set<String> links = new TreeSet<>();
        String node = null;
        for (String line : iblinkinfo.lines().toList()) {
            Matcher h = NODE_HEADER.matcher(line);
            if (h.matches()) {
                node = h.group(1);
                continue;
            }
            Matcher m = LINK_LINE.matcher(line);
            if (m.matches() && m.group(5).contains("Could be")) {
                links.add(link(node + "[" + m.group(1) + "]", m.group(4) + "[" + m.group(3) + "]"));
            }
        }
        return links;
    }

    /** The "( 1X 10.0 Gbps Active/ LinkUp)" part of every iblinkinfo line for a link. */
    static List<String> linkStates(String iblinkinfo, String link) {
        List<String> states = new ArrayList<>();
        String node = null;
        for (String line : iblinkinfo.lines().toList()) {
            Matcher h = NODE_HEADER.matcher(line);
            if (h.matches()) {
                node = h.group(1);
                continue;
            }
            Matcher m = LINK_LINE.matcher(line);
            if (m.matches() && link(node + "[" + m.group(1) + "]", m.group(4) + "[" + m.group(3) + "]").equals(link)) {
                states.add(m.group(2).replaceAll("\\s+", " ").trim());
            }
        }
        return states;
    }

    static String link(String a, String b) {
        return a.compareTo(b) <= 0 ? a + "-" + b : b + "-" + a;
    }

    /** A field of smpquery's dotted output, e.g. field(out, "LinkState") -> "Down". */
    static String field(String smpquery, String name) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + ":\\.+(.*)$").matcher(smpquery);
        if (!m.find()) {
            throw new AssertionError("no " + name + " in smpquery output:\n" + smpquery);
        }
        return m.group(1).trim();
    }
}

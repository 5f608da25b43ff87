package io.fabrichealth.config.bind;

import java.util.Collection;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;

/** How values and nodes are spelled inside error messages. */
public final class Texts {
    private static final int MAX_QUOTED = 80;

    private Texts() {
    }

    /** {@code "-5s"}, escaped and cut short so one bad line cannot flood the log. */
    public static String quote(String text) {
        String shown = text.length() > MAX_QUOTED ? text.substring(0, MAX_QUOTED) + "..." : text;
        return '"' + shown.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n").replace("\t", "\\t") + '"';
    }

    /** What a node is, as the "got" part of a message. */
    public static String describe(Node node) {
        if (node instanceof ScalarNode scalar) {
            return Tag.NULL.equals(scalar.getTag()) ? "null" : quote(scalar.getValue());
        }
        if (node instanceof SequenceNode) {
            return "a list";
        }
        if (node instanceof MappingNode) {
            return "a mapping";
        }
        return "a " + node.getNodeType().name().toLowerCase();
    }

    /** {@code a, b or c}. */
    public static String oneOf(Iterable<String> names) {
        return String.join(", ", names);
    }

    /** A type's name as prose with its article: {@code AlarmKind -> "an alarm kind"}. */
    public static String aName(Class<?> type) {
        String words = type.getSimpleName().replaceAll("(?<=[a-z])(?=[A-Z])", " ").toLowerCase(java.util.Locale.ROOT);
        return ("aeiou".indexOf(words.charAt(0)) >= 0 ? "an " : "a ") + words;
    }

    public static String didYouMean(String typed, Collection<String> candidates) {
        return NearMiss.closest(typed, candidates).map(c -> "did you mean " + quote(c) + "?").orElse(null);
    }
}

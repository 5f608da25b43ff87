package io.fabrichealth.config;

import io.fabrichealth.config.bind.Texts;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One burst parameter set, written as fabtrun writes it: {@code default}, or keywords joined by commas
 * ({@code cacheless,reregister}), kept in the order the operator wrote them. Two sets with the same keywords are
 * the same set whatever their order; {@code default} never combines. Whether a set fits a phase
 * ({@code contiguous} is put-only) is {@link #problemIn}'s question.
 */
public final class BurstSet {
    public static final String DEFAULT_NAME = "default";
    public static final BurstSet DEFAULT = new BurstSet(List.of());

    private final List<BurstKeyword> keywords;
    private final Set<BurstKeyword> set;

    private BurstSet(List<BurstKeyword> keywords) {
        this.keywords = List.copyOf(keywords);
        this.set = keywords.isEmpty() ? EnumSet.noneOf(BurstKeyword.class) : EnumSet.copyOf(keywords);
    }

    /** Keywords in this order; none is {@link #DEFAULT}. A repeated keyword is refused. */
    public static BurstSet of(BurstKeyword... keywords) {
        return of(Arrays.asList(keywords));
    }

    public static BurstSet of(List<BurstKeyword> keywords) {
        if (keywords.stream().distinct().count() != keywords.size()) {
            throw new IllegalArgumentException("a keyword is repeated in " + keywords);
        }
        return keywords.isEmpty() ? DEFAULT : new BurstSet(keywords);
    }

    /**
     * Reads {@code default} or {@code kw,kw,...}.
     *
     * @throws IllegalArgumentException whose message says what to write instead
     */
    public static BurstSet parse(String text) {
        String written = text.strip();
        if (written.equalsIgnoreCase(DEFAULT_NAME)) {
            return DEFAULT;
        }
        if (written.isEmpty()) {
            throw new IllegalArgumentException("write default, or keywords joined by commas like cacheless,reregister");
        }
        if (!written.contains(",") && written.strip().contains(" ")) {
            throw new IllegalArgumentException("join keywords with commas, as fabtrun does: write "
                    + Texts.quote(String.join(",", written.split("\\s+"))));
        }
        List<BurstKeyword> keywords = new ArrayList<>();
        boolean withDefault = false;
        List<String> names = Arrays.stream(BurstKeyword.values()).map(BurstKeyword::text).toList();
        for (String part : written.split(",", -1)) {
            String word = part.strip().toLowerCase(Locale.ROOT);
            if (word.equals(DEFAULT_NAME)) {
                withDefault = true;
                continue;
            }
            int index = names.indexOf(word);
            if (index < 0) {
                String near = Texts.didYouMean(word, names);
                throw new IllegalArgumentException((word.isEmpty() ? "an empty keyword (two commas, or one at an end)"
                        : Texts.quote(part.strip()) + " is not a keyword") + " in " + Texts.quote(written)
                        + (near != null ? ": " + near : "") + " (keywords: " + String.join(", ", names) + ")");
            }
            BurstKeyword k = BurstKeyword.values()[index];
            if (!keywords.contains(k)) {
                keywords.add(k);
            } else {
                throw new IllegalArgumentException(k.text() + " is written twice in " + Texts.quote(written)
                        + ": write " + Texts.quote(join(keywords)));
            }
        }
        if (withDefault) {
            throw new IllegalArgumentException("default never combines with keywords: write "
                    + (keywords.isEmpty() ? "default" : Texts.quote(join(keywords)) + ", or default alone"));
        }
        return new BurstSet(keywords);
    }

    /** The keywords in the order written; empty for {@link #DEFAULT}. */
    public List<BurstKeyword> keywords() {
        return keywords;
    }

    public boolean isDefault() {
        return keywords.isEmpty();
    }

    public boolean has(BurstKeyword keyword) {
        return set.contains(keyword);
    }

    /**
     * Why this set cannot run in {@code phase}, with what to write instead, or null when it can.
     */
    public String problemIn(BurstPhase phase) {
        List<BurstKeyword> misplaced = keywords.stream().filter(k -> !k.appliesTo(phase)).toList();
        if (misplaced.isEmpty()) {
            return null;
        }
        List<BurstKeyword> rest = new ArrayList<>(keywords);
        rest.removeAll(misplaced);
        String names = misplaced.stream().map(BurstKeyword::text).collect(Collectors.joining(", "));
        return names + " applies to put only (fabtget has no gather to turn off): move "
                + Texts.quote(toString()) + " to bursts.suite.put" + (rest.isEmpty() ? ""
                        : ", or write " + Texts.quote(join(rest)) + " in " + phase.text());
    }

    /** As written and configured: {@code default} or {@code cacheless,reregister}. */
    @Override
    public String toString() {
        return keywords.isEmpty() ? DEFAULT_NAME : join(keywords);
    }

    /** As fabtrun's table prints it: {@code cacheless reregister}. */
    public String words() {
        return toString().replace(',', ' ');
    }

    private static String join(List<BurstKeyword> keywords) {
        return keywords.stream().map(BurstKeyword::text).collect(Collectors.joining(","));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BurstSet other && other.set.equals(set);
    }

    @Override
    public int hashCode() {
        return set.hashCode();
    }
}

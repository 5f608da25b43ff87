package io.fabrichealth.fleet.grid;

/**
 * The fleet's own record encoding for the grid cost bench: map names, keys, cards and the seal are package-private
 * in {@code fleet}, and the bench must measure the bytes the agents really write, not a copy that drifts. Lives in
 * the bench jar only (same package name, so nothing in {@code fleet} opens up for it).
 */
public final class BenchRecords {
    public static final String SWEPT = GridMaps.SWEPT;
    public static final String NODES = GridMaps.NODES;
    public static final String FABRIC = GridMaps.FABRIC;
    public static final String CARDS = GridMaps.CARDS;

    private BenchRecords() {
    }

    /** The value as {@link GridSweepShare} and {@link Fleet} write it: signed when the seal has a secret. */
    public static String seal(Seal seal, String json) {
        return seal.seal(json);
    }

    public static String open(Seal seal, String value) {
        return seal.open(value);
    }

    public static String cardJson(Card card) {
        return card.toJson();
    }

    /** The swept and claims maps' key of a node. */
    public static String key(long guid) {
        return GridSweepShare.hex(guid);
    }
}

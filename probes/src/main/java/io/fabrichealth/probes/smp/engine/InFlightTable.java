package io.fabrichealth.probes.smp.engine;

/**
 * Outstanding attempts by the low 32 bits of their TID: open addressing over a power-of-two table, no boxing.
 * At most {@link EngineSettings#MAX_WINDOW} entries are live, so the table never fills.
 */
final class InFlightTable {
    private static final int SIZE = 1024;
    private static final int MASK = SIZE - 1;

    private final Exchange[] slots = new Exchange[SIZE];
    private int size;

    Exchange get(int tid) {
        for (int i = mix(tid); ; i = (i + 1) & MASK) {
            Exchange e = slots[i];
            if (e == null) {
                return null;
            }
            if (e.tid == tid) {
                return e;
            }
        }
    }

    void put(Exchange ex) {
        int i = mix(ex.tid);
        while (slots[i] != null) {
            i = (i + 1) & MASK;
        }
        slots[i] = ex;
        size++;
    }

    /** Removes the entry for {@code ex.tid}, shifting later entries of its cluster back (linear probing). */
    void remove(Exchange ex) {
        int i = mix(ex.tid);
        while (slots[i] != ex) {
            if (slots[i] == null) {
                return;
            }
            i = (i + 1) & MASK;
        }
        slots[i] = null;
        size--;
        for (int j = (i + 1) & MASK; slots[j] != null; j = (j + 1) & MASK) {
            Exchange moved = slots[j];
            int home = mix(moved.tid);
            // Move it back into the hole unless its home lies cyclically within (i, j].
            boolean stays = i <= j ? (home > i && home <= j) : (home > i || home <= j);
            if (!stays) {
                slots[i] = moved;
                slots[j] = null;
                i = j;
            }
        }
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Live exchanges, for abandoning them. */
    void drainTo(java.util.function.Consumer<Exchange> sink) {
        for (int i = 0; i < SIZE; i++) {
            if (slots[i] != null) {
                sink.accept(slots[i]);
                slots[i] = null;
            }
        }
        size = 0;
    }

    private static int mix(int tid) {
        return (tid * 0x9E3779B9) >>> 22; // Fibonacci hashing to 10 bits
    }
}

package io.fabrichealth.probes.smp.engine;

/**
 * Attempts' deadlines in the order they were sent (one timeout for all, so also in deadline order), as parallel
 * arrays in a ring: a send adds no object. An entry is stale once its exchange was answered or resent under another
 * TID; stale entries are skipped from the head.
 */
final class DeadlineRing {
    private Exchange[] exchanges = new Exchange[256];
    private int[] tids = new int[256];
    private long[] at = new long[256];
    private int head;
    private int size;

    void addLast(Exchange ex, int tid, long deadline) {
        if (size == exchanges.length) {
            grow();
        }
        int i = (head + size) & (exchanges.length - 1);
        exchanges[i] = ex;
        tids[i] = tid;
        at[i] = deadline;
        size++;
    }

    /** Drops stale entries from the head; true when a live one is left there. */
    boolean skipStale() {
        while (size > 0) {
            Exchange ex = exchanges[head];
            if (ex.inFlight && ex.tid == tids[head]) {
                return true;
            }
            pollFirst();
        }
        return false;
    }

    /** The head's exchange, deadline and TID; call only after {@link #skipStale()} said true. */
    Exchange firstExchange() {
        return exchanges[head];
    }

    long firstDeadline() {
        return at[head];
    }

    int firstTid() {
        return tids[head];
    }

    void pollFirst() {
        exchanges[head] = null;
        head = (head + 1) & (exchanges.length - 1);
        size--;
    }

    void clear() {
        while (size > 0) {
            pollFirst();
        }
        head = 0;
    }

    private void grow() {
        int n = exchanges.length;
        Exchange[] e = new Exchange[n * 2];
        int[] t = new int[n * 2];
        long[] a = new long[n * 2];
        for (int k = 0; k < size; k++) {
            int i = (head + k) & (n - 1);
            e[k] = exchanges[i];
            t[k] = tids[i];
            a[k] = at[i];
        }
        exchanges = e;
        tids = t;
        at = a;
        head = 0;
    }
}

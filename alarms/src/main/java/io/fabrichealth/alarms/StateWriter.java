package io.fabrichealth.alarms;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Saves the alarm state off the probe threads, coalescing: however many changes arrive while a save is queued,
 * the save writes the state as it is when it runs. A failing disk is reported once per run of failures.
 */
final class StateWriter implements AutoCloseable {
    private final AlarmStore store;
    private final Supplier<List<Alarm>> snapshot;
    private final Consumer<String> problems;
    private final AtomicBoolean queued = new AtomicBoolean();
    private final ExecutorService thread;
    private volatile boolean failing;

    StateWriter(AlarmStore store, Supplier<List<Alarm>> snapshot, Consumer<String> problems) {
        this.store = store;
        this.snapshot = snapshot;
        this.problems = problems;
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fabric-health-alarm-writer");
            t.setDaemon(true);
            return t;
        });
    }

    void request() {
        if (queued.compareAndSet(false, true)) {
            thread.execute(this::save);
        }
    }

    /** Waits until every change requested so far is on disk (or failed and was reported). */
    void flush() {
        try {
            thread.submit(() -> { }).get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            problems.accept("alarm state not flushed to " + store.file() + ": " + e);
        }
    }

    @Override
    public void close() {
        flush();
        thread.shutdown();
        try {
            thread.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void save() {
        queued.set(false); // changes from now on queue another save
        try {
            store.save(snapshot.get());
            failing = false;
        } catch (IOException | RuntimeException e) {
            if (!failing) {
                failing = true;
                problems.accept("cannot save alarms to " + store.file() + " (" + e + "); alarms still work but "
                        + "will not survive a restart. Make agent.stateDir writable");
            }
        }
    }
}

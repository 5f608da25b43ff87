package io.fabrichealth.mbeans.alarms;

import io.fabrichealth.probes.AlarmSink;

/** Probes report by kind name; the one alarm model applies hysteresis and keeps the state. */
public final class BookSink implements AlarmSink {
    private final AlarmBook book;

    public BookSink(AlarmBook book) {
        this.book = book;
    }

    @Override
    public void observe(String kind, String subject, boolean bad, String details) {
        book.observe(AlarmKind.parse(kind), subject, bad, details);
    }

    @Override
    public void raise(String kind, String subject, String details) {
        book.raise(AlarmKind.parse(kind), subject, details);
    }
}

package io.fabrichealth.agent;

import io.fabrichealth.mbeans.alarms.AlarmBook;
import io.fabrichealth.mbeans.alarms.AlarmKind;
import io.fabrichealth.probes.AlarmSink;

/** Probes report by kind name; the one alarm model applies hysteresis and keeps the state. */
final class BookSink implements AlarmSink {
    private final AlarmBook book;

    BookSink(AlarmBook book) {
        this.book = book;
    }

    @Override
    public void observe(String kind, String subject, boolean bad, String details) {
        book.observe(AlarmKind.valueOf(kind), subject, bad, details);
    }

    @Override
    public void raise(String kind, String subject, String details) {
        book.raise(AlarmKind.valueOf(kind), subject, details);
    }
}

package io.fabrichealth.alarms;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock the test moves by hand, so RaisedAt and LastSeenAt can be asserted exactly. */
final class TestClock extends Clock {
    private Instant now;

    TestClock(Instant start) {
        this.now = start;
    }

    TestClock() {
        this(Instant.parse("2026-11-21T10:00:00Z"));
    }

    Instant advance(Duration d) {
        now = now.plus(d);
        return now;
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}

package io.fabrichealth.alarms;

/** Consecutive bad and good observations of one kind on one subject: the state hysteresis needs. */
final class Streak {
    private int bad;
    private int good;

    int bad() {
        bad++;
        good = 0;
        return bad;
    }

    int good() {
        good++;
        bad = 0;
        return good;
    }
}

package io.fabrichealth.config;

/** ITU X.733 perceived severities, most severe first. */
public enum Severity {
    CRITICAL,
    MAJOR,
    MINOR,
    WARNING
}

package io.fabrichealth.testbed.guest;

/** The guest could not be built or booted, or died without reporting; the message says what to do next. */
public final class GuestException extends RuntimeException {

    public GuestException(String message) {
        super(message);
    }

    public GuestException(String message, Throwable cause) {
        super(message, cause);
    }
}

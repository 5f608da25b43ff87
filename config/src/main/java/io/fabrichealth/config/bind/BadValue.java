package io.fabrichealth.config.bind;

/** Thrown by {@link ScalarType#parse} when the text does not fit; the optional hint ends up in the error line. */
public final class BadValue extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String hint;

    public BadValue(String hint) {
        super(hint, null, false, false);
        this.hint = hint;
    }

    public BadValue() {
        this(null);
    }

    /** Extra help for the user ("port 70000 is above 65535"), or {@code null}. */
    public String hint() {
        return hint;
    }
}

package io.fabrichealth.probes.mad;

/**
 * A well-formed GetResp whose MAD status is not zero. IBA 13.4.7 leaves the attribute data of such a
 * response undefined, so the decoders refuse it instead of returning a record full of meaningless
 * zeros (a zero counter would read as "healthy"). The header is kept so the caller can match the TID
 * and report the status code.
 */
public final class MadStatusException extends MadDecodeException {

    private static final long serialVersionUID = 1L;

    /** IBA status bit 0: the responder is busy; retry later. */
    public static final int BUSY = 0x0001;
    /** IBA status bit 1: redirection required (the data holds a ClassPortInfo with the new address). */
    public static final int REDIRECT = 0x0002;

    private final transient MadHeader header;

    MadStatusException(MadHeader header) {
        super(String.format("%s for class 0x%02x attribute 0x%04x modifier 0x%x carries MAD status 0x%04x (%s)",
                MadMethods.describe(header.method()), header.mgmtClass(), header.attributeId(),
                header.attributeModifier(), header.status(), reason(header.status())));
        this.header = header;
    }

    /** The status as IBA defines it: 16 bits, or 15 for a directed-route SMP (the D bit removed). */
    public int status() {
        return header.status();
    }

    public MadHeader header() {
        return header;
    }

    public boolean isBusy() {
        return (status() & BUSY) != 0;
    }

    public boolean isRedirect() {
        return (status() & REDIRECT) != 0;
    }

    /** Bits 2-4: 0 = none, 1 = bad version, 2 = method, 3 = method/attribute combination, 7 = attribute or modifier value. */
    public int invalidFieldCode() {
        return (status() >>> 2) & 0x7;
    }

    /** Bits 8-14: meaning defined by the management class. */
    public int classSpecificStatus() {
        return (status() >>> 8) & 0x7F;
    }

    /** A short explanation of a status value, in the words of IBA 13.4.7 table 110. */
    public static String reason(int status) {
        StringBuilder text = new StringBuilder();
        if ((status & BUSY) != 0) {
            text.append("busy, retry later; ");
        }
        if ((status & REDIRECT) != 0) {
            text.append("redirect required, read ClassPortInfo for the new address; ");
        }
        switch ((status >>> 2) & 0x7) {
            case 0 -> { }
            case 1 -> text.append("bad base or class version; ");
            case 2 -> text.append("method not supported; ");
            case 3 -> text.append("method/attribute combination not supported; ");
            case 7 -> text.append("invalid attribute or attribute modifier value (e.g. a port number past NumPorts); ");
            default -> text.append("reserved invalid-field code ").append((status >>> 2) & 0x7).append("; ");
        }
        if ((status >>> 8 & 0x7F) != 0) {
            text.append("class-specific status 0x").append(Integer.toHexString(status >>> 8 & 0x7F)).append("; ");
        }
        return text.length() == 0 ? "no error" : text.substring(0, text.length() - 2);
    }
}

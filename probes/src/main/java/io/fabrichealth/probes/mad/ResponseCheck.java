package io.fabrichealth.probes.mad;

/**
 * What every attribute decoder checks before it reads data: a version-1 MAD of the right class, a
 * GetResp, the expected attribute, and a zero status. The checks run in that order so the message
 * names the first thing that is wrong.
 */
final class ResponseCheck {

    private ResponseCheck() {
    }

    /** An SMP GetResp, LID-routed or directed-route. */
    static MadReader smp(MadReader r, int attributeId, String attributeName) throws MadDecodeException {
        return smp(r, MadHeader.read(r), attributeId, attributeName);
    }

    /** The same, with the header {@code r} holds already read (the receive path reads it once). */
    static MadReader smp(MadReader r, MadHeader h, int attributeId, String attributeName) throws MadDecodeException {
        version(h);
        if (!Mad.isSubnetManagement(h.mgmtClass())) {
            throw new MadDecodeException(String.format(
                    "%s is an SMP attribute but MgmtClass is 0x%02x, not 0x01 or 0x81", attributeName, h.mgmtClass()));
        }
        rest(h, attributeId, attributeName);
        return r;
    }

    /** A PerfMgt GetResp. */
    static MadReader pma(MadReader r, int attributeId, String attributeName) throws MadDecodeException {
        return pma(r, MadHeader.read(r), attributeId, attributeName);
    }

    /** The same, with the header {@code r} holds already read. */
    static MadReader pma(MadReader r, MadHeader h, int attributeId, String attributeName) throws MadDecodeException {
        version(h);
        if (h.mgmtClass() != Mad.CLASS_PERF_MGMT) {
            throw new MadDecodeException(String.format(
                    "%s is a PerfMgt attribute but MgmtClass is 0x%02x, not 0x04", attributeName, h.mgmtClass()));
        }
        rest(h, attributeId, attributeName);
        return r;
    }

    private static void version(MadHeader h) throws MadDecodeException {
        if (h.baseVersion() != Mad.BASE_VERSION) {
            throw new MadDecodeException(String.format(
                    "not a MAD: BaseVersion is %d, expected 1; does the offset skip the 64-byte ib_user_mad header?",
                    h.baseVersion()));
        }
    }

    private static void rest(MadHeader h, int attributeId, String attributeName) throws MadDecodeException {
        if (h.classVersion() != Mad.CLASS_VERSION) {
            throw new MadDecodeException(String.format(
                    "ClassVersion %d of class 0x%02x is not supported; only version 1 is", h.classVersion(), h.mgmtClass()));
        }
        if (h.method() != MadMethods.GET_RESP) {
            String hint = h.method() == MadMethods.GET
                    ? "; this is the request itself (umad hands a timed-out send back this way: check the umad status)"
                    : "";
            throw new MadDecodeException(String.format("expected GetResp (0x81) but the method is %s (0x%02x)%s",
                    MadMethods.describe(h.method()), h.method(), hint));
        }
        if (h.attributeId() != attributeId) {
            throw new MadDecodeException(String.format(
                    "expected %s (attribute 0x%04x) but the MAD carries attribute 0x%04x; decode it with the matching record",
                    attributeName, attributeId, h.attributeId()));
        }
        if (h.status() != 0) {
            throw new MadStatusException(h);
        }
    }
}

package io.fabrichealth.jni.fabric;

/** enum fi_ep_type values the binding opens. */
public enum EndpointType {
    MSG(1),
    RDM(3);

    final int value;

    EndpointType(int value) {
        this.value = value;
    }

    static EndpointType of(long value) {
        for (EndpointType t : values()) {
            if (t.value == value) {
                return t;
            }
        }
        throw new IllegalArgumentException("endpoint type " + value + " is neither FI_EP_MSG nor FI_EP_RDM");
    }
}

package io.fabrichealth.probes.smp.fabric;

/** A cable between two ports, as discovery found it: node GUID and port number at each end. */
public record Link(long guidA, int portA, long guidB, int portB) {

    /** The same link with its ends ordered (lower GUID, then lower port, first), for comparing link sets. */
    public Link normalized() {
        if (Long.compareUnsigned(guidA, guidB) < 0 || (guidA == guidB && portA <= portB)) {
            return this;
        }
        return new Link(guidB, portB, guidA, portA);
    }

    @Override
    public String toString() {
        return String.format("0x%016x/%d <-> 0x%016x/%d", guidA, portA, guidB, portB);
    }
}

package io.fabrichealth.jni;

/**
 * One libfabric provider as fi_getinfo reports it.
 *
 * @param name         provider name, e.g. "tcp", "tcp;ofi_rxm", "shm"
 * @param endpointType "MSG", "DGRAM", "RDM", ... ("UNSPEC" or "TYPE_n" when libfabric says so)
 * @param rma          the entry has FI_RMA (remote put/get)
 */
public record FabricProvider(String name, String endpointType, boolean rma) {
    private static final String[] ENDPOINT_TYPES = {"UNSPEC", "MSG", "DGRAM", "RDM", "SOCK_STREAM", "SOCK_DGRAM"};

    /** Called from C with enum fi_ep_type as a number. */
    static FabricProvider fromNative(String name, int endpointType, boolean rma) {
        String type = endpointType >= 0 && endpointType < ENDPOINT_TYPES.length
                ? ENDPOINT_TYPES[endpointType] : "TYPE_" + endpointType;
        return new FabricProvider(name, type, rma);
    }
}

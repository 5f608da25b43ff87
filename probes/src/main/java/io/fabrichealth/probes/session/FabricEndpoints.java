package io.fabrichealth.probes.session;

import io.fabrichealth.config.EndpointType;
import io.fabrichealth.jni.fabric.FabricHints;
import io.fabrichealth.jni.fabric.Flags;

/** The config's endpoint type in libfabric's own numbers: the one place the two meet. */
public final class FabricEndpoints {
    private FabricEndpoints() {
    }

    /** enum fi_ep_type for the type. */
    public static int fiType(EndpointType type) {
        return switch (type) {
            case MSG -> Flags.FI_EP_MSG;
            case RDM -> Flags.FI_EP_RDM;
        };
    }

    /** Messages and RMA both ways on the provider, every MR mode the binding handles. */
    public static FabricHints rmaHints(String provider, EndpointType type) {
        return FabricHints.rma(provider, fiType(type));
    }
}

package io.fabrichealth.jni.fabric;

import java.util.Objects;

/**
 * What to ask fi_getinfo for.
 *
 * @param provider   provider name as fi_info prints it ("tcp", "tcp;ofi_rxm", "sockets")
 * @param type       enum fi_ep_type: {@link Flags#FI_EP_MSG} (connected) or {@link Flags#FI_EP_RDM} (reliable datagram)
 * @param caps       FI_MSG | FI_RMA | ... (see {@link Flags})
 * @param mrMode     the FI_MR_* modes this application can handle; the provider picks what it needs
 * @param node       host to listen on (with {@code source}) or to connect to; null for any
 * @param service    port, as text; null for any
 * @param source     FI_SOURCE: node/service name the local address (a listener)
 * @param msgOrder   FI_ORDER_* wanted on tx and rx; 0 for none
 * @param txOpFlags  default flags of transmit operations (e.g. FI_DELIVERY_COMPLETE); 0 for the provider's
 */
public record FabricHints(String provider, int type, long caps, int mrMode, String node, String service,
        boolean source, long msgOrder, long txOpFlags) {

    /** Every memory-registration mode the binding handles (see {@link MemoryRegion}). */
    public static final int MR_MODES_HANDLED = Flags.FI_MR_LOCAL | Flags.FI_MR_VIRT_ADDR | Flags.FI_MR_ALLOCATED
            | Flags.FI_MR_PROV_KEY | Flags.FI_MR_ENDPOINT;

    public FabricHints {
        Objects.requireNonNull(provider, "provider");
        if (type != Flags.FI_EP_MSG && type != Flags.FI_EP_RDM) {
            throw new IllegalArgumentException("endpoint type " + type + " is neither FI_EP_MSG nor FI_EP_RDM");
        }
    }

    /** Messages and RMA both ways, every MR mode handled, no address yet. */
    public static FabricHints rma(String provider, int type) {
        return new FabricHints(provider, type, Flags.FI_MSG | Flags.FI_RMA, MR_MODES_HANDLED, null, null, false, 0, 0);
    }

    /** Where to connect to: the initiator's side. */
    public FabricHints destination(String host, int port) {
        return new FabricHints(provider, type, caps, mrMode, host, Integer.toString(port), false, msgOrder, txOpFlags);
    }

    /** Where to listen: the target's side (FI_SOURCE; RDM listeners must name 127.0.0.1, not null). */
    public FabricHints sourceAt(String host, int port) {
        return new FabricHints(provider, type, caps, mrMode, host, port == 0 ? null : Integer.toString(port), true,
                msgOrder, txOpFlags);
    }

    /** The endpoint type as people write it: MSG or RDM. */
    public String typeName() {
        return type == Flags.FI_EP_RDM ? "RDM" : "MSG";
    }

    public FabricHints withMsgOrder(long order) {
        return new FabricHints(provider, type, caps, mrMode, node, service, source, order, txOpFlags);
    }

    public FabricHints withTxOpFlags(long flags) {
        return new FabricHints(provider, type, caps, mrMode, node, service, source, msgOrder, flags);
    }
}

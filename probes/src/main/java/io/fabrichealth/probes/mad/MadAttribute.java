package io.fabrichealth.probes.mad;

/** A decoded attribute of a GetResp; {@link MadResponse#decode} returns one of these. */
public sealed interface MadAttribute
        permits NodeInfo, NodeDescription, SwitchInfo, PortInfo, LinearForwardingTable, ClassPortInfo, PortCounters,
        PortCountersExtended {
}

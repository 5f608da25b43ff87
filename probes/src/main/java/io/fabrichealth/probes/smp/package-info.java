/**
 * The SMP sweep: discovery, PortInfo and PMA counters of every port, per-port health, through libibumad.
 *
 * <p>{@link io.fabrichealth.probes.smp.SmpSweepProbe} is the {@link io.fabrichealth.probes.Probe} the schedules run
 * (family {@code smp-sweep}); each sweep publishes an immutable {@link io.fabrichealth.probes.smp.SmpSnapshot}
 * (nodes, ports, engine counters, RTTs) for the MBeans and reports PortDown, LinkFlapping, LinkDegraded, ErrorThreshold and
 * MadTimeouts to the {@link io.fabrichealth.probes.AlarmSink} once per subject and sweep.
 *
 * <ul>
 *   <li>{@code engine}: the windowed, single-threaded MAD engine (per-destination and local windows, own
 *       deadlines, retries with fresh TIDs, a MAD/s cap, counters, HdrHistogram RTTs) over a
 *       {@code MadTransport}; {@code UmadTransport} refuses anything but Get.</li>
 *   <li>{@code fabric}: directed-route discovery as libibnetdisc does it, the LID-routed PMA reads, and the
 *       {@code FabricMap} that remembers nodes across sweeps (a vanished node keeps being asked, and turns silent).</li>
 *   <li>{@code health}: pure rules: iblinkinfo's "Could be" degradation, 64-bit counter books with reset
 *       detection, ibqueryerrors' thresholds (value above threshold), the OK/WARN/CRIT verdict, flapping against
 *       down ({@code Flapping}), and the PortXmitWait ranking ({@code Congestion}).</li>
 *   <li>{@code route}: LinearForwardingTable blocks read on demand through the engine, routes traced as ibtracert
 *       does, and suspect cables by set intersection ({@code SuspectLinks}).</li>
 * </ul>
 *
 * <p>Decisions worth knowing:
 * <ul>
 *   <li>Degradation follows iblinkinfo exactly (Supported masks of both ends, extended speeds only when both ends
 *       have IsExtendedSpeedsSupported), so an Active speed above Enabled (ibsim's quirk) is not degraded. FDR10
 *       (Mellanox ExtendedPortInfo) is not queried.</li>
 *   <li>ErrorThreshold compares the current counter value with the threshold, as ibqueryerrors does; the breach
 *       lasts until the counters are cleared. Deltas are reported beside it. PortXmitWait is congestion only.</li>
 *   <li>A counter that goes down is a reset by someone else: the book re-baselines, the delta is 0, never
 *       negative. {@code resetNearSaturation} cannot work in a monitor that sends no Set; it is reported in the
 *       snapshot's notes instead.</li>
 *   <li>A port whose PortInfo was not read in a sweep is not observed for port alarms (a lost MAD neither raises
 *       nor clears them); a node that answers nothing is observed bad for MadTimeouts.</li>
 *   <li>In a fleet ({@link io.fabrichealth.probes.smp.SweepShare}) one member discovers now and then and publishes
 *       the node list ({@link io.fabrichealth.probes.smp.FabricNode}, with each port's Supported masks, so a link
 *       whose far end another member owns is still judged for "Could be"); each member sweeps by LID only the
 *       nodes it owns and holds the claim of, and its snapshot, alarms and metrics cover only those. Records
 *       cross the grid as strict, versioned JSON ({@link io.fabrichealth.probes.smp.SmpJson}). Alone
 *       ({@code SweepShare.ALONE}) every sweep is a discovery of everything, as before.</li>
 * </ul>
 */
package io.fabrichealth.probes.smp;

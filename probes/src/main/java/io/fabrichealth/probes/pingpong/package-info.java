/**
 * Ping-pongs that validate every byte (rds-stress's protocol, and krping's loop for verbs).
 *
 * <p>Shape: {@link io.fabrichealth.probes.pingpong.PingPongService} owns this agent's
 * {@link io.fabrichealth.probes.pingpong.PingPongResponder} (passive for every peer, a TCP control listener on
 * pingpong.listen) and runs the active side against a peer ({@link io.fabrichealth.probes.pingpong.PingPongProbe}
 * for schedules). A run negotiates {@link io.fabrichealth.probes.pingpong.Terms} over the control connection
 * (HELLO with the active side's task addresses, WELCOME with the passive side's, DONE, RESULT with the
 * responder's counts), then each active task keeps {@code depth} requests outstanding to every passive task. Every
 * message starts with a {@link io.fabrichealth.probes.pingpong.Header} (magic, version, sizes, sequence, CRC32C)
 * and carries a {@link io.fabrichealth.probes.pingpong.PayloadPattern} derived from (session, task, sequence); the
 * responder checks requests and acks at once, the initiator checks acks. A broken header is counted by kind and
 * dropped; a payload that differs raises Corruption with the offset of the first bad byte.
 *
 * <p>Transports plug in as a {@link io.fabrichealth.probes.pingpong.DataPlane} (request/ack channels: libfabric in
 * {@code fabric}, AF_RDS in {@code rds}) or a {@link io.fabrichealth.probes.pingpong.LoopPlane} (verbs in
 * {@code verbs}, krping's READ/WRITE loop).
 *
 * <p>Traps, all seen here:
 * <ul>
 *   <li>RDS picks its transport from the bound address: both ends bind the control connection's own addresses,
 *       and the initiator connects from pingpong.listen's host, or a local peer would ride rds loopback.</li>
 *   <li>libfabric tcp MSG: a provider progresses a listener only when its event queue is read, so a responder
 *       with several tasks must read all their queues in turn; sequential accepts deadlock.</li>
 *   <li>SO_SNDBUF is capped by net.core.wmem_max: with many large messages in flight RDS answers ENOBUFS, which
 *       is counted as congestion and the sender waits for acks (nothing is lost).</li>
 *   <li>PeerUnreachable: every run is one observation; the alarm model's hysteresis
 *       ({@code alarms.hysteresis.PeerUnreachable}) is the only count of misses.</li>
 * </ul>
 */
package io.fabrichealth.probes.pingpong;

/**
 * The real-kernel guest: boots the host's Debian kernel (RDS, rds_tcp, rds_rdma, rdma_rxe) under QEMU TCG and
 * runs a shell script in it, so RDS and verbs code is tested against a real kernel on a host that has neither.
 *
 * <p>{@link io.fabrichealth.testbed.guest.Guest#prepare} unpacks vmlinux and builds a tiny initramfs once;
 * {@link io.fabrichealth.testbed.guest.Guest#run} boots (about 4 s), mounts the host's / read-only over virtio 9p
 * under a tmpfs overlay, runs the script and powers off. Output and exit status come back on their own serial
 * ports. {@link io.fabrichealth.testbed.guest.GuestPair} boots two guests joined by a virtual wire.
 *
 * <p>Traps, all seen here:
 * <ul>
 *   <li>No KVM: everything runs under TCG, and each process start in the guest costs 20 ms (static) to
 *       100+ ms (dynamic, libraries read over 9p). Keep scripts to few processes.</li>
 *   <li>Busy-polling peers (perftest, rping) need two vCPUs: on one, ib_send_lat reports 4 ms, the scheduler tick.
 *       Guests get {@code -smp 2}; a {@link io.fabrichealth.testbed.guest.GuestPair} gets one vCPU each.</li>
 *   <li>rxe inside a network namespace comes up PORT_ACTIVE but never connects on 6.1 (its UDP socket lives in
 *       the initial namespace): use dummy0 or eth0 in the initial namespace for verbs.</li>
 *   <li>RDS drops a message sent to a port nobody has bound yet, and closing a socket drops what it has not sent
 *       (a reply may still wait for a fresh connection): clients retry, servers linger before close.</li>
 * </ul>
 */
package io.fabrichealth.testbed.guest;

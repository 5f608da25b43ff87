package io.fabrichealth.testbed.guest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Two guests booted side by side as two "hosts", their eth0 joined by a QEMU socket netdev over loopback UDP.
 * Each script brings its side up with {@code fh_eth_setup $FH_ETH_A} (or B) from the prelude.
 *
 * @param a the result of the first guest's script
 * @param b the result of the second guest's script
 */
public record GuestPair(GuestResult a, GuestResult b) {

    /** Boots both guests at once and waits for both; each spec keeps its own timeout. */
    public static GuestPair run(GuestImage image, GuestSpec a, GuestSpec b) {
        int[] ports = freeUdpPorts();
        ExecutorService boots = Executors.newFixedThreadPool(2);
        try {
            Future<GuestResult> first = boots.submit(() -> Guest.run(image, joined(a, ports[0], ports[1], 1)));
            Future<GuestResult> second = boots.submit(() -> Guest.run(image, joined(b, ports[1], ports[0], 2)));
            // get() on both before looking at either failure, so that no guest outlives this call.
            Throwable failure = null;
            GuestResult[] results = new GuestResult[2];
            List<Future<GuestResult>> both = List.of(first, second);
            for (int i = 0; i < 2; i++) {
                try {
                    results[i] = both.get(i).get();
                } catch (ExecutionException e) {
                    failure = failure == null ? e.getCause() : failure;
                }
            }
            if (failure != null) {
                throw failure instanceof RuntimeException r ? r : new GuestException(failure.toString(), failure);
            }
            return new GuestPair(results[0], results[1]);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GuestException("interrupted while two guests ran", e);
        } finally {
            boots.shutdownNow();
        }
    }

    private static GuestSpec joined(GuestSpec spec, int localPort, int peerPort, int index) {
        List<String> args = new ArrayList<>(List.of(
                // One vCPU each: two guests already take both host cores.
                "-smp", "1",
                "-netdev", "socket,id=fhnet,udp=127.0.0.1:" + peerPort + ",localaddr=127.0.0.1:" + localPort,
                // Distinct MACs: QEMU gives every NIC the same default one.
                "-device", "virtio-net-pci,netdev=fhnet,mac=52:54:00:fe:00:0" + index));
        args.addAll(spec.extraQemuArgs());
        return new GuestSpec(spec.script(), spec.sharedRw(), spec.memoryMiB(), spec.timeout(), args);
    }

    /** Two UDP ports free on loopback now; QEMU binds them a moment later. */
    private static int[] freeUdpPorts() {
        try (DatagramSocket one = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
             DatagramSocket two = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            return new int[] {one.getLocalPort(), two.getLocalPort()};
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find free UDP ports on loopback", e);
        }
    }
}

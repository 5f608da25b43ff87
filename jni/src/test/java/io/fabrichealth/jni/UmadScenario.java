package io.fabrichealth.jni;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.awaitility.Awaitility;

/**
 * Child JVM main, run under umad2sim against the parent's ibsim (attached at Hca1, whose port
 * the parent gave LID {@code args[1]}). Drives the ibsim console itself ({@code args[0]}) where
 * a step needs a fault, and prints what it saw as key=value lines for the parent to check.
 * {@code args[2]} is ibsim's pid, so a step can see when ibsim has taken a console command.
 */
public final class UmadScenario {
    private static final int CYCLES = 1000;

    private UmadScenario() {
    }

    public static void main(String[] args) throws Exception {
        Path console = Path.of(args[0]);
        int ownLid = Integer.parseInt(args[1]);
        long ibsimPid = Long.parseLong(args[2]);
        ByteBuffer rx = ByteBuffer.allocateDirect(UmadPort.MAD_SIZE);

        Report.println("cas=" + Umad.caNames());
        CaInfo ca = Umad.ca(null);
        print("ca.nodeGuid", hex(ca.nodeGuid()));
        print("ca.port1.lid", ca.port(1).lid());
        print("ca.port1.guid", hex(ca.port(1).portGuid()));

        UmadPort port = Umad.open(null, 0);
        int dr = port.registerAgent(UmadPort.CLASS_SMP_DIRECTED_ROUTE, 1);
        int lid = port.registerAgent(UmadPort.CLASS_SMP_LID_ROUTED, 1);
        int pma = port.registerAgent(UmadPort.CLASS_PERF_MGT, 1);
        print("agents", dr + "," + lid + "," + pma);

        exchange("dr0", port, dr, TestMads.drNodeInfo(0xAB000001L), MadAddress.directedRoute(), rx, 2000);
        print("dr0.nodeGuid", hex(rx.getLong(TestMads.NODE_GUID_OFFSET)));
        exchange("dr1", port, dr, TestMads.drNodeInfo(0xAB000002L, 1), MadAddress.directedRoute(), rx, 2000);
        print("dr1.nodeGuid", hex(rx.getLong(TestMads.NODE_GUID_OFFSET)));
        exchange("lid", port, lid, TestMads.lidNodeInfo(0xAB000003L), MadAddress.lidRoutedSmp(ownLid), rx, 2000);
        print("lid.nodeGuid", hex(rx.getLong(TestMads.NODE_GUID_OFFSET)));
        exchange("pma", port, pma, TestMads.pmaClassPortInfo(0xAB000004L), MadAddress.gsi(ownLid), rx, 2000);
        print("pma.attribute", rx.getShort(16));

        // Eight out at once, then as many per recvBatch as are queued: each slot its own receipt and MAD.
        ByteBuffer slots = ByteBuffer.allocateDirect(8 * UmadPort.RECV_SLOT_SIZE);
        for (int i = 0; i < 8; i++) {
            port.send(dr, TestMads.drNodeInfo(0xAB100000L + i), MadAddress.directedRoute());
        }
        java.util.TreeSet<String> tids = new java.util.TreeSet<>();
        java.util.TreeSet<String> receipts = new java.util.TreeSet<>();
        int calls = 0;
        int most = 0;
        for (int got = 0; got < 8 && calls < 50; calls++) {
            int n = port.recvBatch(slots, 8 - got, 2000);
            most = Math.max(most, n);
            for (int i = 0; i < n; i++) {
                long packed = slots.getLong(i * UmadPort.RECV_SLOT_SIZE);
                int mad = i * UmadPort.RECV_SLOT_SIZE + UmadPort.RECV_SLOT_MAD;
                tids.add(String.format("0x%08x", slots.getInt(mad + 12)));
                receipts.add("length " + MadReceipt.packedLength(packed) + " status " + MadReceipt.packedStatus(packed)
                        + " agent " + MadReceipt.packedAgentId(packed) + " method " + String.format("0x%02x",
                        slots.get(mad + 3)));
            }
            got += n;
        }
        print("batch.tids", String.join(",", tids));
        print("batch.receipts", String.join(",", receipts));
        print("batch.calls", calls);
        print("batch.most", most);

        // ibsim reads the console and the MADs in one loop: retry until the fault is in place.
        console(console, "Error \"Hca1\"[1] 100 17");
        AtomicInteger attempts = new AtomicInteger();
        Awaitility.await("ibsim drops NodeInfo").atMost(Duration.ofSeconds(30)).pollInSameThread()
                .pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(100)).until(() -> {
                    attempts.incrementAndGet();
                    return exchange("drop", port, dr, TestMads.drNodeInfo(0xAB000005L), MadAddress.directedRoute(),
                            rx, 2000);
                }, dropped -> dropped == null || dropped.status() != 0);
        print("drop.attempts", attempts.get());
        console(console, "Error \"Hca1\"[1] 0 17");

        try {
            port.send(dr, ByteBuffer.allocate(UmadPort.MAD_SIZE), MadAddress.directedRoute());
        } catch (IllegalArgumentException e) {
            print("heap.message", e.getMessage());
        }

        console(console, "Wait 3");
        // Let ibsim take the command before the MAD arrives: it stalls in nanosleep (idle, it waits in poll).
        Awaitility.await("ibsim stalls on Wait 3").atMost(Duration.ofSeconds(30)).pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(5)).until(() -> Files.readString(Path.of("/proc/" + ibsimPid + "/wchan"))
                        .contains("nanosleep"));
        port.send(dr, TestMads.drNodeInfo(0xAB000006L), MadAddress.directedRoute());
        long start = System.nanoTime();
        MadReceipt stalled = port.recv(rx, 500);
        print("stall.receipt", stalled);
        print("stall.waitedMillis", (System.nanoTime() - start) / 1_000_000);

        start = System.nanoTime();
        port.close(); // the answer ibsim still owes must be drained, or umad2sim crashes the JVM
        print("close.millis", (System.nanoTime() - start) / 1_000_000);
        port.close();
        print("closedTwice.isOpen", port.isOpen());
        try {
            port.recv(rx, 0);
        } catch (IllegalStateException e) {
            print("afterClose.message", e.getMessage());
        }

        long fdsBefore = OpenFds.count();
        start = System.nanoTime();
        for (int i = 0; i < CYCLES; i++) {
            Umad.open(null, 0).close();
        }
        print("cycles.millis", (System.nanoTime() - start) / 1_000_000);
        print("cycles.fdDelta", OpenFds.count() - fdsBefore);

        try (UmadPort again = Umad.open(null, 0)) {
            int agent = again.registerAgent(UmadPort.CLASS_SMP_DIRECTED_ROUTE, 1);
            exchange("reopen", again, agent, TestMads.drNodeInfo(0xAB000007L), MadAddress.directedRoute(), rx, 5000);
        }
        print("done", true);
    }

    private static MadReceipt exchange(String step, UmadPort port, int agent, ByteBuffer request, MadAddress to,
            ByteBuffer rx, int timeoutMs) {
        long start = System.nanoTime();
        port.send(agent, request, to);
        MadReceipt receipt = port.recv(rx, timeoutMs);
        print(step + ".micros", (System.nanoTime() - start) / 1000);
        print(step + ".receipt", receipt);
        if (receipt != null) {
            print(step + ".status", receipt.status());
            print(step + ".agent", receipt.agentId());
            print(step + ".remoteLid", receipt.remoteLid());
            print(step + ".method", String.format("0x%02x", rx.get(3)));
            print(step + ".tidLow", String.format("0x%08x", rx.getInt(12)));
        }
        return receipt;
    }

    private static void console(Path fifo, String command) throws IOException {
        Files.writeString(fifo, command + "\n", StandardCharsets.US_ASCII, StandardOpenOption.APPEND);
    }

    private static String hex(long guid) {
        return String.format("0x%016x", guid);
    }

    private static void print(String key, Object value) {
        Report.println(key + "=" + value);
    }
}

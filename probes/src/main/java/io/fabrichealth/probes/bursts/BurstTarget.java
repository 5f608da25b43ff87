package io.fabrichealth.probes.bursts;

import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.BurstsConfig;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.jni.fabric.EventQueue;
import io.fabrichealth.jni.fabric.FabricHints;
import io.fabrichealth.jni.fabric.FabricInfo;
import io.fabrichealth.jni.fabric.FabricInstance;
import io.fabrichealth.jni.fabric.PassiveEndpoint;
import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.probes.session.FabricEndpoints;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * This agent's burst target: a listener on {@code bursts.listen}. MSG: a passive endpoint whose
 * connection requests each become a session on a thread of their own. RDM: a listening endpoint
 * that takes HELLOs and answers each from a fresh endpoint of the session's own.
 */
public final class BurstTarget implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(BurstTarget.class.getName());

    private final BurstsConfig config;
    private final BurstBudget budget;
    private final AlarmSink alarms;
    private final FireDrill drill;
    private final ExecutorService sessions;
    private final Thread listener;
    private volatile boolean running = true;
    private volatile Throwable listenFailure;
    private final java.util.concurrent.CountDownLatch ready = new java.util.concurrent.CountDownLatch(1);

    private BurstTarget(BurstsConfig config, BurstBudget budget, AlarmSink alarms, FireDrill drill) {
        this.config = config;
        this.budget = budget;
        this.alarms = alarms;
        this.drill = drill;
        this.sessions = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "burst-target-session");
            t.setDaemon(true);
            return t;
        });
        this.listener = new Thread(this::listen, "burst-target " + config.listen());
        this.listener.setDaemon(true);
    }

    /** Starts listening; throws when the listen address cannot be bound (what to change is in the message). */
    public static BurstTarget start(BurstsConfig config, BurstBudget budget, AlarmSink alarms, FireDrill drill) {
        BurstTarget target = new BurstTarget(config, budget, alarms, drill);
        target.listener.start();
        try {
            if (!target.ready.await(10, TimeUnit.SECONDS)) {
                target.close();
                throw new BurstFailure("the burst target on " + config.listen() + " did not start within 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            target.close();
            throw new BurstFailure("interrupted while starting the burst target");
        }
        if (target.listenFailure != null) {
            target.close();
            throw new BurstFailure("cannot listen for bursts on " + config.listen() + " with provider '"
                    + config.provider() + "' (" + config.endpoint() + "): " + target.listenFailure.getMessage()
                    + "; check bursts.listen is a free local address", target.listenFailure);
        }
        return target;
    }

    public FireDrill drill() {
        return drill;
    }

    private FabricHints hints() {
        return FabricEndpoints.rmaHints(config.provider(), config.endpoint());
    }

    private void listen() {
        try {
            if (config.endpoint() == EndpointType.MSG) {
                listenMsg();
            } else {
                listenRdm();
            }
        } catch (Throwable t) {
            listenFailure = t;
            ready.countDown();
            if (running) {
                LOG.log(Level.SEVERE, "burst target on " + config.listen() + " stopped", t);
            }
        }
    }

    private void listenMsg() {
        try (FabricInfo info = Link.getinfo(hints().sourceAt(config.listen().host(), config.listen().port()));
                FabricInstance fabric = new FabricInstance(info)) {
            EventQueue eq = new EventQueue(fabric);
            PassiveEndpoint pep = new PassiveEndpoint(fabric, info);
            pep.bind(eq);
            pep.listen();
            ready.countDown();
            while (running) {
                // A connection request wakes this at once; the timeout only bounds how long close() waits for
                // the loop to notice. Each idle wake-up costs CPU, so they are rare.
                EventQueue.Event event = eq.read(Duration.ofSeconds(1));
                if (event == null || event.type() != EventQueue.FI_CONNREQ || event.info() == null) {
                    if (event != null && event.info() != null) {
                        event.info().close();
                    }
                    continue;
                }
                FabricInfo request = event.info();
                sessions.execute(() -> serveMsg(fabric, request));
            }
            sessions.shutdown();
            awaitSessions();
        }
    }

    private void serveMsg(FabricInstance fabric, FabricInfo request) {
        try (Link link = Link.accept(fabric, request, false, 0, TargetSession.window(config))) {
            new TargetSession(link, config, budget, alarms, drill).serve(null, 0);
        } catch (RuntimeException e) {
            LOG.log(Level.INFO, "burst session ended: {0}", e.getMessage());
        }
    }

    private void listenRdm() {
        try (Link listen = Link.rdm(hints(), config.listen().host(), config.listen().port(), false, 0, 4)) {
            ready.countDown();
            listen.handler(new Link.Handler() {
                @Override
                void onMessage(ByteBuffer m, int at) {
                    if (Wire.type(m, at) != Wire.HELLO) {
                        return;
                    }
                    ByteBuffer hello = ByteBuffer.allocateDirect(Wire.SIZE).order(java.nio.ByteOrder.LITTLE_ENDIAN);
                    hello.put(0, m, at, Wire.SIZE);
                    sessions.execute(() -> serveRdm(hello));
                }

                @Override
                String peerName() {
                    return "an initiator (RDM listener on " + config.listen() + ")";
                }

                /** A damaged HELLO is dropped: its initiator's set fails waiting for a WELCOME. */
                @Override
                void onDamaged(WireException damaged) {
                    if (damaged.corruption()) {
                        alarms.raise(AlarmKind.Corruption, "unknown initiator", damaged.details());
                    }
                    LOG.log(Level.WARNING, "{0}", damaged.details());
                }

                @Override
                void onRma(int slot) {
                }
            });
            while (running) {
                if (listen.poll() == 0) {
                    sleepQuietly();
                }
            }
            sessions.shutdown();
            awaitSessions();
        }
    }

    private void serveRdm(ByteBuffer hello) {
        try (Link link = Link.rdm(hints(), config.listen().host(), 0, false, 0, TargetSession.window(config))) {
            link.peer(Wire.address(hello, 0));
            new TargetSession(link, config, budget, alarms, drill).serve(hello, 0);
        } catch (RuntimeException e) {
            LOG.log(Level.INFO, "burst session ended: {0}", e.getMessage());
        }
    }

    private static void sleepQuietly() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void awaitSessions() {
        try {
            sessions.awaitTermination(config.maxDuration().toMillis() + 10_000, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops listening; sessions in progress end within their own time budget. */
    @Override
    public void close() {
        running = false;
        ready.countDown();
        try {
            listener.join(config.maxDuration().toMillis() + 15_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        sessions.shutdownNow();
    }
}

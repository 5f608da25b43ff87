package io.fabrichealth.probes.bursts;

import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.BurstPhase;
import io.fabrichealth.config.BurstSet;
import io.fabrichealth.config.BurstsConfig;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.probes.smp.route.PathAlarms;
import io.fabrichealth.probes.smp.route.PathEvidence;
import io.fabrichealth.probes.smp.route.PathWatch;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The agent's bursts: its target (listener) and the initiator side of suites aimed at peers, inside
 * one budget. Results go to listeners (the MBeans); Corruption and BurstFailed go to the alarm sink.
 */
public final class BurstService implements AutoCloseable {
    private volatile BurstsConfig config;
    private final AlarmSink alarms;
    private final BurstBudget budget;
    private final FireDrill drill = new FireDrill();
    private final String agentId = UUID.randomUUID().toString();
    private final AtomicLong bursts = new AtomicLong();
    private final List<BurstListener> listeners = new CopyOnWriteArrayList<>();
    private volatile BurstTarget target;
    private volatile PathWatch paths = PathWatch.NONE;

    public BurstService(BurstsConfig config, AlarmSink alarms) {
        this.config = config;
        this.alarms = alarms;
        this.budget = new BurstBudget(config.maxConcurrent());
    }

    public BurstsConfig config() {
        return config;
    }

    /**
     * A reloaded config: sets, sizes, window and caps apply from the next burst. The target keeps its listen
     * address and the budget its size until the agent restarts.
     */
    public void configure(BurstsConfig next) {
        this.config = next;
    }

    /** Starts this agent's target on bursts.listen. */
    public synchronized void startTarget() {
        if (target == null) {
            target = BurstTarget.start(config, budget, alarms, drill);
        }
    }

    /** The target's fire drill (also when the target is not started: it arms the next session). */
    public FireDrill drill() {
        return drill;
    }

    public BurstBudget budget() {
        return budget;
    }

    /**
     * Traces each test's path through the fabric and reads its ports before and after the test, so the result shows
     * the path and its Corruption and BurstFailed alarms name the suspect cables.
     */
    public void watchPaths(PathWatch watch) {
        this.paths = watch;
    }

    public void addListener(BurstListener listener) {
        listeners.add(listener);
    }

    /**
     * Runs the configured suite against {@code peer}, as fabtrun does: phase get's sets, then put's, each in the
     * order configured. When the target refuses a test (another initiator holds it, or its budget is spent) the
     * suite stops there: the tests left are SKIPPED without asking again, and the next slot retries the whole suite.
     */
    public SuiteResult runSuite(HostPort peer) {
        List<BurstResult> results = new ArrayList<>();
        BurstsConfig config = this.config;
        List<BurstPlan> plans = new ArrayList<>();
        for (BurstPhase phase : BurstPhase.values()) {
            for (BurstSet set : config.suite().sets(phase)) {
                plans.add(BurstPlan.of(config, phase, set));
            }
        }
        BurstResult refusal = null;
        for (int i = 0; i < plans.size(); i++) {
            BurstPlan plan = plans.get(i);
            if (refusal != null) {
                results.add(report(peer, plan, BurstResult.notRun(peer.toString(), plan, BurstResult.Outcome.SKIPPED,
                        "not run: the target refused the " + refusal.testName() + " test", Instant.now())));
                continue;
            }
            BurstResult r = runTest(peer, plan, i < plans.size() - 1);
            results.add(r);
            if (r.refusedByTarget()) {
                refusal = r;
            }
        }
        SuiteResult suite = new SuiteResult(peer.toString(), Instant.now(), results,
                config.cancelDelay() == null ? java.time.Duration.ZERO : config.cancelDelay());
        listeners.forEach(l -> l.onSuite(suite));
        return suite;
    }

    /** One test, {@code set} in {@code phase}, against {@code peer}, inside the budget: SKIPPED when the budget refuses. */
    public BurstResult runSet(HostPort peer, BurstPhase phase, BurstSet set) {
        return runTest(peer, BurstPlan.of(config, phase, set), false);
    }

    /** @param more tests of the same suite follow: the target stays held for this agent until the next one */
    private BurstResult runTest(HostPort peer, BurstPlan plan, boolean more) {
        String burstId = agentId + ":" + bursts.incrementAndGet();
        String[] why = new String[1];
        BurstResult result;
        try (BurstBudget.Permit permit = budget.initiate(peer.toString(), burstId, why)) {
            if (permit == null) {
                result = BurstResult.notRun(peer.toString(), plan, BurstResult.Outcome.SKIPPED, why[0], Instant.now());
            } else {
                PathWatch.Bracket path = paths.before(peer);
                PathAlarms runAlarms = new PathAlarms(alarms);
                result = plan.cacheless() ? CachelessRunner.run(plan, peer, identity(), burstId, more, runAlarms)
                        : new BurstInitiator(plan, peer, identity(), burstId, more, runAlarms).run();
                PathEvidence onPath = path.after(result.outcome() == BurstResult.Outcome.FAIL
                        || runAlarms.corrupted());
                runAlarms.amend(onPath);
                result = result.with(onPath);
            }
        }
        return report(peer, plan, result);
    }

    private BurstResult report(HostPort peer, BurstPlan plan, BurstResult result) {
        boolean failed = result.outcome() == BurstResult.Outcome.FAIL;
        String onPath = result.path().known() ? "; " + result.path().text() : "";
        alarms.observe(AlarmKind.BurstFailed, peer + " " + plan.testName(), failed,
                failed ? result.reason() + onPath : "ok");
        listeners.forEach(l -> l.onResult(result));
        return result;
    }

    /** How this agent names itself to targets: its own listen address. */
    String identity() {
        return config.listen().toString();
    }

    @Override
    public synchronized void close() {
        if (target != null) {
            target.close();
            target = null;
        }
    }
}

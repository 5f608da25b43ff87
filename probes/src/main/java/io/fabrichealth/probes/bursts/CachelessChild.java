package io.fabrichealth.probes.bursts;

import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.BurstPhase;
import io.fabrichealth.config.BurstSet;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.jni.fabric.FabricLibrary;
import io.fabrichealth.alarms.AlarmSink;
import java.time.Duration;
import java.util.List;

/**
 * Main class of the cacheless helper JVM (see {@link CachelessRunner}): runs one initiator burst and
 * prints key=value lines, among them the FI_* environment libfabric was initialised with.
 */
public final class CachelessChild {
    private CachelessChild() {
    }

    static List<String> arguments(BurstPlan plan, HostPort target, String identity, String burstId, boolean more) {
        return List.of(target.toString(), plan.provider(), plan.type().name(), Integer.toString(plan.segments()),
                Integer.toString(plan.segmentSize()), Integer.toString(plan.window()), Long.toString(plan.maxBytes()),
                Long.toString(plan.maxDuration().toMillis()), Long.toString(plan.stallTimeout().toMillis()), identity,
                burstId, Boolean.toString(more), plan.phase().name(), plan.set().toString(),
                Long.toString(plan.cancelDelay().toMillis()));
    }

    public static void main(String[] args) {
        // The agent wrote these arguments from a plan it had already checked; the set is its config text.
        BurstPlan plan = new BurstPlan(BurstPhase.valueOf(args[12]), BurstSet.parse(args[13]), args[1],
                EndpointType.valueOf(args[2]), Integer.parseInt(args[3]), Integer.parseInt(args[4]),
                Integer.parseInt(args[5]), Long.parseLong(args[6]), Duration.ofMillis(Long.parseLong(args[7])),
                Duration.ofMillis(Long.parseLong(args[14])), Duration.ofMillis(Long.parseLong(args[8])));
        StringBuilder out = new StringBuilder();
        // Alarms raised here go back to the agent, which raises them through its own alarm model.
        AlarmSink forward = new AlarmSink() {
            private int n;

            @Override
            public void observe(AlarmKind kind, String subject, boolean bad, String details) {
            }

            @Override
            public void raise(AlarmKind kind, String subject, String details) {
                out.append("alarm.").append(n++).append('=').append(kind.name()).append('\t').append(subject.replace('\t', ' '))
                        .append('\t').append(details.replace('\n', ' ').replace('\t', ' ')).append('\n');
            }
        };
        BurstResult r = new BurstInitiator(plan, HostPort.parse(args[0]), args[9], args[10],
                Boolean.parseBoolean(args[11]), forward).run();
        out.append("pid=").append(ProcessHandle.current().pid()).append('\n');
        FabricLibrary.environmentAtInit().forEach((k, v) -> out.append("env.").append(k).append('=').append(v).append('\n'));
        out.append("outcome=").append(r.outcome().name()).append('\n');
        out.append("reason=").append(r.reason().replace('\n', ' ')).append('\n');
        out.append("bytes=").append(r.bytes()).append('\n');
        out.append("ops=").append(r.ops()).append('\n');
        out.append("nanos=").append(r.duration().toNanos()).append('\n');
        out.append("capped=").append(r.capped()).append('\n');
        r.facts().forEach((k, v) -> out.append("fact.").append(k).append('=').append(v.replace('\n', ' ')).append('\n'));
        System.out.print(out);
        System.out.flush();
    }
}

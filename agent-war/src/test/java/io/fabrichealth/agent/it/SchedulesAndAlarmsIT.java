package io.fabrichealth.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Schedules and alarms on a real Payara Micro, driven the way an operator would: over Jolokia HTTP. The probe is a
 * real libfabric burst suite aimed at the agent's own target on loopback (tcp provider).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SchedulesAndAlarmsIT {
    static final String SCHEDULE = "fabric.health:type=Schedule,name=bursts";
    static final String ALARMS = "fabric.health:type=Alarms";

    @TempDir
    static Path work;
    static Path config;
    static HostProcess payara;
    static Jolokia jolokia;
    static int burstPort;
    static int pingpongPort;

    @BeforeAll
    static void boot() throws Exception {
        burstPort = HostProcess.freePort();
        pingpongPort = HostProcess.freePort();
        config = work.resolve("agent.yaml");
        Files.writeString(config, config("1h", "{get: [default], put: [default]}", "64G", "1s"));
        start("payara-1");
    }

    static void start(String dir) throws Exception {
        payara = HostProcess.start(work.resolve(dir), config, Map.of(), List.of());
        jolokia = new Jolokia(payara.httpPort);
    }

    static String config(String every, String suite, String maxBytes, String maxDuration) {
        return """
                agent:
                  stateDir: %s
                jmx:
                  enabled: false
                fabric:
                  mode: hardware
                bursts:
                  listen: 127.0.0.1:%d
                  suite: %s
                  maxBytes: %s
                  maxDuration: %s
                pingpong:
                  listen: 127.0.0.1:%d
                schedules:
                  - name: bursts
                    probe: bursts
                    every: %s
                    jitter: 0%%
                  - name: pingpong
                    probe: pingpong
                    every: 1h
                    jitter: 0%%
                """.formatted(work.resolve("state"), burstPort, suite, maxBytes, maxDuration, pingpongPort, every);
    }

    @AfterAll
    static void stop() {
        if (payara != null) {
            payara.close();
        }
    }

    @Test
    @Order(1)
    void runNowRunsTheProbeAndTheScheduleMBeanUpdates() throws Exception {
        awaitValue(SCHEDULE, "Runs", v -> ((Number) v).longValue() >= 1); // the first run comes soon after start
        long before = ((Number) read(SCHEDULE, "Runs")).longValue();
        exec(SCHEDULE, "runNow"); // the next would be in an hour
        awaitValue(SCHEDULE, "Runs", v -> ((Number) v).longValue() >= before + 1);
        assertThat(read(SCHEDULE, "LastResult")).as((String) read(SCHEDULE, "LastSummary")).isEqualTo("PASS");
        assertThat(((Number) read(SCHEDULE, "LastDurationMillis")).longValue()).isPositive();
        assertThat((String) read(SCHEDULE, "LastFireTime")).isNotEmpty();
        String burst = "fabric.health:type=Burst,peer=\"127.0.0.1:" + burstPort + "\",phase=get,set=default";
        assertThat(read(burst, "Result")).isEqualTo("ok");
    }

    @Test
    @Order(2)
    void aCorruptionAlarmIsRaisedPulledAsANotificationAndSurvivesARestart() throws Exception {
        Notifications notes = Notifications.subscribe(jolokia, ALARMS);
        exec("fabric.health:type=BurstTarget", "corruptNextPayloads", 1);
        exec(SCHEDULE, "runNow");
        Map<String, Object> alarm = awaitAlarm("Corruption");
        assertThat((String) alarm.get("details")).contains("offset");
        List<Map<String, Object>> raised = notes.pullUntil(n -> "fabric.health.alarm.raised".equals(n.get("type")));
        assertThat(raised).anySatisfy(n -> assertThat(String.valueOf(n.get("userData"))).contains("Corruption"));

        payara.close();
        start("payara-2");
        Map<String, Object> again = awaitAlarm("Corruption");
        assertThat(again.get("id")).isEqualTo(alarm.get("id"));
        assertThat(again.get("raisedAt")).as("RaisedAt survives the restart").isEqualTo(alarm.get("raisedAt"));
        assertThat(again.get("acknowledged")).isEqualTo(false);
    }

    @Test
    @Order(3)
    void acknowledgingTheCorruptionClearsItAndSaysSo() throws Exception {
        Notifications notes = Notifications.subscribe(jolokia, ALARMS);
        Map<String, Object> alarm = awaitAlarm("Corruption");
        exec(ALARMS, "acknowledge", alarm.get("id"), "it-test");
        assertThat(notes.pullUntil(n -> "fabric.health.alarm.cleared".equals(n.get("type"))))
                .anySatisfy(n -> assertThat(n.get("type")).isEqualTo("fabric.health.alarm.acknowledged"));
        assertThat(activeAlarms()).noneMatch(a -> a.get("kind").equals("Corruption"));
        assertThat(((Number) read(ALARMS, "AcknowledgedCount")).longValue()).isEqualTo(1);
    }

    @Test
    @Order(4)
    void aReloadChangesTheIntervalLiveAndASlowProbeMisfiresInsteadOfOverlapping() throws Exception {
        // Each set now runs until its 1 s time cap (the byte cap is out of reach), so a run takes about 3 s: past
        // the 1 s interval and Quartz's 1 s misfire threshold, so skipped slots are misfires, not merely late runs.
        Files.writeString(config, config("1s", "{get: [default], put: [default, contiguous]}", "64G", "1s"));
        assertThat((String) exec("fabric.health:type=Config", "reload")).contains("accepted");
        assertThat(((Number) read(SCHEDULE, "IntervalSeconds")).longValue()).isEqualTo(1);
        long before = ((Number) read(SCHEDULE, "Runs")).longValue();
        awaitValue(SCHEDULE, "Runs", v -> ((Number) v).longValue() >= before + 3);
        // Each suite takes longer than the 1 s interval: the next slots are skipped and counted, never run twice.
        awaitValue(SCHEDULE, "Misfires", v -> ((Number) v).longValue() > 0);
        assertThat(read(SCHEDULE, "LastResult")).as((String) read(SCHEDULE, "LastSummary")).isEqualTo("PASS");
        assertThat((String) read(SCHEDULE, "LastSummary")).as("the reload reached the burst service")
                .contains("3 tests, 3 succeeded");
        assertThat(((Number) read("fabric.health:type=Agent", "JobOverruns")).longValue()).isPositive();
    }

    @Test
    @Order(5)
    void pauseStopsTheSchedule() throws Exception {
        exec(SCHEDULE, "pause");
        assertThat(read(SCHEDULE, "Paused")).isEqualTo(true);
        // Let a run in progress finish: Runs stands still for 3 s and for twice the last suite's duration.
        long quiet = Math.max(3000, 2 * ((Number) read(SCHEDULE, "LastDurationMillis")).longValue());
        AtomicLong seen = new AtomicLong(-1);
        Awaitility.await("no run in progress").atMost(Duration.ofSeconds(120)).during(Duration.ofMillis(quiet))
                .pollInterval(Duration.ofMillis(200)).until(() -> {
                    long now = ((Number) read(SCHEDULE, "Runs")).longValue();
                    return seen.getAndSet(now) == now;
                });
        long runs = ((Number) read(SCHEDULE, "Runs")).longValue();
        Thread.sleep(3000); // the scenario: three 1 s slots pass while paused
        assertThat(((Number) read(SCHEDULE, "Runs")).longValue()).isEqualTo(runs);
        exec(SCHEDULE, "resume");
        assertThat(read(SCHEDULE, "Paused")).isEqualTo(false);
    }

    @Test
    @Order(6)
    void aPingPongRunValidatesEveryByteAndShowsThePeerReachable() throws Exception {
        String schedule = "fabric.health:type=Schedule,name=pingpong";
        awaitValue(schedule, "Runs", v -> ((Number) v).longValue() >= 1);
        long before = ((Number) read(schedule, "Runs")).longValue();
        exec(schedule, "runNow");
        awaitValue(schedule, "Runs", v -> ((Number) v).longValue() >= before + 1);
        assertThat(read(schedule, "LastResult")).as((String) read(schedule, "LastSummary")).isEqualTo("PASS");
        String pingpong = "fabric.health:type=PingPong,transport=fabric,peer=\"127.0.0.1:" + pingpongPort + "\"";
        assertThat(read(pingpong, "PeerReachable")).isEqualTo(true);
        assertThat(((Number) read(pingpong, "Acked")).longValue()).isPositive();
        assertThat(((Number) read(pingpong, "Corruptions")).longValue()).isZero();
    }

    @Test
    @Order(7)
    void prometheusTextExpositionCarriesTheAgentsMetrics() throws Exception {
        Jolokia.Answer metrics = jolokia.send("GET", "/metrics", null);
        assertThat(metrics.httpStatus()).isEqualTo(200);
        assertThat(metrics.body())
                .contains("# HELP fabric_health_probe_runs_total")
                .contains("# TYPE fabric_health_probe_runs_total counter")
                .contains("fabric_health_probe_runs_total{family=\"bursts\"}")
                .contains("fabric_health_alarms_acknowledged_total 1.0")
                .contains("fabric_health_schedule_last_success{family=\"bursts\",schedule=\"bursts\"} 1.0")
                .contains("fabric_health_burst_ok{peer=\"127.0.0.1:" + burstPort + "\",phase=\"put\",set=\"contiguous\"} 1.0");
    }

    // --- small helpers over Jolokia ---

    static Object read(String mbean, String attribute) throws Exception {
        Jolokia.Answer a = jolokia.post("{\"type\":\"read\",\"mbean\":" + json(mbean) + ",\"attribute\":\"" + attribute + "\"}");
        assertThat(a.status()).as(a.body()).isEqualTo(200);
        return a.value();
    }

    static Object exec(String mbean, String op, Object... args) throws Exception {
        StringBuilder arr = new StringBuilder("[");
        for (Object o : args) {
            arr.append(arr.length() > 1 ? "," : "").append(o instanceof Number ? o.toString() : json(String.valueOf(o)));
        }
        Jolokia.Answer a = jolokia.post("{\"type\":\"exec\",\"mbean\":" + json(mbean) + ",\"operation\":\"" + op
                + "\",\"arguments\":" + arr + "]}");
        assertThat(a.status()).as(a.body()).isEqualTo(200);
        return a.value();
    }

    static String json(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    static void awaitValue(String mbean, String attribute, Predicate<Object> done) throws Exception {
        AtomicReference<Object> v = new AtomicReference<>();
        try {
            Awaitility.await(mbean + " " + attribute).atMost(Duration.ofSeconds(120)).pollDelay(Duration.ZERO)
                    .pollInterval(Duration.ofMillis(200)).until(() -> {
                        v.set(read(mbean, attribute));
                        return done.test(v.get());
                    });
        } catch (ConditionTimeoutException e) {
            throw new AssertionError(mbean + " " + attribute + " stayed at " + v.get() + "; the MBean: "
                    + jolokia.post("{\"type\":\"read\",\"mbean\":" + json(mbean) + "}").body(), e);
        }
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> activeAlarms() throws Exception {
        return (List<Map<String, Object>>) read(ALARMS, "ActiveAlarms");
    }

    static Map<String, Object> awaitAlarm(String kind) throws Exception {
        try {
            return Awaitility.await("a " + kind + " alarm").atMost(Duration.ofSeconds(120)).pollDelay(Duration.ZERO)
                    .pollInterval(Duration.ofMillis(200)).until(() -> activeAlarms().stream()
                            .filter(a -> kind.equals(a.get("kind"))).findFirst(), Optional::isPresent).orElseThrow();
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("no " + kind + " alarm; schedule says " + read(SCHEDULE, "LastSummary"), e);
        }
    }
}

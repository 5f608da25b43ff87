package io.fabrichealth.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

/** Jolokia pull notifications, as the README's curl session does them: register, add, then pull from the store. */
final class Notifications {
    private final Jolokia jolokia;
    private final String client;
    private final String handle;
    private final String store;
    private final List<Map<String, Object>> seen = new ArrayList<>();

    private Notifications(Jolokia jolokia, String client, String handle, String store) {
        this.jolokia = jolokia;
        this.client = client;
        this.handle = handle;
        this.store = store;
    }

    @SuppressWarnings("unchecked")
    static Notifications subscribe(Jolokia jolokia, String mbean) throws Exception {
        Jolokia.Answer reg = jolokia.post("{\"type\":\"notification\",\"command\":\"register\"}");
        assertThat(reg.status()).as(reg.body()).isEqualTo(200);
        Map<String, Object> value = (Map<String, Object>) reg.value();
        String client = (String) value.get("id");
        Map<String, Object> pull = (Map<String, Object>) ((Map<String, Object>) value.get("backend")).get("pull");
        String store = (String) pull.get("store");
        Jolokia.Answer add = jolokia.post("{\"type\":\"notification\",\"command\":\"add\",\"client\":\"" + client
                + "\",\"mode\":\"pull\",\"mbean\":\"" + mbean + "\"}");
        assertThat(add.status()).as(add.body()).isEqualTo(200);
        return new Notifications(jolokia, client, String.valueOf(add.value()), store);
    }

    /** Pulls until one notification matches; returns everything pulled so far. */
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> pullUntil(Predicate<Map<String, Object>> match) throws Exception {
        try {
            Awaitility.await("a matching notification").atMost(Duration.ofSeconds(60)).pollDelay(Duration.ZERO)
                    .pollInterval(Duration.ofMillis(200)).until(() -> pulledOneMatching(match));
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("no matching notification; pulled " + seen, e);
        }
        return List.copyOf(seen);
    }

    @SuppressWarnings("unchecked")
    private boolean pulledOneMatching(Predicate<Map<String, Object>> match) throws Exception {
        Jolokia.Answer a = jolokia.post("{\"type\":\"exec\",\"mbean\":\"" + store.replace("\"", "\\\"")
                + "\",\"operation\":\"pull\",\"arguments\":[\"" + client + "\",\"" + handle + "\"]}");
        assertThat(a.status()).as(a.body()).isEqualTo(200);
        Object v = a.value();
        if (v instanceof Map<?, ?> m && m.get("notifications") instanceof List<?> list) {
            for (Object n : list) {
                seen.add((Map<String, Object>) n);
            }
        }
        return seen.stream().anyMatch(match);
    }
}

package io.fabrichealth.cli;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jolokia.json.JSONArray;
import org.jolokia.json.JSONObject;
import org.jolokia.json.JSONStructure;
import org.jolokia.json.parser.JSONParser;

/** The CLI's view of a running agent: Jolokia requests over HTTP, with errors that say what to do. */
public final class AgentClient {
    public static final String DEFAULT_URL = "http://127.0.0.1:8778/jolokia";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
    private final String url;

    public AgentClient(String url) {
        this.url = url.endsWith("/") ? url : url + "/";
    }

    /** A Jolokia request of this type on this MBean; the caller adds "attribute", "operation" and the like. */
    public static JSONObject newRequest(String type, String mbean) {
        JSONObject request = new JSONObject();
        request.put("type", type);
        request.put("mbean", mbean);
        return request;
    }

    /**
     * Posts one Jolokia request, or a bulk {@link JSONArray} of them, and returns its {@code value} (a list of
     * values for a bulk request); a Jolokia error becomes an IOException.
     */
    public Object request(JSONStructure request, Duration timeout) throws IOException {
        HttpRequest req = HttpRequest.newBuilder(URI.create(url)).timeout(timeout)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(request.toJSONString())).build();
        HttpResponse<String> resp;
        try {
            resp = http.send(req, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IOException("no agent answers at " + url + " (" + e.getMessage()
                    + "): start it with ./fabric-health run, or pass --jolokia URL", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        Object parsed;
        try {
            parsed = new JSONParser().parse(resp.body());
        } catch (Exception e) {
            throw new IOException("the agent at " + url + " answered HTTP " + resp.statusCode() + " with no JSON: "
                    + abbreviate(resp.body()), e);
        }
        if (parsed instanceof JSONArray bulk) { // a bulk request: one answer per request, in order
            List<Object> values = new ArrayList<>();
            for (Object one : bulk) {
                values.add(value(one));
            }
            return values;
        }
        return value(parsed);
    }

    private static Object value(Object answer) throws IOException {
        if (!(answer instanceof JSONObject m)) {
            throw new IOException("the agent answered something other than a Jolokia response: " + abbreviate(String.valueOf(answer)));
        }
        Object status = m.get("status");
        if (!(status instanceof Number n) || n.intValue() != 200) {
            throw new Refused("the agent refused: " + m.get("error"), String.valueOf(m.get("error_type")));
        }
        return m.get("value");
    }

    /** Jolokia's error answer; {@code errorType} is the exception's class, e.g. java.lang.IllegalArgumentException. */
    public static final class Refused extends IOException {
        private final String errorType;

        Refused(String message, String errorType) {
            super(message);
            this.errorType = errorType;
        }

        public String errorType() {
            return errorType;
        }
    }

    private static String abbreviate(String s) {
        String first = s.lines().findFirst().orElse("");
        return first.length() > 200 ? first.substring(0, 200) + "..." : first;
    }
}

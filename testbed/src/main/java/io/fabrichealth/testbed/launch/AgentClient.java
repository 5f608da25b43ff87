package io.fabrichealth.testbed.launch;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.jolokia.json.JSONObject;
import org.jolokia.json.parser.JSONParser;

/** The CLI's view of a running agent: Jolokia requests over HTTP, with errors that say what to do. */
public final class AgentClient {
    public static final String DEFAULT_URL = "http://127.0.0.1:8778/jolokia";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
    private final String url;

    public AgentClient(String url) {
        this.url = url.endsWith("/") ? url : url + "/";
    }

    /** Posts one Jolokia request and returns its {@code value}; a Jolokia error becomes an IOException. */
    public Object request(String json, Duration timeout) throws IOException {
        HttpRequest req = HttpRequest.newBuilder(URI.create(url)).timeout(timeout)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build();
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
        Map<String, Object> answer;
        try {
            answer = new JSONParser().parse(resp.body(), JSONObject.class);
        } catch (Exception e) {
            throw new IOException("the agent at " + url + " answered HTTP " + resp.statusCode() + " with no JSON: "
                    + resp.body().lines().findFirst().orElse(""), e);
        }
        Object status = answer.get("status");
        if (!(status instanceof Number n) || n.intValue() != 200) {
            throw new IOException("the agent refused: " + answer.get("error"));
        }
        return answer.get("value");
    }

    /** A JSON string literal. */
    public static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}

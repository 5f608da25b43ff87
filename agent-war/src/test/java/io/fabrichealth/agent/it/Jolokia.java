package io.fabrichealth.agent.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.jolokia.json.parser.JSONParser;

/**
 * A plain HTTP/1.1 client for Jolokia. Written on a socket rather than java.net.http because the policy tests
 * must choose the client's source address (127.0.0.2 plays a foreign host), which HttpClient cannot on JDK 17.
 */
final class Jolokia {
    record Answer(int httpStatus, Map<String, Object> json, String body) {
        /** Jolokia's own status inside the JSON (403 for policy refusals, even when HTTP says 200). */
        int status() {
            Object s = json == null ? null : json.get("status");
            return s instanceof Number n ? n.intValue() : httpStatus;
        }

        Object value() {
            return json.get("value");
        }
    }

    private final int port;
    private final String from;

    Jolokia(int port) {
        this(port, "127.0.0.1");
    }

    Jolokia(int port, String from) {
        this.port = port;
        this.from = from;
    }

    Answer get(String path, String... headers) throws IOException {
        return send("GET", "/jolokia" + path, null, headers);
    }

    Answer post(String json, String... headers) throws IOException {
        return send("POST", "/jolokia/", json, headers);
    }

    Answer send(String method, String path, String body, String... headers) throws IOException {
        try (Socket s = new Socket()) {
            s.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
            s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
            s.setSoTimeout(30000);
            byte[] payload = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
            StringBuilder req = new StringBuilder(method).append(' ').append(path).append(" HTTP/1.1\r\n")
                    .append("Host: 127.0.0.1:").append(port).append("\r\nConnection: close\r\n");
            if (body != null) {
                req.append("Content-Type: application/json\r\nContent-Length: ").append(payload.length).append("\r\n");
            }
            for (String h : headers) {
                req.append(h).append("\r\n");
            }
            req.append("\r\n");
            OutputStream out = s.getOutputStream();
            out.write(req.toString().getBytes(StandardCharsets.UTF_8));
            out.write(payload);
            out.flush();
            InputStream in = s.getInputStream();
            String raw = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int status = Integer.parseInt(raw.substring(9, 12));
            int split = raw.indexOf("\r\n\r\n");
            String head = raw.substring(0, split);
            String content = raw.substring(split + 4);
            if (head.toLowerCase().contains("transfer-encoding: chunked")) {
                content = dechunk(content);
            }
            Map<String, Object> json = null;
            if (content.startsWith("{")) {
                try {
                    json = new JSONParser().parse(content, org.jolokia.json.JSONObject.class);
                } catch (Exception e) {
                    throw new IOException("not JSON: " + content, e);
                }
            }
            return new Answer(status, json, content);
        }
    }

    private static String dechunk(String s) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < s.length()) {
            int eol = s.indexOf("\r\n", i);
            int len = Integer.parseInt(s.substring(i, eol).trim(), 16);
            if (len == 0) {
                break;
            }
            out.append(s, eol + 2, eol + 2 + len);
            i = eol + 2 + len + 2;
        }
        return out.toString();
    }
}

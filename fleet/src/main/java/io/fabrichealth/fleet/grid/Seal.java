package io.fabrichealth.fleet.grid;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs every record this agent writes to the grid, and checks every record it reads, with the fleet's shared
 * secret (HMAC-SHA256). Payara Community's grid has no password and no encryption, so a host that reaches the grid
 * port could join and write; with a secret it cannot make an agent believe a card, a node list or an alarm. It does
 * not hide the records: keep the grid on a management network too. Without a secret (loopback), records are plain.
 */
public final class Seal {
    private static final String ALGORITHM = "HmacSHA256";
    private static final String MARK = "hmac-sha256:";
    private final SecretKeySpec key;

    private Seal(SecretKeySpec key) {
        this.key = key;
    }

    public static Seal none() {
        return new Seal(null);
    }

    /** Reads the secret's first line. */
    public static Seal of(Path secretFile) throws IOException {
        String secret = Files.readAllLines(secretFile, StandardCharsets.UTF_8).stream().findFirst().orElse("").strip();
        if (secret.length() < 16) {
            throw new IOException(secretFile + " holds a secret of " + secret.length() + " characters; write at least "
                    + "16 random characters on its first line (e.g. openssl rand -hex 32), the same on every agent");
        }
        return new Seal(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM));
    }

    /** The value to store for {@code json}: the JSON itself, or with its signature in front. */
    public String seal(String json) {
        return key == null ? json : MARK + mac(json) + "\n" + json;
    }

    /** @throws RecordException when the record is not signed as this agent expects */
    public String open(String value) {
        if (value == null) {
            throw new RecordException("the record is empty");
        }
        boolean signed = value.startsWith(MARK);
        if (key == null) {
            if (signed) {
                throw new RecordException("the record is signed with a fleet secret, and this agent has none: "
                        + "set fleet.secretFile to the fleet's secret");
            }
            return value;
        }
        int nl = value.indexOf('\n');
        if (!signed || nl < 0) {
            throw new RecordException("the record is not signed: every agent of this fleet needs fleet.secretFile");
        }
        String json = value.substring(nl + 1);
        byte[] got = value.substring(MARK.length(), nl).getBytes(StandardCharsets.US_ASCII);
        if (!MessageDigest.isEqual(got, mac(json).getBytes(StandardCharsets.US_ASCII))) {
            throw new RecordException("the record's signature does not match this agent's fleet secret: "
                    + "give every agent the same fleet.secretFile");
        }
        return json;
    }

    private String mac(String json) {
        try {
            Mac m = Mac.getInstance(ALGORITHM);
            m.init(key);
            return HexFormat.of().formatHex(m.doFinal(json.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JDK", e);
        }
    }
}

package dev.partnerfinancing.testcontainers;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Verifies a webhook of the service (Standard Webhooks): the {@code webhook-signature} header
 * holds space-separated {@code v1,<base64 HMAC-SHA256>} signatures over
 * {@code <webhook-id>.<webhook-timestamp>.<body>}, keyed with the base64 part of the
 * {@code whsec_...} secret; the timestamp must be within 5 minutes. Verify the exact bytes
 * received, before parsing them.
 */
public final class WebhookSignature {
  private static final Duration TOLERANCE = Duration.ofMinutes(5);

  private WebhookSignature() {}

  /** True when one of the signatures matches and the timestamp is recent. */
  public static boolean verify(String secret, String id, String timestamp, String signatureHeader, byte[] body) {
    if (secret == null || id == null || timestamp == null || signatureHeader == null) return false;
    long ts;
    try {
      ts = Long.parseLong(timestamp.trim());
    } catch (NumberFormatException e) {
      return false;
    }
    if (Duration.between(Instant.ofEpochSecond(ts), Instant.now()).abs().compareTo(TOLERANCE) > 0) return false;
    byte[] expected;
    try {
      byte[] key = Base64.getDecoder().decode(secret.startsWith("whsec_") ? secret.substring(6) : secret);
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      mac.update((id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8));
      expected = mac.doFinal(body);
    } catch (Exception e) {
      return false;
    }
    for (String sig : signatureHeader.trim().split(" +")) {
      int comma = sig.indexOf(',');
      if (comma < 0 || !sig.substring(0, comma).equals("v1")) continue;
      try {
        if (MessageDigest.isEqual(expected, Base64.getDecoder().decode(sig.substring(comma + 1)))) return true;
      } catch (IllegalArgumentException ignored) {
        // not base64: not a match
      }
    }
    return false;
  }
}

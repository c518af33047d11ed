package dev.partnerfinancing.testcontainers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A shop's test on Java: the sandbox image started by {@link PartnerFinancingSandbox}, a
 * purchase through the API (create, sandbox approve, send, deliver, payments), every step
 * confirmed by a signed webhook received on this machine.
 */
@Timeout(180)
class SandboxPurchaseTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static PartnerFinancingSandbox sandbox;
  private static HttpServer inbox;
  private static final List<JsonNode> webhooks = new CopyOnWriteArrayList<>();
  private static volatile int refused;
  private static HttpClient http;
  private static String endpoint;
  private static double readySeconds;

  @BeforeAll
  static void start() throws IOException {
    long t0 = System.nanoTime();
    sandbox = new PartnerFinancingSandbox();
    sandbox.start();
    readySeconds = (System.nanoTime() - t0) / 1e9;
    System.out.printf("sandbox ready in %.1f s at %s%n", readySeconds, sandbox.getBaseUrl());
    http = sandbox.httpClient();

    // the shop's webhook endpoint, where the sandbox reaches this machine
    inbox = HttpServer.create(new InetSocketAddress(sandbox.getHostGateway(), 0), 0);
    inbox.createContext("/hooks/financing", exchange -> {
      byte[] body = exchange.getRequestBody().readAllBytes();
      var h = exchange.getRequestHeaders();
      boolean ok = WebhookSignature.verify(sandbox.getWebhookSecret(), h.getFirst("webhook-id"), h.getFirst("webhook-timestamp"), h.getFirst("webhook-signature"), body);
      if (ok) webhooks.add(JSON.readTree(body)); else refused++;
      byte[] answer = ok ? "{\"statusCode\":\"200\",\"status\":\"OK\"}".getBytes(StandardCharsets.UTF_8) : new byte[0];
      exchange.getResponseHeaders().set("content-type", "application/json");
      exchange.sendResponseHeaders(ok ? 200 : 401, answer.length == 0 ? -1 : answer.length);
      exchange.getResponseBody().write(answer);
      exchange.close();
    });
    inbox.start();
    endpoint = sandbox.webhookUrl(inbox.getAddress().getPort(), "/hooks/financing");
  }

  @AfterAll
  static void stop() {
    if (inbox != null) inbox.stop(0);
    if (sandbox != null) sandbox.stop();
  }

  private static JsonNode call(String method, String path, String body, int expected) throws Exception {
    HttpRequest req = HttpRequest.newBuilder(URI.create(sandbox.getBaseUrl() + path))
        .timeout(Duration.ofSeconds(30))
        .header("authorization", "Bearer " + sandbox.bearer())
        .header("content-type", "application/json")
        .header("idempotency-key", java.util.UUID.randomUUID().toString())
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
        .build();
    HttpResponse<String> res = http.send(req, HttpResponse.BodyHandlers.ofString());
    assertEquals(expected, res.statusCode(), method + " " + path + ": " + res.body());
    return JSON.readTree(res.body());
  }

  private static JsonNode waitFor(String what, Predicate<JsonNode> match) throws InterruptedException {
    long deadline = System.currentTimeMillis() + 30_000;
    while (System.currentTimeMillis() < deadline) {
      for (JsonNode n : webhooks) if (match.test(n)) return n;
      assertEquals(0, refused, "a webhook failed signature verification");
      Thread.sleep(100);
    }
    throw new AssertionError("no webhook " + what + " within 30 s; got " + webhooks);
  }

  private static Predicate<JsonNode> application(String id, String stateReason) {
    return n -> id.equals(n.path("id").asText()) && stateReason.equals(n.path("stateReason").asText());
  }

  private static String order(String number) {
    return """
      {"type":"DEFERRED_PAYMENT","agreementTermsAndConditions":false,
       "customer":{"firstName":"Jana","lastName":"Novakova","email":"jana@example.com","phone":"+420777123456",
         "addresses":[{"addressType":"BILLING","name":"Jana Novakova","city":"Praha","country":"CZ","streetAddress":"Vodickova","streetNumber":"12","zip":"11000"}]},
       "order":{"number":"%s","totalPrice":{"amount":150000,"currency":"CZK"},"totalVat":[{"vatRate":21,"amount":26033,"currency":"CZK"}],
         "items":[{"code":"KTL-1","name":"Electric kettle","type":"PHYSICAL","quantity":2,"unitPrice":{"amount":60000,"currency":"CZK"},"totalPrice":{"amount":120000,"currency":"CZK"},"totalVat":{"vatRate":21,"amount":20826,"currency":"CZK"}},
                  {"code":"SHIP","name":"Delivery","type":"SHIPPING_FEE","totalPrice":{"amount":30000,"currency":"CZK"},"totalVat":{"vatRate":21,"amount":5207,"currency":"CZK"}}]},
       "merchantUrls":{"approvedRedirect":"https://shop.example/ok","rejectedRedirect":"https://shop.example/ko","notificationEndpoint":"%s"}}
      """.formatted(number, endpoint);
  }

  @Test
  void isReadyInUnder15Seconds() {
    assertTrue(readySeconds > 0 && readySeconds < 15, "ready in " + readySeconds + " s");
  }

  @Test
  void givesThePartnerItsWebhookSecretAndTheCertificate() {
    assertEquals("sandbox-shop", sandbox.getUsername());
    assertTrue(sandbox.getWebhookSecret().startsWith("whsec_"));
    assertTrue(sandbox.getCaCertificatePem().contains("BEGIN CERTIFICATE"));
    assertTrue(sandbox.getBaseUrl().startsWith("https://localhost:"));
  }

  @Test
  void runsAPurchaseConfirmedByWebhooks() throws Exception {
    String id = call("POST", "/financing/v1/applications", order("JV-" + System.currentTimeMillis()), 201).get("id").asText();
    waitFor("PROCESSING_REDIRECT_NEEDED", application(id, "PROCESSING_REDIRECT_NEEDED"));

    sandbox.approve(id);
    waitFor("READY_TO_SHIP", application(id, "READY_TO_SHIP"));

    call("PUT", "/financing/v1/applications/" + id + "/order/send", "{\"deliveryTrackingNumber\":\"PPL-1\",\"deliveryCarrier\":{\"carrierId\":\"PPL\"}}", 200);
    waitFor("READY_SHIPPED", application(id, "READY_SHIPPED"));
    call("PUT", "/financing/v1/applications/" + id + "/order/deliver", "{}", 200);
    waitFor("READY_DELIVERED", application(id, "READY_DELIVERED"));
    JsonNode payout = waitFor("PAYOUT", n -> id.equals(n.path("applicationId").asText()) && "PAYOUT".equals(n.path("type").asText()));

    JsonNode payments = call("GET", "/financing/v1/applications/" + id + "/payments?limit=50", null, 200).get("data");
    assertEquals(1, payments.size(), payments.toString());
    assertEquals("PAYOUT", payments.get(0).get("type").asText());
    assertEquals(payout.get("value"), payments.get(0).get("value"));
    assertEquals(150000, payments.get(0).get("value").get("amount").asInt());
  }

  @Test
  void rejectsThroughTheSandboxDecisionHelper() throws Exception {
    String id = call("POST", "/financing/v1/applications", order("JV-R-" + System.currentTimeMillis()), 201).get("id").asText();
    waitFor("PROCESSING_REDIRECT_NEEDED", application(id, "PROCESSING_REDIRECT_NEEDED"));
    sandbox.reject(id);
    waitFor("REJECTED", n -> id.equals(n.path("id").asText()) && "REJECTED".equals(n.path("state").asText()));
  }
}

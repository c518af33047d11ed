package dev.partnerfinancing.testcontainers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.model.ContainerNetwork;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * The Partner Financing sandbox for a shop's Java tests: one container (image
 * {@code partner-financing-sandbox}) with Kafka, the store, the API and the webhook relay,
 * SANDBOX on.
 *
 * <pre>{@code
 * try (PartnerFinancingSandbox sandbox = new PartnerFinancingSandbox()) {
 *   sandbox.start();
 *   HttpClient http = sandbox.httpClient();           // trusts the sandbox's certificate only
 *   String base = sandbox.getBaseUrl();               // https://localhost:<port>
 *   sandbox.approve(applicationId);                   // the sandbox decision helper
 * }
 * }</pre>
 *
 * The API's port is published on 127.0.0.1 only. Webhooks reach the shop's machine as
 * {@code host.docker.internal} ({@link #webhookUrl}); a receiver listens on
 * {@link #getHostGateway()}.
 */
public class PartnerFinancingSandbox extends GenericContainer<PartnerFinancingSandbox> {
  public static final String DEFAULT_IMAGE = "partner-financing-sandbox:local";
  private static final int API_PORT = 8443;
  private static final String FACTS_FILE = "/var/lib/sandbox/sandbox.json";
  private static final ObjectMapper JSON = new ObjectMapper();

  private int hostPort;
  private JsonNode facts;
  private String caCertificatePem;
  private String hostGateway;
  private SSLContext sslContext;
  private String token;
  private Instant tokenUntil = Instant.EPOCH;

  /** The image named by PF_SANDBOX_IMAGE, else partner-financing-sandbox:local. */
  public PartnerFinancingSandbox() {
    this(DockerImageName.parse(System.getenv().getOrDefault("PF_SANDBOX_IMAGE", DEFAULT_IMAGE)));
  }

  public PartnerFinancingSandbox(DockerImageName image) {
    super(image);
    withExposedPorts(API_PORT);
    withExtraHost("host.docker.internal", "host-gateway");
    waitingFor(Wait.forLogMessage(".*\\[sandbox\\] ready in.*", 1).withStartupTimeout(Duration.ofMinutes(2)));
  }

  /** The partner the sandbox creates (default: sandbox-shop with a random password). */
  public PartnerFinancingSandbox withPartner(String username, String password) {
    if (username != null) withEnv("SANDBOX_PARTNER_USERNAME", username);
    if (password != null) withEnv("SANDBOX_PARTNER_PASSWORD", password);
    return self();
  }

  /** SENT or DELIVERED (default): when the shop is paid. */
  public PartnerFinancingSandbox withPayoutTrigger(String trigger) {
    return withEnv("SANDBOX_PAYOUT_TRIGGER", trigger);
  }

  public PartnerFinancingSandbox withFeeBps(int feeBps) {
    return withEnv("SANDBOX_FEE_BPS", Integer.toString(feeBps));
  }

  /** A fixed host port for the API (default: a free one), published on 127.0.0.1. */
  public PartnerFinancingSandbox withHostPort(int port) {
    this.hostPort = port;
    return self();
  }

  @Override
  protected void configure() {
    int port = hostPort != 0 ? hostPort : freePort();
    hostPort = port;
    // gateway links and redirects name the address the shop's browser uses
    withEnv("PUBLIC_BASE_URL", "https://localhost:" + port);
    // Testcontainers publishes on every interface; the sandbox is for this machine only
    withCreateContainerCmdModifier(cmd -> cmd.getHostConfig().withPortBindings(
        new PortBinding(Ports.Binding.bindIpAndPort("127.0.0.1", port), ExposedPort.tcp(API_PORT))));
  }

  @Override
  protected void containerIsStarted(InspectContainerResponse info) {
    try {
      facts = JSON.readTree(read(FACTS_FILE));
      caCertificatePem = read(facts.get("caCertificateFile").asText());
      hostGateway = info.getNetworkSettings().getNetworks().values().stream()
          .map(ContainerNetwork::getGateway).filter(g -> g != null && !g.isEmpty()).findFirst().orElse("");
      sslContext = trusting(caCertificatePem);
    } catch (Exception e) {
      throw new IllegalStateException("the sandbox started but its facts could not be read", e);
    }
  }

  private String read(String path) throws IOException, InterruptedException {
    ExecResult res = execInContainer("cat", path);
    if (res.getExitCode() != 0) throw new IOException("cannot read " + path + " in the sandbox: " + res.getStderr());
    return res.getStdout();
  }

  private static int freePort() {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new IllegalStateException("no free port", e);
    }
  }

  private static SSLContext trusting(String pem) throws Exception {
    X509Certificate cert = (X509Certificate) CertificateFactory.getInstance("X.509")
        .generateCertificate(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)));
    KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
    trust.load(null, null);
    trust.setCertificateEntry("partner-financing-sandbox", cert);
    TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(trust);
    SSLContext ctx = SSLContext.getInstance("TLS");
    ctx.init(null, tmf.getTrustManagers(), null);
    return ctx;
  }

  /** https://localhost:&lt;port&gt;, the API as this machine reaches it. */
  public String getBaseUrl() {
    return "https://localhost:" + getMappedPort(API_PORT);
  }

  public String getPartnerId() { return facts.get("partnerId").asText(); }
  public String getUsername() { return facts.get("username").asText(); }
  public String getPassword() { return facts.get("password").asText(); }
  /** The Standard Webhooks secret ("whsec_...") the sandbox signs this partner's webhooks with. */
  public String getWebhookSecret() { return facts.get("webhookSecret").asText(); }
  public String getPayoutTrigger() { return facts.get("payoutTrigger").asText(); }
  public int getFeeBps() { return facts.get("feeBps").asInt(); }

  /** PEM of the API's self-signed certificate: trust it (and only it) in the shop's HTTPS client. */
  public String getCaCertificatePem() { return caCertificatePem; }

  /** An SSLContext that trusts the sandbox's certificate only. */
  public SSLContext getSslContext() { return sslContext; }

  /** A java.net.http client for the sandbox's API (trusting its certificate only). */
  public HttpClient httpClient() {
    return HttpClient.newBuilder().sslContext(sslContext).connectTimeout(Duration.ofSeconds(10)).build();
  }

  /**
   * The host's address on the sandbox's network (Linux: the bridge gateway, e.g. 172.17.0.1):
   * {@code host.docker.internal} resolves to it inside the sandbox. A webhook receiver in the
   * test listens here (not on every interface) to be reachable from the sandbox.
   */
  public String getHostGateway() { return hostGateway; }

  /** The notificationEndpoint for a receiver on the shop's machine at {@code port}. */
  public String webhookUrl(int port, String path) {
    return "http://host.docker.internal:" + port + (path.startsWith("/") ? path : "/" + path);
  }

  /** Approves an application waiting for the customer, as if the customer confirmed at the gateway. */
  public JsonNode approve(String applicationId) throws IOException, InterruptedException {
    return decide(applicationId, "APPROVE");
  }

  /** Rejects an application waiting for the customer (the decision rules then reject it). */
  public JsonNode reject(String applicationId) throws IOException, InterruptedException {
    return decide(applicationId, "REJECT");
  }

  /**
   * The API's sandbox decision helper (POST /financing/v1/sandbox/applications/{id}/decision):
   * confirms a PROCESSING_REDIRECT_NEEDED application with the outcome; the decision and its
   * webhooks follow. Returns the application (202); throws on any other answer.
   */
  public JsonNode decide(String applicationId, String outcome) throws IOException, InterruptedException {
    HttpResponse<String> res = call("POST", "/financing/v1/sandbox/applications/" + applicationId + "/decision",
        Map.of("outcome", outcome), bearer());
    if (res.statusCode() != 202) {
      throw new IOException("sandbox decision " + outcome + " for " + applicationId + ": HTTP " + res.statusCode() + " " + res.body());
    }
    return JSON.readTree(res.body());
  }

  /** A bearer token of the sandbox's partner (logged in on first use, renewed before it expires). */
  public synchronized String bearer() throws IOException, InterruptedException {
    if (token != null && Instant.now().isBefore(tokenUntil)) return token;
    HttpResponse<String> res = call("POST", "/authentication/v1/partner", Map.of("username", getUsername(), "password", getPassword()), null);
    if (res.statusCode() != 200) throw new IOException("sandbox login: HTTP " + res.statusCode() + " " + res.body());
    JsonNode body = JSON.readTree(res.body());
    token = body.get("accessToken").asText();
    tokenUntil = Instant.now().plusSeconds(Math.max(0, body.path("expiresIn").asLong(7200) - 60));
    return token;
  }

  private HttpResponse<String> call(String method, String path, Object body, String bearer) throws IOException, InterruptedException {
    HttpRequest.Builder req = HttpRequest.newBuilder(URI.create(getBaseUrl() + path))
        .timeout(Duration.ofSeconds(30))
        .header("content-type", "application/json")
        .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
    if (bearer != null) req.header("authorization", "Bearer " + bearer);
    return httpClient().send(req.build(), HttpResponse.BodyHandlers.ofString());
  }
}

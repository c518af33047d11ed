package partnerfinancing.published;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.sun.net.httpserver.HttpServer;
import java.io.FileInputStream;
import java.io.InputStream;
import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Predicate;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.Buffer;
import partnerfinancing.published.sdk.ApiClient;
import partnerfinancing.published.sdk.ApiException;
import partnerfinancing.published.sdk.api.ApplicationOperationsApi;
import partnerfinancing.published.sdk.api.HealthCheckApi;
import partnerfinancing.published.sdk.api.PrecheckOperationsApi;
import partnerfinancing.published.sdk.api.SecurityApi;
import partnerfinancing.published.sdk.model.Address;
import partnerfinancing.published.sdk.model.AddressType;
import partnerfinancing.published.sdk.model.Amount;
import partnerfinancing.published.sdk.model.ApplicationBaseResponse;
import partnerfinancing.published.sdk.model.ApplicationCancelRequest;
import partnerfinancing.published.sdk.model.ApplicationOrderChangeRequest;
import partnerfinancing.published.sdk.model.ApplicationRequest;
import partnerfinancing.published.sdk.model.ApplicationResponse;
import partnerfinancing.published.sdk.model.ApplicationWithoutCustomerRequest;
import partnerfinancing.published.sdk.model.ChangeOrderItemRequestSerializer;
import partnerfinancing.published.sdk.model.CustomerExtraData;
import partnerfinancing.published.sdk.model.CustomerRequest;
import partnerfinancing.published.sdk.model.DeliveryType;
import partnerfinancing.published.sdk.model.FinancingType;
import partnerfinancing.published.sdk.model.Getpaymentsonspecificapplicationresponse;
import partnerfinancing.published.sdk.model.HealthCheckResponse;
import partnerfinancing.published.sdk.model.ItemType;
import partnerfinancing.published.sdk.model.MerchantUrls;
import partnerfinancing.published.sdk.model.OrderChangeRequest;
import partnerfinancing.published.sdk.model.OrderExtendedResponse;
import partnerfinancing.published.sdk.model.OrderItemRequest;
import partnerfinancing.published.sdk.model.OrderItemsDeliverRequest;
import partnerfinancing.published.sdk.model.OrderItemsReturnRequest;
import partnerfinancing.published.sdk.model.OrderItemsSendRequest;
import partnerfinancing.published.sdk.model.OrderRequest;
import partnerfinancing.published.sdk.model.PartnerLogin;
import partnerfinancing.published.sdk.model.PartnerLoginResult;
import partnerfinancing.published.sdk.model.Payment;
import partnerfinancing.published.sdk.model.PrecheckCustomerRequest;
import partnerfinancing.published.sdk.model.PrecheckOrderItemRequest;
import partnerfinancing.published.sdk.model.PrecheckOrderRequest;
import partnerfinancing.published.sdk.model.PrecheckRequest;
import partnerfinancing.published.sdk.model.PrecheckResultsResponse;
import partnerfinancing.published.sdk.model.RecurrenceObject;
import partnerfinancing.published.sdk.model.RecurrenceUpdateRequest;
import partnerfinancing.published.sdk.model.VatAmount;

/**
 * A shop's whole purchase through the SDK generated from the published partner API
 * document (openapi-generator, okhttp-gson), against the service at PF_BASE_URL. Each step
 * prints PASS or FAIL with what the SDK said; the last line is `N passed, M failed` and the
 * exit code is non-zero when a step failed.
 *
 * Environment: PF_BASE_URL (https://host:port), PF_CA_FILE (PEM of the CA to trust),
 * PF_USERNAME, PF_PASSWORD (a partner; its service needs the sandbox on), optionally
 * PF_WEBHOOK_HOST (the address the service reaches this machine at, default 127.0.0.1) and
 * PF_NOTIFICATION_WAIT_SECONDS (default 30).
 *
 * Every request of the partner carries `Api-Version: 2023-06-26` (the SDK's default headers):
 * the version that answers in the document's shapes. When the SDK refuses an answer the
 * service did give (a 2xx it cannot parse), the Journey goes on with the ids from the raw
 * answer; when the service refuses a request in the document's shape with 400 naming
 * fields, the step fails and the Journey repeats the request without those fields, so that
 * the steps after it still measure something. Both are said in the step's line.
 */
public final class Journey {
    static final String API_VERSION = "2023-06-26";
    static final String JSON_UTF8 = "application/json; charset=utf-8";
    static final MediaType JSON_TYPE = MediaType.get(JSON_UTF8);

    private final String baseUrl;
    private final ApiClient client;
    /** the SDK's HTTP client with the recorder: for the SDK and for repeating its requests */
    private final OkHttpClient recorded;
    /** the same TLS settings without the recorder: the sandbox helper and waiting */
    private final OkHttpClient plain;
    private final Recorder recorder = new Recorder();
    private final List<String[]> results = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final ConcurrentLinkedQueue<String[]> hooks = new ConcurrentLinkedQueue<>();
    private String token;

    // what the journey learns on the way
    private String appA;
    private String appB;
    private String appR;
    private String recurrenceId;
    private String orderNumberA;

    Journey(String baseUrl, String caFile) throws Exception {
        this.baseUrl = baseUrl.replaceAll("/+$", "");
        this.client = new ApiClient();
        client.setBasePath(this.baseUrl);
        if (caFile != null && !caFile.isEmpty()) {
            try (InputStream in = new FileInputStream(caFile)) {
                client.setSslCaCert(in);
            }
        }
        client.addDefaultHeader("Api-Version", API_VERSION);
        this.plain = client.getHttpClient();
        this.recorded = plain.newBuilder().addInterceptor(recorder).build();
        client.setHttpClient(recorded);
    }

    public static void main(String[] args) throws Exception {
        System.setOut(new java.io.PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8));
        String base = need("PF_BASE_URL");
        Journey j = new Journey(base, System.getenv("PF_CA_FILE"));
        int failed = j.run(need("PF_USERNAME"), need("PF_PASSWORD"));
        System.exit(failed == 0 ? 0 : 1);
    }

    private static String need(String name) {
        String v = System.getenv(name);
        if (v == null || v.isEmpty()) {
            System.err.println(name + " is not set (PF_BASE_URL, PF_CA_FILE, PF_USERNAME, PF_PASSWORD)");
            System.exit(2);
        }
        return v;
    }

    int run(String username, String password) throws Exception {
        String host = System.getenv().getOrDefault("PF_WEBHOOK_HOST", "127.0.0.1");
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/hooks/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            hooks.add(new String[] {exchange.getRequestURI().getPath(), body});
            byte[] ack = "{\"statusCode\": \"200\", \"status\": \"OK\"}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, ack.length);
            exchange.getResponseBody().write(ack);
            exchange.close();
        });
        server.start();
        String hookBase = "http://" + host + ":" + server.getAddress().getPort() + "/hooks";
        try {
            journey(username, password, hookBase);
        } finally {
            server.stop(0);
        }
        long passed = results.stream().filter(r -> r[0].equals("PASS")).count();
        long failed = results.size() - passed;
        System.out.println(passed + " passed, " + failed + " failed");
        return (int) failed;
    }

    private void journey(String username, String password, String hookBase) {
        ApplicationOperationsApi apps = new ApplicationOperationsApi(client);
        String run = UUID.randomUUID().toString().substring(0, 6);
        LocalDate today = LocalDate.now(ZoneId.of("Europe/Prague"));
        String email = "jana." + run + "@example.com";
        MerchantUrls urls = new MerchantUrls()
            .approvedRedirect("https://shop.example.com/checkout/approved")
            .rejectedRedirect("https://shop.example.com/checkout/rejected")
            .notificationEndpoint(hookBase + "/applications")
            .paymentsEndpoint(hookBase + "/payments");

        step("health", () -> {
            HealthCheckResponse h = new HealthCheckApi(client).aPIhealthcheck(JSON_UTF8);
            return "projectVersion " + h.getProjectVersion();
        });

        step("login", () -> {
            PartnerLoginResult r = new SecurityApi(client).loginpartner(new PartnerLogin().username(username).password(password));
            token = r.getAccessToken();
            client.setBearerToken(token);
            return "token for " + r.getExpiresIn() + " s";
        }, raw -> {
            token = str(raw, "accessToken");
            if (token != null) client.setBearerToken(token);
        });

        orderNumberA = "PUB-" + run + "-A";
        step("create DEFERRED_PAYMENT", () -> {
            ApplicationResponse r = apps.createapplication(application(FinancingType.DEFERRED_PAYMENT, orderNumberA, email, urls, false));
            appA = r.getId();
            return appA + " " + r.getState() + " / " + r.getStateReason();
        }, raw -> appA = str(raw, "id"));

        step("create PAY_IN_THREE", () -> {
            ApplicationResponse r = apps.createapplication(application(FinancingType.PAY_IN_THREE, "PUB-" + run + "-B", email, urls, false));
            appB = r.getId();
            return appB + " " + r.getState() + " / " + r.getStateReason();
        }, raw -> appB = str(raw, "id"));

        step("detail", () -> {
            ApplicationResponse r = apps.getapplicationdetail(need(appA, "the DEFERRED_PAYMENT application"));
            return r.getState() + " / " + r.getStateReason() + ", gateway " + (r.getGatewayRedirectUrl() != null);
        });

        step("sandbox decision (approve, not in the document)", () -> {
            decide(need(appA, "the DEFERRED_PAYMENT application"));
            return "READY / READY_TO_SHIP";
        });

        step("send", () -> {
            OrderExtendedResponse r = apps.markorderitemsassent(need(appA, "an approved application"),
                new OrderItemsSendRequest().sentDate(today).deliveryTrackingNumber("TRK" + run));
            return "order " + r.getState() + ", " + r.getApplicationInfo().getStateReason();
        }, raw -> { });

        step("deliver", () -> {
            OrderExtendedResponse r = apps.markorderitemsasdelivered(need(appA, "an approved application"),
                new OrderItemsDeliverRequest().deliveryDate(today));
            return "order " + r.getState() + ", " + r.getApplicationInfo().getStateReason();
        }, raw -> { });

        step("partial return", () -> {
            waitForRaw("the payout of " + appA, "/financing/v1/applications/" + need(appA, "an approved application") + "/payments",
                b -> b.has("data") && b.getAsJsonArray("data").size() > 0, 20_000);
            OrderExtendedResponse r = apps.markorderitemsasreturned(appA, new OrderItemsReturnRequest()
                .addItemsItem(new ChangeOrderItemRequestSerializer().code("KTL-1").quantity(BigDecimal.ONE)));
            return "order total " + r.getTotalPrice().getAmount() + " " + r.getTotalPrice().getCurrency() + ", " + r.getApplicationInfo().getStateReason();
        }, raw -> { });

        step("order lookup", () -> {
            OrderExtendedResponse r = apps.getorder(orderNumberA, null, null);
            return r.getNumber() + " " + r.getState() + " of " + r.getApplicationInfo().getId();
        });

        step("payments list", () -> {
            waitForRaw("the credit note of " + appA, "/financing/v1/applications/" + need(appA, "an approved application") + "/payments",
                b -> b.has("data") && b.getAsJsonArray("data").size() > 1, 20_000);
            Getpaymentsonspecificapplicationresponse r = apps.getpaymentsonspecificapplication(appA);
            StringBuilder s = new StringBuilder();
            for (Payment p : r.getData()) s.append(s.length() == 0 ? "" : ", ").append(p.getValue().getAmount()).append(' ').append(p.getValue().getCurrency());
            return r.getData().size() + " payments: " + s;
        });

        step("change order (PROCESSING application)", () -> {
            OrderExtendedResponse r = apps.changeapplicationorder(need(appB, "the PAY_IN_THREE application"), new ApplicationOrderChangeRequest()
                .reason("The customer took one kettle out of the basket.")
                .order(new OrderChangeRequest()
                    .totalPrice(czk(90000))
                    .totalVat(List.of(vat21(15620)))
                    .items(List.of(item("KTL-1", "Electric kettle", ItemType.PHYSICAL, 1, 60000, 10413),
                        item("SHIP", "Delivery", ItemType.SHIPPING_FEE, 1, 30000, 5207)))));
            return "order total " + r.getTotalPrice().getAmount() + ", " + r.getApplicationInfo().getStateReason();
        }, raw -> { });

        step("cancel with a reason", () -> {
            ApplicationResponse r = apps.cancelapplication(need(appB, "the PAY_IN_THREE application"),
                new ApplicationCancelRequest().reason(ApplicationCancelRequest.ReasonEnum.fromValue("APPLICATION_CANCELLED_BY_CUSTOMER")));
            return r.getState() + " / " + r.getStateReason();
        }, raw -> { });

        step("create recurring (isRecurring)", () -> {
            ApplicationResponse r = apps.createapplication(application(FinancingType.DEFERRED_PAYMENT, "PUB-" + run + "-R", email, urls, true));
            appR = r.getId();
            recurrenceId = r.getRecurrence() == null ? null : r.getRecurrence().getId();
            return appR + ", recurrence " + recurrenceId + " " + (r.getRecurrence() == null ? "" : r.getRecurrence().getState());
        }, raw -> {
            appR = str(raw, "id");
            JsonElement rec = raw.get("recurrence");
            if (rec != null && rec.isJsonObject()) recurrenceId = str(rec.getAsJsonObject(), "id");
        });

        step("recurrence get", () -> {
            decide(need(appR, "the recurring application"));
            RecurrenceObject r = apps.getrecurrence(need(recurrenceId, "a recurrence id"));
            return r.getId() + " " + r.getState();
        });

        step("create from recurrence", () -> {
            ApplicationResponse r = apps.createapplicationfromrecurrence(need(recurrenceId, "a recurrence id"), new ApplicationWithoutCustomerRequest()
                .type(FinancingType.DEFERRED_PAYMENT)
                .merchantUrls(urls)
                .order(new OrderRequest()
                    .number("PUB-" + run + "-F")
                    .totalPrice(czk(30000))
                    .totalVat(List.of(vat21(5207)))
                    .items(List.of(item("REFILL", "Descaler refill", ItemType.PHYSICAL, 1, 30000, 5207)))));
            return r.getId() + " " + r.getState() + " / " + r.getStateReason();
        }, raw -> { });

        step("PATCH recurrence (CANCELLED)", () -> {
            RecurrenceObject r = apps.updaterecurrence(need(recurrenceId, "a recurrence id"),
                new RecurrenceUpdateRequest().state(RecurrenceUpdateRequest.StateEnum.CANCELLED));
            return r.getId() + " " + r.getState();
        }, raw -> { });

        step("precheck", () -> {
            PrecheckResultsResponse r = new PrecheckOperationsApi(client).precheck(new PrecheckRequest()
                .type(PrecheckRequest.TypeEnum.DEFERRED_PAYMENT)
                .customer(new PrecheckCustomerRequest().firstName("Jana").lastName("Nováková").email(email).phone("+420777123456"))
                .order(new PrecheckOrderRequest()
                    .number("PUB-" + run + "-P")
                    .totalPrice(czk(150000))
                    .totalVat(List.of(vat21(26033)))
                    .items(List.of(
                        new PrecheckOrderItemRequest().code("KTL-1").name("Electric kettle").type(ItemType.PHYSICAL).quantity(new BigDecimal(2))
                            .unitPrice(czk(60000)).unitVat(vat21(10413)).totalPrice(czk(120000)).totalVat(vat21(20826)),
                        new PrecheckOrderItemRequest().code("SHIP").name("Delivery").type(ItemType.SHIPPING_FEE).quantity(BigDecimal.ONE)
                            .unitPrice(czk(30000)).unitVat(vat21(5207)).totalPrice(czk(30000)).totalVat(vat21(5207))))));
            return "precheck " + r.getId() + ", " + r.getResults().size() + " results";
        });

        notifications();
    }

    /** The webhooks received, read with the document's models: ApplicationBaseResponse and Payment. */
    private void notifications() {
        int seconds = Integer.parseInt(System.getenv().getOrDefault("PF_NOTIFICATION_WAIT_SECONDS", "30"));
        long until = System.currentTimeMillis() + seconds * 1000L;
        // the last notifications of the journey: the credit note of the return, the cancel of the recurring purchase
        while (System.currentTimeMillis() < until && hooks.stream().filter(h -> h[1].contains("paymentId")).count() < 2) sleep(250);
        sleep(1000);

        step("application notifications (notificationEndpoint, ApplicationBaseResponse)", () -> {
            int ok = 0;
            List<String> bad = new ArrayList<>();
            for (String[] h : hooks) {
                if (!h[0].endsWith("/applications")) continue;
                try {
                    ApplicationBaseResponse.fromJson(h[1]);
                    ok++;
                } catch (Exception e) {
                    bad.add(rootMessage(e));
                }
            }
            if (ok + bad.size() == 0) throw new IllegalStateException("no notification arrived at notificationEndpoint within " + seconds + " s");
            if (!bad.isEmpty()) throw new IllegalStateException(bad.size() + " of " + (ok + bad.size()) + " failed to parse; the first: " + bad.get(0));
            return ok + " parsed";
        });

        step("payment notifications (paymentsEndpoint, Payment)", () -> {
            int ok = 0;
            List<String> bad = new ArrayList<>();
            for (String[] h : hooks) {
                if (!h[0].endsWith("/payments")) continue;
                try {
                    Payment.fromJson(h[1]);
                    ok++;
                } catch (Exception e) {
                    bad.add(rootMessage(e));
                }
            }
            if (ok + bad.size() == 0) {
                String elsewhere = "";
                for (String[] h : hooks) {
                    if (!h[0].endsWith("/applications") || !h[1].contains("paymentId")) continue;
                    try {
                        Payment.fromJson(h[1]);
                        elsewhere = "; payment notifications arrived at notificationEndpoint instead (parsed as Payment)";
                    } catch (Exception e) {
                        elsewhere = "; payment notifications arrived at notificationEndpoint instead, and as Payment: " + rootMessage(e);
                    }
                    break;
                }
                throw new IllegalStateException("no notification arrived at paymentsEndpoint within " + seconds + " s" + elsewhere);
            }
            if (!bad.isEmpty()) throw new IllegalStateException(bad.size() + " of " + (ok + bad.size()) + " failed to parse; the first: " + bad.get(0));
            return ok + " parsed";
        });
    }

    // ------------------------------------------------------------------ requests

    private static Amount czk(long minor) {
        return new Amount().amount(BigDecimal.valueOf(minor)).currency("CZK");
    }

    private static VatAmount vat21(long minor) {
        return new VatAmount().vatRate(new BigDecimal(21)).amount(BigDecimal.valueOf(minor)).currency("CZK");
    }

    private static OrderItemRequest item(String code, String name, ItemType type, int quantity, long unitPrice, long unitVat) {
        return new OrderItemRequest().code(code).name(name).type(type).quantity(BigDecimal.valueOf(quantity))
            .unitPrice(czk(unitPrice)).unitVat(vat21(unitVat))
            .totalPrice(czk(unitPrice * quantity)).totalVat(vat21(Math.round(unitPrice * quantity * 21.0 / 121.0)));
    }

    private static Address address(AddressType type) {
        return new Address().addressType(type).name("Jana Nováková").city("Praha").country("CZ")
            .streetAddress("Vodičkova").streetNumber("12").zip("11000");
    }

    private static ApplicationRequest application(FinancingType type, String number, String email, MerchantUrls urls, boolean recurring) {
        String vs = String.valueOf(1_000_000_000L + (long) (Math.random() * 8_000_000_000L));
        ApplicationRequest r = new ApplicationRequest()
            .type(type)
            .agreementTermsAndConditions(false)
            .customer(new CustomerRequest()
                .firstName("Jana").lastName("Nováková").email(email).phone("+420777123456")
                .addresses(List.of(address(AddressType.BILLING)))
                .extraData(new CustomerExtraData().transactionsNumber(new BigDecimal(4)).transactionsSum(czk(250000))
                    .pageTotalTime(new BigDecimal(320)).itemsViewed(new BigDecimal(7))))
            .order(new OrderRequest()
                .number(number)
                .totalPrice(czk(150000))
                .totalVat(List.of(vat21(26033)))
                .items(List.of(item("KTL-1", "Electric kettle", ItemType.PHYSICAL, 2, 60000, 10413),
                    item("SHIP", "Delivery", ItemType.SHIPPING_FEE, 1, 30000, 5207)))
                .addresses(List.of(address(AddressType.DELIVERY)))
                .variableSymbols(List.of(vs))
                .deliveryType(DeliveryType.DELIVERY_CARRIER))
            .merchantUrls(urls);
        return recurring ? r.isRecurring(true) : r;
    }

    // ------------------------------------------------------------------ outside the document (plain okhttp)

    /** The sandbox's stand-in for the customer (ours, not in the document), then waits until decided. */
    private void decide(String id) throws Exception {
        Request req = new Request.Builder().url(baseUrl + "/financing/v1/sandbox/applications/" + id + "/decision")
            .header("Authorization", "Bearer " + token).header("Api-Version", API_VERSION)
            .post(RequestBody.create("{\"outcome\": \"APPROVE\"}", JSON_TYPE)).build();
        try (Response res = plain.newCall(req).execute()) {
            if (res.code() != 202) throw new IllegalStateException("the sandbox decision answered " + res.code() + ": " + abbreviate(res.body().string()));
        }
        waitForRaw("the decision of " + id, "/financing/v1/applications/" + id, b -> !"PROCESSING".equals(str(b, "state")), 20_000);
    }

    private JsonObject waitForRaw(String what, String path, Predicate<JsonObject> done, long maxMs) throws Exception {
        long until = System.currentTimeMillis() + maxMs;
        String last = "";
        while (true) {
            Request req = new Request.Builder().url(baseUrl + path).header("Authorization", "Bearer " + token).header("Api-Version", API_VERSION).get().build();
            try (Response res = plain.newCall(req).execute()) {
                last = res.code() + " " + res.body().string();
                if (res.code() == 200) {
                    JsonObject b = JsonParser.parseString(last.substring(4)).getAsJsonObject();
                    if (done.test(b)) return b;
                }
            }
            if (System.currentTimeMillis() > until) throw new IllegalStateException("timed out waiting for " + what + ": " + abbreviate(last));
            sleep(250);
        }
    }

    /**
     * After a step failed: the answer the service gave, when it was a 2xx the SDK could not
     * read; or, when the service refused the request with 400 naming fields of it, its answer
     * to the same request without them. Null when neither helps.
     */
    private JsonObject salvage() {
        Recorder.Exchange last = recorder.last;
        if (last == null) return null;
        if (last.code >= 200 && last.code < 300) {
            notes.add("went on with the service's answer the SDK could not read");
            return parseObject(last.responseBody);
        }
        if (last.code != 400 || last.requestBody == null) return null;
        JsonElement sent = JsonParser.parseString(last.requestBody);
        Recorder.Exchange ex = last;
        List<String> dropped = new ArrayList<>();
        for (int round = 0; round < 6 && ex.code == 400; round++) {
            List<String> named = new ArrayList<>();
            JsonObject err = parseObject(ex.responseBody);
            if (err == null || !err.has("errors") || !err.get("errors").isJsonArray()) break;
            for (JsonElement e : err.getAsJsonArray("errors")) {
                JsonElement a = e.getAsJsonObject().get("attribute");
                if (a != null && a.isJsonPrimitive() && JsonPaths.remove(sent, a.getAsString())) named.add(a.getAsString());
            }
            if (named.isEmpty()) break;
            dropped.addAll(named);
            try {
                Request req = new Request.Builder().url(ex.url).header("Authorization", "Bearer " + token).header("Api-Version", API_VERSION)
                    .method(ex.method, RequestBody.create(sent.toString(), JSON_TYPE)).build();
                try (Response res = recorded.newCall(req).execute()) {
                    ex = recorder.last;
                }
            } catch (Exception e) {
                return null;
            }
        }
        if (dropped.isEmpty()) return null;
        if (ex.code >= 200 && ex.code < 300) {
            notes.add("went on with a request without " + String.join(", ", dropped) + " (answered " + ex.code + ")");
            return parseObject(ex.responseBody);
        }
        notes.add("without " + String.join(", ", dropped) + " it still answered " + ex.code + ": " + abbreviate(ex.responseBody));
        return null;
    }

    // ------------------------------------------------------------------ steps

    interface Body { String run() throws Exception; }
    interface Salvage { void accept(JsonObject raw); }

    private void step(String name, Body body) {
        step(name, body, null);
    }

    /** Runs a step; on failure, `onSalvage` takes what the journey can still use from the service's answer. */
    private void step(String name, Body body, Salvage onSalvage) {
        notes.clear();
        recorder.last = null;
        try {
            String detail = body.run();
            results.add(new String[] {"PASS", name});
            System.out.println("PASS " + name + (detail == null ? "" : ": " + detail));
        } catch (Throwable e) {
            String message = describe(e);
            if (onSalvage != null) {
                JsonObject raw = salvage();
                if (raw != null) onSalvage.accept(raw);
            }
            results.add(new String[] {"FAIL", name});
            System.out.println("FAIL " + name + ": " + message + (notes.isEmpty() ? "" : " [" + String.join("; ", notes) + "]"));
        }
        System.out.flush();
    }

    private static String describe(Throwable e) {
        if (e instanceof ApiException a) {
            return "HTTP " + a.getCode() + ": " + abbreviate(a.getResponseBody());
        }
        return rootMessage(e);
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getClass().getSimpleName() + ": " + t.getMessage();
        // the SDK appends the whole JSON to its messages: the first part says what is wrong
        int json = m.indexOf(" JSON: ");
        if (json < 0) json = m.indexOf(" in the JSON string: ");
        return abbreviate(json > 0 ? m.substring(0, json) : m);
    }

    private static String abbreviate(String s) {
        if (s == null) return "";
        String one = s.replaceAll("\\s+", " ");
        return one.length() > 400 ? one.substring(0, 400) + "…" : one;
    }

    private static <T> T need(T value, String what) {
        if (value == null) throw new IllegalStateException("skipped: no " + what + " (an earlier step failed)");
        return value;
    }

    private static String str(JsonObject o, String key) {
        if (o == null) return null;
        JsonElement e = o.get(key);
        return e == null || !e.isJsonPrimitive() ? null : e.getAsString();
    }

    private static JsonObject parseObject(String text) {
        try {
            JsonElement e = JsonParser.parseString(text);
            return e.isJsonObject() ? e.getAsJsonObject() : null;
        } catch (Exception ex) {
            return null;
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Keeps the last request and answer that went through the SDK's client (bodies as text). */
    static final class Recorder implements okhttp3.Interceptor {
        static final class Exchange {
            String method;
            okhttp3.HttpUrl url;
            String requestBody;
            int code;
            String responseBody;
        }

        volatile Exchange last;

        @Override
        public Response intercept(Chain chain) throws java.io.IOException {
            Request req = chain.request();
            Exchange ex = new Exchange();
            ex.method = req.method();
            ex.url = req.url();
            if (req.body() != null) {
                Buffer buf = new Buffer();
                req.body().writeTo(buf);
                ex.requestBody = buf.readUtf8();
            }
            Response res = chain.proceed(req);
            ex.code = res.code();
            ex.responseBody = res.peekBody(Long.MAX_VALUE).string();
            last = ex;
            return res;
        }
    }

    /** Removes `a.b[0].c` from a JSON tree; true when it was there. */
    static final class JsonPaths {
        static boolean remove(JsonElement root, String path) {
            List<Object> segs = new ArrayList<>();
            for (String part : path.split("\\.")) {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("([^\\[]*)((\\[\\d+\\])*)").matcher(part);
                if (!m.matches()) return false;
                if (!m.group(1).isEmpty()) segs.add(m.group(1));
                java.util.regex.Matcher idx = java.util.regex.Pattern.compile("\\[(\\d+)\\]").matcher(m.group(2));
                while (idx.find()) segs.add(Integer.parseInt(idx.group(1)));
            }
            if (segs.isEmpty()) return false;
            JsonElement node = root;
            for (Object s : segs.subList(0, segs.size() - 1)) {
                if (s instanceof String k && node.isJsonObject() && node.getAsJsonObject().has(k)) node = node.getAsJsonObject().get(k);
                else if (s instanceof Integer i && node.isJsonArray() && i < node.getAsJsonArray().size()) node = node.getAsJsonArray().get(i);
                else return false;
            }
            Object last = segs.get(segs.size() - 1);
            if (last instanceof String k && node.isJsonObject() && node.getAsJsonObject().has(k)) {
                node.getAsJsonObject().remove(k);
                return true;
            }
            if (last instanceof Integer i && node.isJsonArray() && i < node.getAsJsonArray().size()) {
                node.getAsJsonArray().remove((int) i);
                return true;
            }
            return false;
        }
    }
}

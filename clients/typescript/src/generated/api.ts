// Generated from openapi.json by openapi-typescript: do not edit.
// Regenerate with `npm run client:generate` at the repository root.

export interface paths {
    "/authentication/v1/partner": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in (obtain an access token) */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/financing/v1/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an application
         * @description Registers the customer's purchase. Send the customer to `gatewayRedirectUrl`. An identical request (shop, type, total amount, order number, variable symbols) within 20 minutes answers 200 with the first application.
         */
        post: operations["createApplication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/financing/v1/applications/{applicationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Application detail */
        get: operations["getApplication"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/financing/v1/applications/{applicationId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Cancel an application
         * @description Allowed while PROCESSING (except during the decision) and while READY with nothing sent or delivered. Gives CANCELLED / CANCELLED_NOT_PAID and a notification.
         */
        put: operations["cancelApplication"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/financing/v1/applications/{applicationId}/order": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change the order (partial)
         * @description `order` holds only the changed data. Given items replace the item list; the totals must match them. Refused once anything is sent or delivered.
         */
        put: operations["changeOrder"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/financing/v1/applications/{applicationId}/order/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Mark order items as cancelled
         * @description For items not yet sent or delivered (use return for those). Cancelling the last open item of an order nothing of which was sent cancels the application (CANCELLED_NOT_PAID).
         */
        put: operations["cancelOrderItems"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/financing/v1/applications/{applicationId}/order/deliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Mark order items as delivered
         * @description An empty body marks every item not yet delivered. Gives READY_DELIVERED and its notification; a partner paid on delivery is paid out.
         */
        put: operations["deliverOrderItems"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/financing/v1/applications/{applicationId}/order/return": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Mark order items as returned
         * @description Items omitted: full return (order RETURNED; application CANCELLED / CANCELLED_RETURNED when nothing is left owed). `items: []` with totalPrice: amount-only refund (also on a RETURNED order still owing an amount). Items filled: those items. After a payout, a credit note follows.
         */
        put: operations["returnOrderItems"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/financing/v1/applications/{applicationId}/order/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Mark order items as sent
         * @description An empty body marks every item not yet sent. Items are named by code, ean, name and type (all given must match) with an optional decimal quantity. Gives READY_SHIPPED and its notification.
         */
        put: operations["sendOrderItems"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/financing/v1/applications/{applicationId}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the payments of an application
         * @description Payouts (type PAYOUT) and credit notes (type CREDIT_NOTE, negative value: the partner owes it back), sorted by paymentId. `value` is what moves (grossValue − fee). Query parameters: not both `after` and `before` (otherwise 400 INVALID_REQUEST).
         */
        get: operations["listPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/financing/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the partner's events (every notification, oldest first)
         * @description Every application and payment notification the service produced for the partner, in the order the feed recorded them, kept for 30 days by default. Page forward with `after` (the id of the last event seen) to catch up after an outage: the feed never skips an event, even while new ones are being written. `applicationId` selects one application's events. Query parameters: not both `after` and `before` (otherwise 400 INVALID_REQUEST).
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/financing/v1/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find an order
         * @description By orderNumber, orderVariableSymbol or applicationId (at least one; all given must match). When several of your applications match, the newest is returned. Query parameters: give at least one of `orderNumber`, `orderVariableSymbol`, `applicationId` (otherwise 400 INVALID_REQUEST).
         */
        get: operations["getOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/financing/v1/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List every payment of the partner, across applications
         * @description Every payout and credit note of every application of the partner, sorted by paymentId (so by time), with the settlement that took each one. `from` / `to` filter by the payment's local date (inclusive), `type` by kind. Query parameters: not both `after` and `before`; `from` not after `to` when both are given (otherwise 400 INVALID_REQUEST).
         */
        get: operations["listAccountPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/financing/v1/precheck": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Would an application of this customer and order be approved now?
         * @description Answered by the rules that decide after the gateway, per financing type (in the sandbox, `+approve` / `+reject` addresses too), so it predicts the decision as things stand now. Tells no more about the customer than a decision would. Stores nothing; the id may be cited in a create as `precheckIds`.
         */
        post: operations["precheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/financing/v1/recurrences/{recurrenceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recurrence detail (DEFERRED_PAYMENT only) */
        get: operations["getRecurrence"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Cancel a recurrence
         * @description `{"state": "CANCELLED"}` is the only change: READY → CANCELLED. Cancelling a cancelled recurrence answers 200 unchanged.
         */
        patch: operations["updateRecurrence"];
        trace?: never;
    };
    "/financing/v1/recurrences/{recurrenceId}/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an application from a recurrence
         * @description No customer data and no gateway: the application is decided at once (READY / READY_TO_SHIP or REJECTED). DEFERRED_PAYMENT only.
         */
        post: operations["createApplicationFromRecurrence"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/financing/v1/sandbox/applications/{applicationId}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decide an application in the sandbox (no browser)
         * @description Only with SANDBOX=true. Confirms a PROCESSING_REDIRECT_NEEDED application as the customer would at the gateway, with the outcome the decision rules then give; answers 202 with the application, whose notifications follow as usual.
         */
        post: operations["sandboxDecision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/financing/v1/sandbox/settlements/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close the partner's open settlement now (sandbox)
         * @description Only with SANDBOX=true. Closes a settlement of everything recorded until now that no settlement has taken, exactly as the daily cut-off would, so a shop can test its reconciliation without waiting for 18:00. Its notification and feed entry follow as usual.
         */
        post: operations["sandboxCloseSettlement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/financing/v1/settlements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the partner's settlements
         * @description One settlement per daily cut-off with anything to settle (default 18:00 Europe/Prague), oldest first. Each is one bank transfer with `reference` as its variable symbol; a negative net is carried into the next one. Query parameters: not both `after` and `before` (otherwise 400 INVALID_REQUEST).
         */
        get: operations["listSettlements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/financing/v1/settlements/{settlementId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A settlement and its payment lines
         * @description The settlement, and a page of the payment lines it took (by paymentId, the paging conventions of every list). Its lines never change once it is written: a later correction is a line of the next settlement. Query parameters: not both `after` and `before` (otherwise 400 INVALID_REQUEST).
         */
        get: operations["getSettlement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/financing/v1/settlements/{settlementId}/report.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The settlement report as CSV
         * @description One row per payment line (order number, variable symbol, application id, operation id and type, Idempotency-Key, gross, fee, net), then a footer: TOTAL of the lines, CARRIED_IN, NET, TRANSFER, CARRIED_OUT. Amounts are decimal in the currency's unit.
         */
        get: operations["getSettlementReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/financing/v1/webhooks/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook deliveries
         * @description The partner's notifications and every attempt to deliver them, newest first. `after` pages to older deliveries, `before` to newer ones; `filter=state|eq|DEAD_LETTERED` (or `state|in|A,B`) selects by state. Query parameters: at most one of `after`, `before` (otherwise 400 INVALID_REQUEST).
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/financing/v1/webhooks/deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Webhook delivery detail */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/financing/v1/webhooks/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeliver a webhook
         * @description Starts a new round of attempts with the same `webhook-id`, whatever the delivery's state; a retry still scheduled from the previous round is dropped.
         */
        post: operations["redeliverWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/financing/v1/webhooks/deliveries/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeliver every dead-lettered webhook
         * @description Starts a new round of attempts (same `webhook-id`) for each delivery in state DEAD_LETTERED. The body may be empty or `{"state": "DEAD_LETTERED"}`.
         */
        post: operations["redeliverDeadLetteredWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/gateway/{applicationId}/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The gateway page (gatewayRedirectUrl)
         * @description Shows the order, the repayment plan, the terms and how to pay each instalment (our account, the variable symbol, a QR Platba code), in Czech or English (`lang`, else a cookie of an earlier choice, else Accept-Language); refreshes itself while the decision runs; once decided, redirects (303) the browser that confirmed to approvedRedirect (once) or anyone to rejectedRedirect. An approved application's link opened again (an e-mail, another device, later) shows how to pay every instalment and the way back to the shop.
         */
        get: operations["gatewayPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/gateway/{applicationId}/{token}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The customer confirms the purchase (form POST)
         * @description A plain HTML form POST without a body: the anti-forgery value travels in the query and must match the page's SameSite=Strict cookie.
         */
        post: operations["gatewayConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/gateway/{applicationId}/{token}/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The customer declines (form POST)
         * @description A plain HTML form POST without a body: the anti-forgery value travels in the query and must match the page's SameSite=Strict cookie.
         */
        post: operations["gatewayDecline"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health check
         * @description Readiness, no token needed. 200 `{status: "UP", projectVersion, components}`; 200 `DEGRADED` when Kafka is down but the service still works (events wait in the outbox); 503 with an errors body when the database is down, when a Kafka topic the service needs does not exist (it runs with `KAFKA_TOPICS=check`, which creates none), or during a planned outage (MAINTENANCE).
         */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness check
         * @description No token needed. 200 while the process answers; no dependency is checked, so an outage of the database or Kafka never gets a healthy instance restarted.
         */
        get: operations["liveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ErrorBody: {
            errors: {
                /** @description unique error code */
                code: string | number;
                /** @description human-readable, not localized */
                message: string;
                /** @enum {string} */
                severity: "ERROR" | "WARN" | "INFO";
                /** @description JSON path of the request attribute at fault */
                attribute?: string;
                /** @description internal ticket id of an unexpected error */
                ticketId?: string;
            }[];
        };
        TokenError: {
            /** @enum {string} */
            error: "invalid_request" | "invalid_token";
            error_description: string;
        };
        /** @description any JSON value; in objects, keys neither start with `$` nor contain `.` */
        FreeJsonValue: (null | boolean | number | string) | components["schemas"]["FreeJsonObject"] | ((null | boolean | number | string) | components["schemas"]["FreeJsonObject"])[];
        FreeJsonObject: {
            [key: string]: components["schemas"]["FreeJsonValue"];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description partner username */
                    username: string;
                    /** @description partner password */
                    password: string;
                };
            };
        };
        responses: {
            /** @description A bearer token valid for 7200 s. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accessToken: string;
                        /** @constant */
                        expiresIn: 7200;
                    };
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: username or password missing
             *     - `INVALID_CREDENTIALS`: wrong username or password (as OAuth 2.0 token endpoints answer)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unsupported media type. Error codes:
             *
             *     - `INVALID_REQUEST`: the body is not `Content-Type: application/json` in UTF-8, or is compressed
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `TOO_MANY_LOGIN_ATTEMPTS`: too many failed attempts for the username or the client address
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the database does not answer right now; repeat the same request (same Idempotency-Key) after `Retry-After` seconds
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createApplication: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1-255 printable ASCII characters, unique per request of your choosing (a UUID). A retry with the same key and the same method, path and body within IDEMPOTENCY_TTL (24 h) answers the first response again, byte for byte, with `Idempotent-Replayed: true`, and changes nothing. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    type: "DEFERRED_PAYMENT" | "PAY_IN_THREE";
                    /** @description absent or false is stored as false */
                    agreementTermsAndConditions?: boolean | null;
                    /** @description true creates a recurrence (DEFERRED_PAYMENT only) */
                    isRecurring?: boolean | null;
                    customer: {
                        /** @description academic title before the name (Ing., Mgr.) */
                        titleBefore?: string;
                        /** @description academic title after the name (Ph.D., CSc.) */
                        titleAfter?: string;
                        fullName?: string;
                        firstName?: string;
                        lastName?: string;
                        /** Format: email */
                        email: string;
                        phone: string;
                        tin?: string;
                        vatin?: string;
                        addresses?: {
                            name?: string;
                            city?: string;
                            /** @description ISO 3166-1 alpha-2 country code */
                            country?: string;
                            streetAddress?: string;
                            streetNumber?: string;
                            zip?: string;
                            /** @enum {string} */
                            addressType: "PERMANENT" | "CONTACT" | "DELIVERY" | "BILLING";
                        }[];
                        fraudPreventionData?: {
                            /** @description earlier transactions in the shop, current order excluded */
                            transactionsNumber?: number;
                            /** @description earlier cashless transactions */
                            cashlessTransactionsNumber?: number;
                            /** @description sum of earlier paid transactions, current order excluded */
                            transactionsSum: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description sum of earlier cashless transactions */
                            cashlessTransactionsSum?: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description seconds spent on the partner's site */
                            pageTotalTime?: number | null;
                            /** @description seconds spent in review and comment sections */
                            pageReviewsTime?: number | null;
                            /** @description items removed from the basket */
                            cartItemsRemoved?: number | null;
                            /** @description product pages viewed */
                            itemsViewed?: number | null;
                            /** @description ISO 8601 date, YYYY-MM-DD */
                            latestTransactionDate?: string;
                            /** @description ISO 8601 date, YYYY-MM-DD */
                            earliestTransactionDate?: string;
                            tags?: string[];
                        };
                        /** @description deprecated: use fraudPreventionData */
                        extraData?: {
                            /** @description earlier transactions in the shop, current order excluded */
                            transactionsNumber?: number;
                            /** @description earlier cashless transactions */
                            cashlessTransactionsNumber?: number;
                            /** @description sum of earlier paid transactions, current order excluded */
                            transactionsSum: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description sum of earlier cashless transactions */
                            cashlessTransactionsSum?: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description seconds spent on the partner's site */
                            pageTotalTime?: number | null;
                            /** @description seconds spent in review and comment sections */
                            pageReviewsTime?: number | null;
                            /** @description items removed from the basket */
                            cartItemsRemoved?: number | null;
                            /** @description product pages viewed */
                            itemsViewed?: number | null;
                            /** @description ISO 8601 date, YYYY-MM-DD */
                            latestTransactionDate?: string;
                            /** @description ISO 8601 date, YYYY-MM-DD */
                            earliestTransactionDate?: string;
                            tags?: string[];
                        };
                    };
                    order: {
                        number: string;
                        /** @description ISO 8601 date-time with an offset, e.g. 2024-05-01T14:30:00+02:00 */
                        reservationDate?: string;
                        /** @description VAT included */
                        totalPrice: {
                            /** @description integer in minor units (125.90 → 12590) */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        };
                        /** @description one entry per VAT rate */
                        totalVat: {
                            /** @description VAT rate in percent */
                            vatRate: number;
                            /** @description integer in minor units */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        }[];
                        items: {
                            code: string;
                            ean?: string;
                            name: string;
                            /** @enum {string} */
                            type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                            variant?: string;
                            producer?: string;
                            categories?: string[];
                            /** @description positive, at most 3 decimal places, minimum 1; empty counts as 1 */
                            quantity?: number | null;
                            unitPrice?: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description all pieces, VAT included */
                            totalPrice: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            unitVat?: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            totalVat: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            image?: string | {
                                /** Format: uri */
                                url: string;
                                title?: string;
                            };
                            /** Format: uri */
                            productUrl?: string;
                        }[];
                        addresses?: {
                            name?: string;
                            city?: string;
                            /** @description ISO 3166-1 alpha-2 country code */
                            country?: string;
                            streetAddress?: string;
                            streetNumber?: string;
                            zip?: string;
                            /** @enum {string} */
                            addressType: "BILLING" | "DELIVERY";
                        }[];
                        variableSymbols?: string[];
                        /** @enum {string} */
                        deliveryType?: "DELIVERY_CARRIER" | "PERSONAL_BRANCH" | "PERSONAL_PARTNER" | "ONLINE";
                        /** @description a known carrier code or a custom carrier text */
                        deliveryCarrier?: {
                            /** @enum {string} */
                            carrierId: "CZ_POST_HAND" | "CZ_POST_OFFICE" | "CZ_POST_OTHER" | "PPL" | "DPD" | "GEIS" | "IN_TIME" | "TOP_TRANS" | "GEBRUDER_WEISS" | "LOCAL_COURIER" | "TNT" | "GLS" | "HDS_COMFORT" | "HDS_STANDARD";
                        } | {
                            carrierCustom: string;
                        };
                        channel?: string;
                        /** @description the seller of the goods, for a marketplace */
                        merchantId?: string;
                        documents?: {
                            /** @enum {string} */
                            type: "INVOICE" | "PROFORMA_INVOICE" | "CREDIT_NOTE" | "OTHER";
                            /** @description the file: {filename, content (base64)}, bare base64 content, or an https URL; at most 500 kB */
                            file: {
                                filename: string;
                                content: string;
                            } | string;
                            description?: string;
                            extraData?: {
                                variableSymbol?: string;
                            } & {
                                [key: string]: components["schemas"]["FreeJsonValue"];
                            };
                        }[];
                    };
                    merchantUrls: {
                        /** @description where the gateway sends the customer back; `{applicationId}` is replaced by the application id */
                        approvedRedirect: string;
                        /** @description where the gateway sends the customer back; `{applicationId}` is replaced by the application id */
                        rejectedRedirect: string;
                        /** Format: uri */
                        notificationEndpoint: string;
                        /**
                         * Format: uri
                         * @description where payment notifications go (payouts and credit notes); absent: the notificationEndpoint
                         */
                        paymentsEndpoint?: string | null;
                    };
                    /** @description free key-value JSON object (at most 10 kB as JSON) */
                    customData?: {
                        [key: string]: components["schemas"]["FreeJsonValue"];
                    } | null;
                    /** @description codes of WARN records the partner accepts */
                    override?: string[];
                    /** @description ids of the prechecks this purchase followed */
                    precheckIds?: string[] | null;
                };
            };
        };
        responses: {
            /** @description a duplicate of a request within the last 20 minutes: the first application */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        type: "DEFERRED_PAYMENT" | "PAY_IN_THREE";
                        /** @enum {string} */
                        state: "PROCESSING" | "READY" | "REJECTED" | "CANCELLED";
                        /** @enum {string} */
                        stateReason: "PROCESSING_REDIRECT_NEEDED" | "PROCESSING_PREAPPROVED" | "PROCESSING_VALIDATION_IN_PROGRESS" | "REJECTED" | "CANCELLED_NOT_PAID" | "READY_TO_SHIP" | "READY_SHIPPED" | "READY_DELIVERED" | "READY_PAID" | "CANCELLED_RETURNED";
                        agreementTermsAndConditions: boolean;
                        /**
                         * Format: uri
                         * @description send the customer here
                         */
                        gatewayRedirectUrl: string;
                        customer: {
                            /** @description academic title before the name (Ing., Mgr.) */
                            titleBefore?: string;
                            /** @description academic title after the name (Ph.D., CSc.) */
                            titleAfter?: string;
                            fullName?: string;
                            firstName?: string;
                            lastName?: string;
                            /** Format: email */
                            email: string;
                            phone: string;
                            tin?: string;
                            vatin?: string;
                            fraudPreventionData?: {
                                /** @description earlier transactions in the shop, current order excluded */
                                transactionsNumber?: number;
                                /** @description earlier cashless transactions */
                                cashlessTransactionsNumber?: number;
                                /** @description sum of earlier paid transactions, current order excluded */
                                transactionsSum: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                /** @description sum of earlier cashless transactions */
                                cashlessTransactionsSum?: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                /** @description seconds spent on the partner's site */
                                pageTotalTime?: number | null;
                                /** @description seconds spent in review and comment sections */
                                pageReviewsTime?: number | null;
                                /** @description items removed from the basket */
                                cartItemsRemoved?: number | null;
                                /** @description product pages viewed */
                                itemsViewed?: number | null;
                                /** @description ISO 8601 date, YYYY-MM-DD */
                                latestTransactionDate?: string;
                                /** @description ISO 8601 date, YYYY-MM-DD */
                                earliestTransactionDate?: string;
                                tags?: string[];
                            };
                            extraData?: unknown;
                            addresses: unknown[];
                        };
                        order: {
                            /** @description VAT included */
                            totalPrice: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description one entry per VAT rate */
                            totalVat: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            }[];
                            /** @enum {string} */
                            deliveryType?: "DELIVERY_CARRIER" | "PERSONAL_BRANCH" | "PERSONAL_PARTNER" | "ONLINE";
                            channel?: string;
                            number: string;
                            /** @description ISO 8601, no fractional seconds */
                            reservationDate?: string;
                            /**
                             * @description DELIVERED or SENT while such pieces are in the order, else PROCESSING while pieces are open; CANCELLED (nothing will be delivered, also after the application was cancelled) or RETURNED when nothing is left
                             * @enum {string}
                             */
                            state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                            items: {
                                code: string;
                                ean?: string;
                                name: string;
                                /** @enum {string} */
                                type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                                variant?: string;
                                producer?: string;
                                categories?: string[];
                                /** @description all pieces, VAT included */
                                totalPrice: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                totalVat: {
                                    /** @description VAT rate in percent */
                                    vatRate: number;
                                    /** @description integer in minor units */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                image?: string | {
                                    /** Format: uri */
                                    url: string;
                                    title?: string;
                                };
                                /** Format: uri */
                                productUrl?: string;
                                quantity: number;
                                unitPrice: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                unitVat: {
                                    /** @description VAT rate in percent */
                                    vatRate: number;
                                    /** @description integer in minor units */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                /**
                                 * @description the most advanced state of a piece still in the order; CANCELLED or RETURNED when none is left
                                 * @enum {string}
                                 */
                                state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                                /** @description pieces that left the shop (a delivery without a send counts as sent) */
                                quantitySent: number;
                                /** @description pieces whose journey ended: delivered, or returned on the way */
                                quantityDelivered: number;
                                /** @description pieces that came back */
                                quantityReturned: number;
                                /** @description pieces cancelled before they left (also by cancelling the application) */
                                quantityCancelled: number;
                                /** @description ISO 8601 date, YYYY-MM-DD */
                                sentDate?: string;
                                /** @description ISO 8601 date, YYYY-MM-DD */
                                deliveryDate?: string;
                                deliveryTrackingNumber?: string;
                            }[];
                            addresses: unknown[];
                            variableSymbols: string[];
                            /** @description a known carrier code or a custom carrier text */
                            deliveryCarrier?: {
                                /** @enum {string} */
                                carrierId: "CZ_POST_HAND" | "CZ_POST_OFFICE" | "CZ_POST_OTHER" | "PPL" | "DPD" | "GEIS" | "IN_TIME" | "TOP_TRANS" | "GEBRUDER_WEISS" | "LOCAL_COURIER" | "TNT" | "GLS" | "HDS_COMFORT" | "HDS_STANDARD";
                            } | {
                                carrierCustom: string;
                            };
                            documents: {
                                /** @enum {string} */
                                type: "INVOICE" | "PROFORMA_INVOICE" | "CREDIT_NOTE" | "OTHER";
                                /** @description metadata; the content is not echoed back */
                                file: {
                                    filename?: string;
                                    mimeType: string;
                                    size: number;
                                    sha256: string;
                                    url?: string;
                                };
                                description?: string;
                                extraData?: {
                                    [key: string]: components["schemas"]["FreeJsonValue"];
                                };
                            }[];
                            /** @description the seller of the goods, for a marketplace */
                            merchantId?: string;
                            /** @description the latest sentDate of its items */
                            sentDate?: string;
                            /** @description the latest deliveryDate of its items */
                            deliveryDate?: string;
                            /** @description the tracking number of the latest send that gave one */
                            deliveryTrackingNumber?: string;
                        };
                        merchantUrls: {
                            /** @description where the gateway sends the customer back; `{applicationId}` is replaced by the application id */
                            approvedRedirect: string;
                            /** @description where the gateway sends the customer back; `{applicationId}` is replaced by the application id */
                            rejectedRedirect: string;
                            /** Format: uri */
                            notificationEndpoint: string;
                            /**
                             * Format: uri
                             * @description where payment notifications go (payouts and credit notes); absent: the notificationEndpoint
                             */
                            paymentsEndpoint?: string | null;
                        };
                        customData: {
                            [key: string]: components["schemas"]["FreeJsonValue"];
                        } | null;
                        /** @description present when the application is recurring, or created from a recurrence */
                        recurrence?: {
                            id: string;
                            /** @enum {string} */
                            state: "APPROVING" | "READY" | "CANCELLED" | "EXPIRED";
                            /** @enum {string} */
                            financingType: "DEFERRED_PAYMENT" | "PAY_IN_THREE";
                            originApplicationId: string;
                            /** @description ISO 8601, no fractional seconds */
                            createdAt: string;
                            /** @description ISO 8601, no fractional seconds */
                            authorizedAt?: string;
                            /** @description ISO 8601, no fractional seconds */
                            validUntil?: string;
                        } | {
                            id: string;
                        };
                        /** @enum {string} */
                        cancelReason?: "APPLICATION_CANCELLED_CARRIER_CHANGED" | "APPLICATION_CANCELLED_CART_CONTENT_CHANGED" | "APPLICATION_CANCELLED_BY_CUSTOMER" | "APPLICATION_CANCELLED_BY_ERP" | "APPLICATION_CANCELLED_EXPIRED" | "APPLICATION_CANCELLED_UNFINISHED" | "APPLICATION_CANCELLED_BY_ESHOP_RULES" | "APPLICATION_CANCELLED_OTHER";
                        /** @description the customer's instalments, once approved */
                        repaymentPlan?: {
                            /** @description ISO 8601 date, YYYY-MM-DD */
                            dueDate: string;
                            amount: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                        }[];
                        /** @description how the customer pays the instalments (our account and the application's variable symbol), present once the customer confirmed at the gateway, so the shop can repeat it on its thank-you page; the gateway link shows it too, with QR Platba codes */
                        paymentInstructions?: {
                            /** @description our collection account */
                            iban: string;
                            /** @description the same account in the Czech domestic form (prefix-number/bank code), for a CZ IBAN */
                            accountNumber?: string;
                            /** @description the payee name */
                            recipient: string;
                            /** @description the variable symbol the customer pays every instalment with */
                            variableSymbol: string;
                        };
                        /** @description the operations that would be accepted now, judged by the same rules as the calls: CANCEL (PUT cancel), CHANGE_ORDER (PUT order), SEND, DELIVER, RETURN (PUT order/send, /deliver, /return), CANCEL_ITEMS (PUT order/cancel) */
                        allowedActions: ("CANCEL" | "CHANGE_ORDER" | "SEND" | "DELIVER" | "RETURN" | "CANCEL_ITEMS")[];
                        /** @description ISO 8601, no fractional seconds */
                        createdAt: string;
                        /** @description ISO 8601, no fractional seconds */
                        updatedAt: string;
                        /** @description non-blocking WARN records (deprecated fields), on create only */
                        warnings?: {
                            code?: string;
                            message?: string;
                            severity?: string;
                            attribute?: string;
                        }[];
                    };
                };
            };
            /** @description created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        type: "DEFERRED_PAYMENT" | "PAY_IN_THREE";
                        /** @enum {string} */
                        state: "PROCESSING" | "READY" | "REJECTED" | "CANCELLED";
                        /** @enum {string} */
                        stateReason: "PROCESSING_REDIRECT_NEEDED" | "PROCESSING_PREAPPROVED" | "PROCESSING_VALIDATION_IN_PROGRESS" | "REJECTED" | "CANCELLED_NOT_PAID" | "READY_TO_SHIP" | "READY_SHIPPED" | "READY_DELIVERED" | "READY_PAID" | "CANCELLED_RETURNED";
                        agreementTermsAndConditions: boolean;
                        /**
                         * Format: uri
                         * @description send the customer here
                         */
                        gatewayRedirectUrl: string;
                        customer: {
                            /** @description academic title before the name (Ing., Mgr.) */
                            titleBefore?: string;
                            /** @description academic title after the name (Ph.D., CSc.) */
                            titleAfter?: string;
                            fullName?: string;
                            firstName?: string;
                            lastName?: string;
                            /** Format: email */
                            email: string;
                            phone: string;
                            tin?: string;
                            vatin?: string;
                            fraudPreventionData?: {
                                /** @description earlier transactions in the shop, current order excluded */
                                transactionsNumber?: number;
                                /** @description earlier cashless transactions */
                                cashlessTransactionsNumber?: number;
                                /** @description sum of earlier paid transactions, current order excluded */
                                transactionsSum: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                /** @description sum of earlier cashless transactions */
                                cashlessTransactionsSum?: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                /** @description seconds spent on the partner's site */
                                pageTotalTime?: number | null;
                                /** @description seconds spent in review and comment sections */
                                pageReviewsTime?: number | null;
                                /** @description items removed from the basket */
                                cartItemsRemoved?: number | null;
                                /** @description product pages viewed */
                                itemsViewed?: number | null;
                                /** @description ISO 8601 date, YYYY-MM-DD */
                                latestTransactionDate?: string;
                                /** @description ISO 8601 date, YYYY-MM-DD */
                                earliestTransactionDate?: string;
                                tags?: string[];
                            };
                            extraData?: unknown;
                            addresses: unknown[];
                        };
                        order: {
                            /** @description VAT included */
                            totalPrice: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description one entry per VAT rate */
                            totalVat: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            }[];
                            /** @enum {string} */
                            deliveryType?: "DELIVERY_CARRIER" | "PERSONAL_BRANCH" | "PERSONAL_PARTNER" | "ONLINE";
                            channel?: string;
                            number: string;
                            /** @description ISO 8601, no fractional seconds */
                            reservationDate?: string;
                            /**
                             * @description DELIVERED or SENT while such pieces are in the order, else PROCESSING while pieces are open; CANCELLED (nothing will be delivered, also after the application was cancelled) or RETURNED when nothing is left
                             * @enum {string}
                             */
                            state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                            items: {
                                code: string;
                                ean?: string;
                                name: string;
                                /** @enum {string} */
                                type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                                variant?: string;
                                producer?: string;
                                categories?: string[];
                                /** @description all pieces, VAT included */
                                totalPrice: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                totalVat: {
                                    /** @description VAT rate in percent */
                                    vatRate: number;
                                    /** @description integer in minor units */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                image?: string | {
                                    /** Format: uri */
                                    url: string;
                                    title?: string;
                                };
                                /** Format: uri */
                                productUrl?: string;
                                quantity: number;
                                unitPrice: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                unitVat: {
                                    /** @description VAT rate in percent */
                                    vatRate: number;
                                    /** @description integer in minor units */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                /**
                                 * @description the most advanced state of a piece still in the order; CANCELLED or RETURNED when none is left
                                 * @enum {string}
                                 */
                                state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                                /** @description pieces that left the shop (a delivery without a send counts as sent) */
                                quantitySent: number;
                                /** @description pieces whose journey ended: delivered, or returned on the way */
                                quantityDelivered: number;
                                /** @description pieces that came back */
                                quantityReturned: number;
                                /** @description pieces cancelled before they left (also by cancelling the application) */
                                quantityCancelled: number;
                                /** @description ISO 8601 date, YYYY-MM-DD */
                                sentDate?: string;
                                /** @description ISO 8601 date, YYYY-MM-DD */
                                deliveryDate?: string;
                                deliveryTrackingNumber?: string;
                            }[];
                            addresses: unknown[];
                            variableSymbols: string[];
                            /** @description a known carrier code or a custom carrier text */
                            deliveryCarrier?: {
                                /** @enum {string} */
                                carrierId: "CZ_POST_HAND" | "CZ_POST_OFFICE" | "CZ_POST_OTHER" | "PPL" | "DPD" | "GEIS" | "IN_TIME" | "TOP_TRANS" | "GEBRUDER_WEISS" | "LOCAL_COURIER" | "TNT" | "GLS" | "HDS_COMFORT" | "HDS_STANDARD";
                            } | {
                                carrierCustom: string;
                            };
                            documents: {
                                /** @enum {string} */
                                type: "INVOICE" | "PROFORMA_INVOICE" | "CREDIT_NOTE" | "OTHER";
                                /** @description metadata; the content is not echoed back */
                                file: {
                                    filename?: string;
                                    mimeType: string;
                                    size: number;
                                    sha256: string;
                                    url?: string;
                                };
                                description?: string;
                                extraData?: {
                                    [key: string]: components["schemas"]["FreeJsonValue"];
                                };
                            }[];
                            /** @description the seller of the goods, for a marketplace */
                            merchantId?: string;
                            /** @description the latest sentDate of its items */
                            sentDate?: string;
                            /** @description the latest deliveryDate of its items */
                            deliveryDate?: string;
                            /** @description the tracking number of the latest send that gave one */
                            deliveryTrackingNumber?: string;
                        };
                        merchantUrls: {
                            /** @description where the gateway sends the customer back; `{applicationId}` is replaced by the application id */
                            approvedRedirect: string;
                            /** @description where the gateway sends the customer back; `{applicationId}` is replaced by the application id */
                            rejectedRedirect: string;
                            /** Format: uri */
                            notificationEndpoint: string;
                            /**
                             * Format: uri
                             * @description where payment notifications go (payouts and credit notes); absent: the notificationEndpoint
                             */
                            paymentsEndpoint?: string | null;
                        };
                        customData: {
                            [key: string]: components["schemas"]["FreeJsonValue"];
                        } | null;
                        /** @description present when the application is recurring, or created from a recurrence */
                        recurrence?: {
                            id: string;
                            /** @enum {string} */
                            state: "APPROVING" | "READY" | "CANCELLED" | "EXPIRED";
                            /** @enum {string} */
                            financingType: "DEFERRED_PAYMENT" | "PAY_IN_THREE";
                            originApplicationId: string;
                            /** @description ISO 8601, no fractional seconds */
                            createdAt: string;
                            /** @description ISO 8601, no fractional seconds */
                            authorizedAt?: string;
                            /** @description ISO 8601, no fractional seconds */
                            validUntil?: string;
                        } | {
                            id: string;
                        };
                        /** @enum {string} */
                        cancelReason?: "APPLICATION_CANCELLED_CARRIER_CHANGED" | "APPLICATION_CANCELLED_CART_CONTENT_CHANGED" | "APPLICATION_CANCELLED_BY_CUSTOMER" | "APPLICATION_CANCELLED_BY_ERP" | "APPLICATION_CANCELLED_EXPIRED" | "APPLICATION_CANCELLED_UNFINISHED" | "APPLICATION_CANCELLED_BY_ESHOP_RULES" | "APPLICATION_CANCELLED_OTHER";
                        /** @description the customer's instalments, once approved */
                        repaymentPlan?: {
                            /** @description ISO 8601 date, YYYY-MM-DD */
                            dueDate: string;
                            amount: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                        }[];
                        /** @description how the customer pays the instalments (our account and the application's variable symbol), present once the customer confirmed at the gateway, so the shop can repeat it on its thank-you page; the gateway link shows it too, with QR Platba codes */
                        paymentInstructions?: {
                            /** @description our collection account */
                            iban: string;
                            /** @description the same account in the Czech domestic form (prefix-number/bank code), for a CZ IBAN */
                            accountNumber?: string;
                            /** @description the payee name */
                            recipient: string;
                            /** @description the variable symbol the customer pays every instalment with */
                            variableSymbol: string;
                        };
                        /** @description the operations that would be accepted now, judged by the same rules as the calls: CANCEL (PUT cancel), CHANGE_ORDER (PUT order), SEND, DELIVER, RETURN (PUT order/send, /deliver, /return), CANCEL_ITEMS (PUT order/cancel) */
                        allowedActions: ("CANCEL" | "CHANGE_ORDER" | "SEND" | "DELIVER" | "RETURN" | "CANCEL_ITEMS")[];
                        /** @description ISO 8601, no fractional seconds */
                        createdAt: string;
                        /** @description ISO 8601, no fractional seconds */
                        updatedAt: string;
                        /** @description non-blocking WARN records (deprecated fields), on create only */
                        warnings?: {
                            code?: string;
                            message?: string;
                            severity?: string;
                            attribute?: string;
                        }[];
                    };
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: a field is missing, malformed or over a limit; `attribute` names it
             *     - `INVALID_REQUEST`: the Idempotency-Key header is empty, longer than 255 characters or not printable ASCII (`attribute`: `Idempotency-Key`)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /**
             * @description Conflict. Error codes:
             *
             *     - `IDEMPOTENCY_KEY_IN_USE`: a request with this Idempotency-Key is still running; repeat after `Retry-After` seconds
             */
            409: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unsupported media type. Error codes:
             *
             *     - `INVALID_REQUEST`: the body is not `Content-Type: application/json` in UTF-8, or is compressed
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unprocessable. Error codes:
             *
             *     - `UNPROCESSABLE`: items do not add up to the order total, VAT amounts do not match totalVat, mixed or unaccepted currency, private notificationEndpoint
             *     - `NOT_SUPPORTED`: isRecurring with PAY_IN_THREE
             *     - `ITEM_TOTAL_MISMATCH`: WARN: unitPrice × quantity differs from totalPrice; repeat with `override: ["ITEM_TOTAL_MISMATCH"]` to accept
             *     - `VAT_AMOUNT_MISMATCH`: WARN: an item's VAT amount does not match its rate; repeat with `override` to accept
             *     - `IDEMPOTENCY_KEY_REUSED`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `RATE_LIMIT_EXCEEDED`: more requests in a minute than the partner's limit; repeat after `Retry-After` seconds
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the database does not answer right now; repeat the same request (same Idempotency-Key) after `Retry-After` seconds
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApplication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the id returned on creation */
                applicationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the application */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        type: "DEFERRED_PAYMENT" | "PAY_IN_THREE";
                        /** @enum {string} */
                        state: "PROCESSING" | "READY" | "REJECTED" | "CANCELLED";
                        /** @enum {string} */
                        stateReason: "PROCESSING_REDIRECT_NEEDED" | "PROCESSING_PREAPPROVED" | "PROCESSING_VALIDATION_IN_PROGRESS" | "REJECTED" | "CANCELLED_NOT_PAID" | "READY_TO_SHIP" | "READY_SHIPPED" | "READY_DELIVERED" | "READY_PAID" | "CANCELLED_RETURNED";
                        agreementTermsAndConditions: boolean;
                        /**
                         * Format: uri
                         * @description send the customer here
                         */
                        gatewayRedirectUrl: string;
                        customer: {
                            /** @description academic title before the name (Ing., Mgr.) */
                            titleBefore?: string;
                            /** @description academic title after the name (Ph.D., CSc.) */
                            titleAfter?: string;
                            fullName?: string;
                            firstName?: string;
                            lastName?: string;
                            /** Format: email */
                            email: string;
                            phone: string;
                            tin?: string;
                            vatin?: string;
                            fraudPreventionData?: {
                                /** @description earlier transactions in the shop, current order excluded */
                                transactionsNumber?: number;
                                /** @description earlier cashless transactions */
                                cashlessTransactionsNumber?: number;
                                /** @description sum of earlier paid transactions, current order excluded */
                                transactionsSum: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                /** @description sum of earlier cashless transactions */
                                cashlessTransactionsSum?: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                /** @description seconds spent on the partner's site */
                                pageTotalTime?: number | null;
                                /** @description seconds spent in review and comment sections */
                                pageReviewsTime?: number | null;
                                /** @description items removed from the basket */
                                cartItemsRemoved?: number | null;
                                /** @description product pages viewed */
                                itemsViewed?: number | null;
                                /** @description ISO 8601 date, YYYY-MM-DD */
                                latestTransactionDate?: string;
                                /** @description ISO 8601 date, YYYY-MM-DD */
                                earliestTransactionDate?: string;
                                tags?: string[];
                            };
                            extraData?: unknown;
                            addresses: unknown[];
                        };
                        order: {
                            /** @description VAT included */
                            totalPrice: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description one entry per VAT rate */
                            totalVat: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            }[];
                            /** @enum {string} */
                            deliveryType?: "DELIVERY_CARRIER" | "PERSONAL_BRANCH" | "PERSONAL_PARTNER" | "ONLINE";
                            channel?: string;
                            number: string;
                            /** @description ISO 8601, no fractional seconds */
                            reservationDate?: string;
                            /**
                             * @description DELIVERED or SENT while such pieces are in the order, else PROCESSING while pieces are open; CANCELLED (nothing will be delivered, also after the application was cancelled) or RETURNED when nothing is left
                             * @enum {string}
                             */
                            state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                            items: {
                                code: string;
                                ean?: string;
                                name: string;
                                /** @enum {string} */
                                type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                                variant?: string;
                                producer?: string;
                                categories?: string[];
                                /** @description all pieces, VAT included */
                                totalPrice: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                totalVat: {
                                    /** @description VAT rate in percent */
                                    vatRate: number;
                                    /** @description integer in minor units */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                image?: string | {
                                    /** Format: uri */
                                    url: string;
                                    title?: string;
                                };
                                /** Format: uri */
                                productUrl?: string;
                                quantity: number;
                                unitPrice: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                unitVat: {
                                    /** @description VAT rate in percent */
                                    vatRate: number;
                                    /** @description integer in minor units */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                /**
                                 * @description the most advanced state of a piece still in the order; CANCELLED or RETURNED when none is left
                                 * @enum {string}
                                 */
                                state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                                /** @description pieces that left the shop (a delivery without a send counts as sent) */
                                quantitySent: number;
                                /** @description pieces whose journey ended: delivered, or returned on the way */
                                quantityDelivered: number;
                                /** @description pieces that came back */
                                quantityReturned: number;
                                /** @description pieces cancelled before they left (also by cancelling the application) */
                                quantityCancelled: number;
                                /** @description ISO 8601 date, YYYY-MM-DD */
                                sentDate?: string;
                                /** @description ISO 8601 date, YYYY-MM-DD */
                                deliveryDate?: string;
                                deliveryTrackingNumber?: string;
                            }[];
                            addresses: unknown[];
                            variableSymbols: string[];
                            /** @description a known carrier code or a custom carrier text */
                            deliveryCarrier?: {
                                /** @enum {string} */
                                carrierId: "CZ_POST_HAND" | "CZ_POST_OFFICE" | "CZ_POST_OTHER" | "PPL" | "DPD" | "GEIS" | "IN_TIME" | "TOP_TRANS" | "GEBRUDER_WEISS" | "LOCAL_COURIER" | "TNT" | "GLS" | "HDS_COMFORT" | "HDS_STANDARD";
                            } | {
                                carrierCustom: string;
                            };
                            documents: {
                                /** @enum {string} */
                                type: "INVOICE" | "PROFORMA_INVOICE" | "CREDIT_NOTE" | "OTHER";
                                /** @description metadata; the content is not echoed back */
                                file: {
                                    filename?: string;
                                    mimeType: string;
                                    size: number;
                                    sha256: string;
                                    url?: string;
                                };
                                description?: string;
                                extraData?: {
                                    [key: string]: components["schemas"]["FreeJsonValue"];
                                };
                            }[];
                            /** @description the seller of the goods, for a marketplace */
                            merchantId?: string;
                            /** @description the latest sentDate of its items */
                            sentDate?: string;
                            /** @description the latest deliveryDate of its items */
                            deliveryDate?: string;
                            /** @description the tracking number of the latest send that gave one */
                            deliveryTrackingNumber?: string;
                        };
                        merchantUrls: {
                            /** @description where the gateway sends the customer back; `{applicationId}` is replaced by the application id */
                            approvedRedirect: string;
                            /** @description where the gateway sends the customer back; `{applicationId}` is replaced by the application id */
                            rejectedRedirect: string;
                            /** Format: uri */
                            notificationEndpoint: string;
                            /**
                             * Format: uri
                             * @description where payment notifications go (payouts and credit notes); absent: the notificationEndpoint
                             */
                            paymentsEndpoint?: string | null;
                        };
                        customData: {
                            [key: string]: components["schemas"]["FreeJsonValue"];
                        } | null;
                        /** @description present when the application is recurring, or created from a recurrence */
                        recurrence?: {
                            id: string;
                            /** @enum {string} */
                            state: "APPROVING" | "READY" | "CANCELLED" | "EXPIRED";
                            /** @enum {string} */
                            financingType: "DEFERRED_PAYMENT" | "PAY_IN_THREE";
                            originApplicationId: string;
                            /** @description ISO 8601, no fractional seconds */
                            createdAt: string;
                            /** @description ISO 8601, no fractional seconds */
                            authorizedAt?: string;
                            /** @description ISO 8601, no fractional seconds */
                            validUntil?: string;
                        } | {
                            id: string;
                        };
                        /** @enum {string} */
                        cancelReason?: "APPLICATION_CANCELLED_CARRIER_CHANGED" | "APPLICATION_CANCELLED_CART_CONTENT_CHANGED" | "APPLICATION_CANCELLED_BY_CUSTOMER" | "APPLICATION_CANCELLED_BY_ERP" | "APPLICATION_CANCELLED_EXPIRED" | "APPLICATION_CANCELLED_UNFINISHED" | "APPLICATION_CANCELLED_BY_ESHOP_RULES" | "APPLICATION_CANCELLED_OTHER";
                        /** @description the customer's instalments, once approved */
                        repaymentPlan?: {
                            /** @description ISO 8601 date, YYYY-MM-DD */
                            dueDate: string;
                            amount: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                        }[];
                        /** @description how the customer pays the instalments (our account and the application's variable symbol), present once the customer confirmed at the gateway, so the shop can repeat it on its thank-you page; the gateway link shows it too, with QR Platba codes */
                        paymentInstructions?: {
                            /** @description our collection account */
                            iban: string;
                            /** @description the same account in the Czech domestic form (prefix-number/bank code), for a CZ IBAN */
                            accountNumber?: string;
                            /** @description the payee name */
                            recipient: string;
                            /** @description the variable symbol the customer pays every instalment with */
                            variableSymbol: string;
                        };
                        /** @description the operations that would be accepted now, judged by the same rules as the calls: CANCEL (PUT cancel), CHANGE_ORDER (PUT order), SEND, DELIVER, RETURN (PUT order/send, /deliver, /return), CANCEL_ITEMS (PUT order/cancel) */
                        allowedActions: ("CANCEL" | "CHANGE_ORDER" | "SEND" | "DELIVER" | "RETURN" | "CANCEL_ITEMS")[];
                        /** @description ISO 8601, no fractional seconds */
                        createdAt: string;
                        /** @description ISO 8601, no fractional seconds */
                        updatedAt: string;
                        /** @description non-blocking WARN records (deprecated fields), on create only */
                        warnings?: {
                            code?: string;
                            message?: string;
                            severity?: string;
                            attribute?: string;
                        }[];
                    };
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: a field is missing, malformed or over a limit; `attribute` names it
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /**
             * @description Not found. Error codes:
             *
             *     - `APPLICATION_NOT_FOUND`: no application with this id for this partner
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unprocessable. Error codes:
             *
             *     - `UNPROCESSABLE`: reserved by the spec
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `RATE_LIMIT_EXCEEDED`: more requests in a minute than the partner's limit; repeat after `Retry-After` seconds
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the database does not answer right now; repeat the same request (same Idempotency-Key) after `Retry-After` seconds
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    cancelApplication: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1-255 printable ASCII characters, unique per request of your choosing (a UUID). A retry with the same key and the same method, path and body within IDEMPOTENCY_TTL (24 h) answers the first response again, byte for byte, with `Idempotent-Replayed: true`, and changes nothing. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the id returned on creation */
                applicationId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @default APPLICATION_CANCELLED_OTHER
                     * @enum {string}
                     */
                    reason?: "APPLICATION_CANCELLED_CARRIER_CHANGED" | "APPLICATION_CANCELLED_CART_CONTENT_CHANGED" | "APPLICATION_CANCELLED_BY_CUSTOMER" | "APPLICATION_CANCELLED_BY_ERP" | "APPLICATION_CANCELLED_UNFINISHED" | "APPLICATION_CANCELLED_BY_ESHOP_RULES" | "APPLICATION_CANCELLED_OTHER";
                    customReason?: string;
                };
            };
        };
        responses: {
            /** @description the order and the application basics (the spec), and the whole application after the cancel under `application` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description VAT included */
                        totalPrice: {
                            /** @description integer in minor units (125.90 → 12590) */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        };
                        /** @description one entry per VAT rate */
                        totalVat: {
                            /** @description VAT rate in percent */
                            vatRate: number;
                            /** @description integer in minor units */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        }[];
                        /** @enum {string} */
                        deliveryType?: "DELIVERY_CARRIER" | "PERSONAL_BRANCH" | "PERSONAL_PARTNER" | "ONLINE";
                        channel?: string;
                        number: string;
                        /** @description ISO 8601, no fractional seconds */
                        reservationDate?: string;
                        /**
                         * @description DELIVERED or SENT while such pieces are in the order, else PROCESSING while pieces are open; CANCELLED (nothing will be delivered, also after the application was cancelled) or RETURNED when nothing is left
                         * @enum {string}
                         */
                        state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                        items: {
                            code: string;
                            ean?: string;
                            name: string;
                            /** @enum {string} */
                            type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                            variant?: string;
                            producer?: string;
                            categories?: string[];
                            /** @description all pieces, VAT included */
                            totalPrice: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            totalVat: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            image?: string | {
                                /** Format: uri */
                                url: string;
                                title?: string;
                            };
                            /** Format: uri */
                            productUrl?: string;
                            quantity: number;
                            unitPrice: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            unitVat: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /**
                             * @description the most advanced state of a piece still in the order; CANCELLED or RETURNED when none is left
                             * @enum {string}
                             */
                            state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                            /** @description pieces that left the shop (a delivery without a send counts as sent) */
                            quantitySent: number;
                            /** @description pieces whose journey ended: delivered, or returned on the way */
                            quantityDelivered: number;
                            /** @description pieces that came back */
                            quantityReturned: number;
                            /** @description pieces cancelled before they left (also by cancelling the application) */
                            quantityCancelled: number;
                            /** @description ISO 8601 date, YYYY-MM-DD */
                            sentDate?: string;
                            /** @description ISO 8601 date, YYYY-MM-DD */
                            deliveryDate?: string;
                            deliveryTrackingNumber?: string;
                        }[];
                        addresses: unknown[];
                        variableSymbols: string[];
                        /** @description a known carrier code or a custom carrier text */
                        deliveryCarrier?: {
                            /** @enum {string} */
                            carrierId: "CZ_POST_HAND" | "CZ_POST_OFFICE" | "CZ_POST_OTHER" | "PPL" | "DPD" | "GEIS" | "IN_TIME" | "TOP_TRANS" | "GEBRUDER_WEISS" | "LOCAL_COURIER" | "TNT" | "GLS" | "HDS_COMFORT" | "HDS_STANDARD";
                        } | {
                            carrierCustom: string;
                        };
                        documents: {
                            /** @enum {string} */
                            type: "INVOICE" | "PROFORMA_INVOICE" | "CREDIT_NOTE" | "OTHER";
                            /** @description metadata; the content is not echoed back */
                            file: {
                                filename?: string;
                                mimeType: string;
                                size: number;
                                sha256: string;
                                url?: string;
                            };
                            description?: string;
                            extraData?: {
                                [key: string]: components["schemas"]["FreeJsonValue"];
                            };
                        }[];
                        /** @description the seller of the goods, for a marketplace */
                        merchantId?: string;
                        /** @description the latest sentDate of its items */
                        sentDate?: string;
                        /** @description the latest deliveryDate of its items */
                        deliveryDate?: string;
                        /** @description the tracking number of the latest send that gave one */
                        deliveryTrackingNumber?: string;
                        applicationInfo: {
                            id: string;
                            /** @enum {string} */
                            state: "PROCESSING" | "READY" | "REJECTED" | "CANCELLED";
                            /** @enum {string} */
                            stateReason: "PROCESSING_REDIRECT_NEEDED" | "PROCESSING_PREAPPROVED" | "PROCESSING_VALIDATION_IN_PROGRESS" | "REJECTED" | "CANCELLED_NOT_PAID" | "READY_TO_SHIP" | "READY_SHIPPED" | "READY_DELIVERED" | "READY_PAID" | "CANCELLED_RETURNED";
                        };
                        application: {
                            id: string;
                            /** @enum {string} */
                            type: "DEFERRED_PAYMENT" | "PAY_IN_THREE";
                            /** @enum {string} */
                            state: "PROCESSING" | "READY" | "REJECTED" | "CANCELLED";
                            /** @enum {string} */
                            stateReason: "PROCESSING_REDIRECT_NEEDED" | "PROCESSING_PREAPPROVED" | "PROCESSING_VALIDATION_IN_PROGRESS" | "REJECTED" | "CANCELLED_NOT_PAID" | "READY_TO_SHIP" | "READY_SHIPPED" | "READY_DELIVERED" | "READY_PAID" | "CANCELLED_RETURNED";
                            agreementTermsAndConditions: boolean;
                            /**
                             * Format: uri
                             * @description send the customer here
                             */
                            gatewayRedirectUrl: string;
                            customer: {
                                /** @description academic title before the name (Ing., Mgr.) */
                                titleBefore?: string;
                                /** @description academic title after the name (Ph.D., CSc.) */
                                titleAfter?: string;
                                fullName?: string;
                                firstName?: string;
                                lastName?: string;
                                /** Format: email */
                                email: string;
                                phone: string;
                                tin?: string;
                                vatin?: string;
                                fraudPreventionData?: {
                                    /** @description earlier transactions in the shop, current order excluded */
                                    transactionsNumber?: number;
                                    /** @description earlier cashless transactions */
                                    cashlessTransactionsNumber?: number;
                                    /** @description sum of earlier paid transactions, current order excluded */
                                    transactionsSum: {
                                        /** @description integer in minor units (125.90 → 12590) */
                                        amount: number;
                                        /** @description ISO 4217 currency code */
                                        currency: string;
                                    };
                                    /** @description sum of earlier cashless transactions */
                                    cashlessTransactionsSum?: {
                                        /** @description integer in minor units (125.90 → 12590) */
                                        amount: number;
                                        /** @description ISO 4217 currency code */
                                        currency: string;
                                    };
                                    /** @description seconds spent on the partner's site */
                                    pageTotalTime?: number | null;
                                    /** @description seconds spent in review and comment sections */
                                    pageReviewsTime?: number | null;
                                    /** @description items removed from the basket */
                                    cartItemsRemoved?: number | null;
                                    /** @description product pages viewed */
                                    itemsViewed?: number | null;
                                    /** @description ISO 8601 date, YYYY-MM-DD */
                                    latestTransactionDate?: string;
                                    /** @description ISO 8601 date, YYYY-MM-DD */
                                    earliestTransactionDate?: string;
                                    tags?: string[];
                                };
                                extraData?: unknown;
                                addresses: unknown[];
                            };
                            order: {
                                /** @description VAT included */
                                totalPrice: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                /** @description one entry per VAT rate */
                                totalVat: {
                                    /** @description VAT rate in percent */
                                    vatRate: number;
                                    /** @description integer in minor units */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                }[];
                                /** @enum {string} */
                                deliveryType?: "DELIVERY_CARRIER" | "PERSONAL_BRANCH" | "PERSONAL_PARTNER" | "ONLINE";
                                channel?: string;
                                number: string;
                                /** @description ISO 8601, no fractional seconds */
                                reservationDate?: string;
                                /**
                                 * @description DELIVERED or SENT while such pieces are in the order, else PROCESSING while pieces are open; CANCELLED (nothing will be delivered, also after the application was cancelled) or RETURNED when nothing is left
                                 * @enum {string}
                                 */
                                state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                                items: {
                                    code: string;
                                    ean?: string;
                                    name: string;
                                    /** @enum {string} */
                                    type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                                    variant?: string;
                                    producer?: string;
                                    categories?: string[];
                                    /** @description all pieces, VAT included */
                                    totalPrice: {
                                        /** @description integer in minor units (125.90 → 12590) */
                                        amount: number;
                                        /** @description ISO 4217 currency code */
                                        currency: string;
                                    };
                                    totalVat: {
                                        /** @description VAT rate in percent */
                                        vatRate: number;
                                        /** @description integer in minor units */
                                        amount: number;
                                        /** @description ISO 4217 currency code */
                                        currency: string;
                                    };
                                    image?: string | {
                                        /** Format: uri */
                                        url: string;
                                        title?: string;
                                    };
                                    /** Format: uri */
                                    productUrl?: string;
                                    quantity: number;
                                    unitPrice: {
                                        /** @description integer in minor units (125.90 → 12590) */
                                        amount: number;
                                        /** @description ISO 4217 currency code */
                                        currency: string;
                                    };
                                    unitVat: {
                                        /** @description VAT rate in percent */
                                        vatRate: number;
                                        /** @description integer in minor units */
                                        amount: number;
                                        /** @description ISO 4217 currency code */
                                        currency: string;
                                    };
                                    /**
                                     * @description the most advanced state of a piece still in the order; CANCELLED or RETURNED when none is left
                                     * @enum {string}
                                     */
                                    state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                                    /** @description pieces that left the shop (a delivery without a send counts as sent) */
                                    quantitySent: number;
                                    /** @description pieces whose journey ended: delivered, or returned on the way */
                                    quantityDelivered: number;
                                    /** @description pieces that came back */
                                    quantityReturned: number;
                                    /** @description pieces cancelled before they left (also by cancelling the application) */
                                    quantityCancelled: number;
                                    /** @description ISO 8601 date, YYYY-MM-DD */
                                    sentDate?: string;
                                    /** @description ISO 8601 date, YYYY-MM-DD */
                                    deliveryDate?: string;
                                    deliveryTrackingNumber?: string;
                                }[];
                                addresses: unknown[];
                                variableSymbols: string[];
                                /** @description a known carrier code or a custom carrier text */
                                deliveryCarrier?: {
                                    /** @enum {string} */
                                    carrierId: "CZ_POST_HAND" | "CZ_POST_OFFICE" | "CZ_POST_OTHER" | "PPL" | "DPD" | "GEIS" | "IN_TIME" | "TOP_TRANS" | "GEBRUDER_WEISS" | "LOCAL_COURIER" | "TNT" | "GLS" | "HDS_COMFORT" | "HDS_STANDARD";
                                } | {
                                    carrierCustom: string;
                                };
                                documents: {
                                    /** @enum {string} */
                                    type: "INVOICE" | "PROFORMA_INVOICE" | "CREDIT_NOTE" | "OTHER";
                                    /** @description metadata; the content is not echoed back */
                                    file: {
                                        filename?: string;
                                        mimeType: string;
                                        size: number;
                                        sha256: string;
                                        url?: string;
                                    };
                                    description?: string;
                                    extraData?: {
                                        [key: string]: components["schemas"]["FreeJsonValue"];
                                    };
                                }[];
                                /** @description the seller of the goods, for a marketplace */
                                merchantId?: string;
                                /** @description the latest sentDate of its items */
                                sentDate?: string;
                                /** @description the latest deliveryDate of its items */
                                deliveryDate?: string;
                                /** @description the tracking number of the latest send that gave one */
                                deliveryTrackingNumber?: string;
                            };
                            merchantUrls: {
                                /** @description where the gateway sends the customer back; `{applicationId}` is replaced by the application id */
                                approvedRedirect: string;
                                /** @description where the gateway sends the customer back; `{applicationId}` is replaced by the application id */
                                rejectedRedirect: string;
                                /** Format: uri */
                                notificationEndpoint: string;
                                /**
                                 * Format: uri
                                 * @description where payment notifications go (payouts and credit notes); absent: the notificationEndpoint
                                 */
                                paymentsEndpoint?: string | null;
                            };
                            customData: {
                                [key: string]: components["schemas"]["FreeJsonValue"];
                            } | null;
                            /** @description present when the application is recurring, or created from a recurrence */
                            recurrence?: {
                                id: string;
                                /** @enum {string} */
                                state: "APPROVING" | "READY" | "CANCELLED" | "EXPIRED";
                                /** @enum {string} */
                                financingType: "DEFERRED_PAYMENT" | "PAY_IN_THREE";
                                originApplicationId: string;
                                /** @description ISO 8601, no fractional seconds */
                                createdAt: string;
                                /** @description ISO 8601, no fractional seconds */
                                authorizedAt?: string;
                                /** @description ISO 8601, no fractional seconds */
                                validUntil?: string;
                            } | {
                                id: string;
                            };
                            /** @enum {string} */
                            cancelReason?: "APPLICATION_CANCELLED_CARRIER_CHANGED" | "APPLICATION_CANCELLED_CART_CONTENT_CHANGED" | "APPLICATION_CANCELLED_BY_CUSTOMER" | "APPLICATION_CANCELLED_BY_ERP" | "APPLICATION_CANCELLED_EXPIRED" | "APPLICATION_CANCELLED_UNFINISHED" | "APPLICATION_CANCELLED_BY_ESHOP_RULES" | "APPLICATION_CANCELLED_OTHER";
                            /** @description the customer's instalments, once approved */
                            repaymentPlan?: {
                                /** @description ISO 8601 date, YYYY-MM-DD */
                                dueDate: string;
                                amount: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                            }[];
                            /** @description how the customer pays the instalments (our account and the application's variable symbol), present once the customer confirmed at the gateway, so the shop can repeat it on its thank-you page; the gateway link shows it too, with QR Platba codes */
                            paymentInstructions?: {
                                /** @description our collection account */
                                iban: string;
                                /** @description the same account in the Czech domestic form (prefix-number/bank code), for a CZ IBAN */
                                accountNumber?: string;
                                /** @description the payee name */
                                recipient: string;
                                /** @description the variable symbol the customer pays every instalment with */
                                variableSymbol: string;
                            };
                            /** @description the operations that would be accepted now, judged by the same rules as the calls: CANCEL (PUT cancel), CHANGE_ORDER (PUT order), SEND, DELIVER, RETURN (PUT order/send, /deliver, /return), CANCEL_ITEMS (PUT order/cancel) */
                            allowedActions: ("CANCEL" | "CHANGE_ORDER" | "SEND" | "DELIVER" | "RETURN" | "CANCEL_ITEMS")[];
                            /** @description ISO 8601, no fractional seconds */
                            createdAt: string;
                            /** @description ISO 8601, no fractional seconds */
                            updatedAt: string;
                            /** @description non-blocking WARN records (deprecated fields), on create only */
                            warnings?: {
                                code?: string;
                                message?: string;
                                severity?: string;
                                attribute?: string;
                            }[];
                        };
                    };
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: a field is missing, malformed or over a limit; `attribute` names it
             *     - `INVALID_REQUEST`: the Idempotency-Key header is empty, longer than 255 characters or not printable ASCII (`attribute`: `Idempotency-Key`)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /**
             * @description Not found. Error codes:
             *
             *     - `OBJECT_NOT_FOUND`: no application with this id for this partner
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflict. Error codes:
             *
             *     - `IDEMPOTENCY_KEY_IN_USE`: a request with this Idempotency-Key is still running; repeat after `Retry-After` seconds
             */
            409: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unsupported media type. Error codes:
             *
             *     - `INVALID_REQUEST`: the body is not `Content-Type: application/json` in UTF-8, or is compressed
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unprocessable. Error codes:
             *
             *     - `APPLICATION_REJECTED`: the application was rejected
             *     - `APPLICATION_ALREADY_CANCELLED`: the application is already cancelled
             *     - `APPLICATION_VALIDATION_IN_PROGRESS`: the customer confirmed and the decision is running
             *     - `APPLICATION_PAID`: the partner has been paid; use return
             *     - `NOT_SUPPORTED`: items were sent or delivered; use return
             *     - `UNPROCESSABLE`: any other refused transition
             *     - `IDEMPOTENCY_KEY_REUSED`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `RATE_LIMIT_EXCEEDED`: more requests in a minute than the partner's limit; repeat after `Retry-After` seconds
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the database does not answer right now; repeat the same request (same Idempotency-Key) after `Retry-After` seconds
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    changeOrder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1-255 printable ASCII characters, unique per request of your choosing (a UUID). A retry with the same key and the same method, path and body within IDEMPOTENCY_TTL (24 h) answers the first response again, byte for byte, with `Idempotent-Replayed: true`, and changes nothing. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the id returned on creation */
                applicationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description free text */
                    reason?: string;
                    /** @description only the changed data */
                    order: {
                        /** @description the new total; must equal the items (a negative total is no order) */
                        totalPrice?: {
                            /** @description ISO 4217 currency code */
                            currency: string;
                            amount: number;
                        };
                        /** @description one entry per VAT rate */
                        totalVat?: {
                            /** @description VAT rate in percent */
                            vatRate: number;
                            /** @description integer in minor units */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        }[];
                        /** @description replaces the item list */
                        items?: {
                            code: string;
                            ean?: string;
                            name: string;
                            /** @enum {string} */
                            type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                            variant?: string;
                            producer?: string;
                            categories?: string[];
                            /** @description positive, at most 3 decimal places, minimum 1; empty counts as 1 */
                            quantity?: number | null;
                            unitPrice?: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description all pieces, VAT included */
                            totalPrice: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            unitVat?: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            totalVat: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            image?: string | {
                                /** Format: uri */
                                url: string;
                                title?: string;
                            };
                            /** Format: uri */
                            productUrl?: string;
                        }[];
                        addresses?: {
                            name?: string;
                            city?: string;
                            /** @description ISO 3166-1 alpha-2 country code */
                            country?: string;
                            streetAddress?: string;
                            streetNumber?: string;
                            zip?: string;
                            /** @enum {string} */
                            addressType: "BILLING" | "DELIVERY";
                        }[];
                        /** @description a known carrier code or a custom carrier text */
                        deliveryCarrier?: {
                            /** @enum {string} */
                            carrierId: "CZ_POST_HAND" | "CZ_POST_OFFICE" | "CZ_POST_OTHER" | "PPL" | "DPD" | "GEIS" | "IN_TIME" | "TOP_TRANS" | "GEBRUDER_WEISS" | "LOCAL_COURIER" | "TNT" | "GLS" | "HDS_COMFORT" | "HDS_STANDARD";
                        } | {
                            carrierCustom: string;
                        };
                        /** @description added to the order's documents */
                        documents?: {
                            /** @enum {string} */
                            type: "INVOICE" | "PROFORMA_INVOICE" | "CREDIT_NOTE" | "OTHER";
                            /** @description the file: {filename, content (base64)}, bare base64 content, or an https URL; at most 500 kB */
                            file: {
                                filename: string;
                                content: string;
                            } | string;
                            description?: string;
                            extraData?: {
                                variableSymbol?: string;
                            } & {
                                [key: string]: components["schemas"]["FreeJsonValue"];
                            };
                        }[];
                    };
                };
            };
        };
        responses: {
            /** @description the changed order plus applicationInfo, and the operation's id */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description VAT included */
                        totalPrice: {
                            /** @description integer in minor units (125.90 → 12590) */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        };
                        /** @description one entry per VAT rate */
                        totalVat: {
                            /** @description VAT rate in percent */
                            vatRate: number;
                            /** @description integer in minor units */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        }[];
                        /** @enum {string} */
                        deliveryType?: "DELIVERY_CARRIER" | "PERSONAL_BRANCH" | "PERSONAL_PARTNER" | "ONLINE";
                        channel?: string;
                        number: string;
                        /** @description ISO 8601, no fractional seconds */
                        reservationDate?: string;
                        /**
                         * @description DELIVERED or SENT while such pieces are in the order, else PROCESSING while pieces are open; CANCELLED (nothing will be delivered, also after the application was cancelled) or RETURNED when nothing is left
                         * @enum {string}
                         */
                        state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                        items: {
                            code: string;
                            ean?: string;
                            name: string;
                            /** @enum {string} */
                            type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                            variant?: string;
                            producer?: string;
                            categories?: string[];
                            /** @description all pieces, VAT included */
                            totalPrice: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            totalVat: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            image?: string | {
                                /** Format: uri */
                                url: string;
                                title?: string;
                            };
                            /** Format: uri */
                            productUrl?: string;
                            quantity: number;
                            unitPrice: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            unitVat: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /**
                             * @description the most advanced state of a piece still in the order; CANCELLED or RETURNED when none is left
                             * @enum {string}
                             */
                            state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                            /** @description pieces that left the shop (a delivery without a send counts as sent) */
                            quantitySent: number;
                            /** @description pieces whose journey ended: delivered, or returned on the way */
                            quantityDelivered: number;
                            /** @description pieces that came back */
                            quantityReturned: number;
                            /** @description pieces cancelled before they left (also by cancelling the application) */
                            quantityCancelled: number;
                            /** @description ISO 8601 date, YYYY-MM-DD */
                            sentDate?: string;
                            /** @description ISO 8601 date, YYYY-MM-DD */
                            deliveryDate?: string;
                            deliveryTrackingNumber?: string;
                        }[];
                        addresses: unknown[];
                        variableSymbols: string[];
                        /** @description a known carrier code or a custom carrier text */
                        deliveryCarrier?: {
                            /** @enum {string} */
                            carrierId: "CZ_POST_HAND" | "CZ_POST_OFFICE" | "CZ_POST_OTHER" | "PPL" | "DPD" | "GEIS" | "IN_TIME" | "TOP_TRANS" | "GEBRUDER_WEISS" | "LOCAL_COURIER" | "TNT" | "GLS" | "HDS_COMFORT" | "HDS_STANDARD";
                        } | {
                            carrierCustom: string;
                        };
                        documents: {
                            /** @enum {string} */
                            type: "INVOICE" | "PROFORMA_INVOICE" | "CREDIT_NOTE" | "OTHER";
                            /** @description metadata; the content is not echoed back */
                            file: {
                                filename?: string;
                                mimeType: string;
                                size: number;
                                sha256: string;
                                url?: string;
                            };
                            description?: string;
                            extraData?: {
                                [key: string]: components["schemas"]["FreeJsonValue"];
                            };
                        }[];
                        /** @description the seller of the goods, for a marketplace */
                        merchantId?: string;
                        /** @description the latest sentDate of its items */
                        sentDate?: string;
                        /** @description the latest deliveryDate of its items */
                        deliveryDate?: string;
                        /** @description the tracking number of the latest send that gave one */
                        deliveryTrackingNumber?: string;
                        applicationInfo: {
                            id: string;
                            /** @enum {string} */
                            state: "PROCESSING" | "READY" | "REJECTED" | "CANCELLED";
                            /** @enum {string} */
                            stateReason: "PROCESSING_REDIRECT_NEEDED" | "PROCESSING_PREAPPROVED" | "PROCESSING_VALIDATION_IN_PROGRESS" | "REJECTED" | "CANCELLED_NOT_PAID" | "READY_TO_SHIP" | "READY_SHIPPED" | "READY_DELIVERED" | "READY_PAID" | "CANCELLED_RETURNED";
                        };
                        /** @description this call: every payment line it causes names it (`operationId` of the Payment) */
                        operationId: string;
                    };
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: a field is missing, malformed or over a limit; `attribute` names it
             *     - `INVALID_REQUEST`: the Idempotency-Key header is empty, longer than 255 characters or not printable ASCII (`attribute`: `Idempotency-Key`)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /**
             * @description Not found. Error codes:
             *
             *     - `OBJECT_NOT_FOUND`: no application with this id for this partner
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflict. Error codes:
             *
             *     - `IDEMPOTENCY_KEY_IN_USE`: a request with this Idempotency-Key is still running; repeat after `Retry-After` seconds
             */
            409: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unsupported media type. Error codes:
             *
             *     - `INVALID_REQUEST`: the body is not `Content-Type: application/json` in UTF-8, or is compressed
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unprocessable. Error codes:
             *
             *     - `APPLICATION_NOT_READY`: the application is not approved yet (PROCESSING)
             *     - `APPLICATION_REJECTED`: the application was rejected
             *     - `APPLICATION_ALREADY_CANCELLED`: the application is cancelled
             *     - `ORDER_ALREADY_SENT`: an item was marked sent or delivered
             *     - `NOT_SUPPORTED`: an approved total may not grow; an approved PAY_IN_THREE total may not change
             *     - `UNPROCESSABLE`: the totals do not match the items, another currency, or a document URL that cannot be fetched
             *     - `IDEMPOTENCY_KEY_REUSED`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `RATE_LIMIT_EXCEEDED`: more requests in a minute than the partner's limit; repeat after `Retry-After` seconds
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the database does not answer right now; repeat the same request (same Idempotency-Key) after `Retry-After` seconds
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    cancelOrderItems: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1-255 printable ASCII characters, unique per request of your choosing (a UUID). A retry with the same key and the same method, path and body within IDEMPOTENCY_TTL (24 h) answers the first response again, byte for byte, with `Idempotent-Replayed: true`, and changes nothing. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the id returned on creation */
                applicationId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    items?: ({
                        code?: string;
                        ean?: string;
                        name?: string;
                        /** @enum {string} */
                        type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                        /** @description pieces, up to 3 decimals; empty: all of the item that can still be marked */
                        quantity?: number | null;
                    } | {
                        code: string;
                        ean?: string;
                        name?: string;
                        /** @enum {string} */
                        type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                        /** @description pieces, up to 3 decimals; empty: all of the item that can still be marked */
                        quantity?: number | null;
                    } | {
                        code?: string;
                        ean: string;
                        name?: string;
                        /** @enum {string} */
                        type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                        /** @description pieces, up to 3 decimals; empty: all of the item that can still be marked */
                        quantity?: number | null;
                    } | {
                        code?: string;
                        ean?: string;
                        name: string;
                        /** @enum {string} */
                        type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                        /** @description pieces, up to 3 decimals; empty: all of the item that can still be marked */
                        quantity?: number | null;
                    } | {
                        code?: string;
                        ean?: string;
                        name?: string;
                        /** @enum {string} */
                        type: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                        /** @description pieces, up to 3 decimals; empty: all of the item that can still be marked */
                        quantity?: number | null;
                    })[];
                    /** @description the amount cancelled when it differs from the items' value; at most their value while other pieces stay open */
                    totalPrice?: {
                        /** @description ISO 4217 currency code */
                        currency: string;
                        amount: number;
                    };
                    /** @description one entry per VAT rate */
                    totalVat?: {
                        /** @description VAT rate in percent */
                        vatRate: number;
                        /** @description integer in minor units */
                        amount: number;
                        /** @description ISO 4217 currency code */
                        currency: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description the changed order plus applicationInfo, and the operation's id */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description VAT included */
                        totalPrice: {
                            /** @description integer in minor units (125.90 → 12590) */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        };
                        /** @description one entry per VAT rate */
                        totalVat: {
                            /** @description VAT rate in percent */
                            vatRate: number;
                            /** @description integer in minor units */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        }[];
                        /** @enum {string} */
                        deliveryType?: "DELIVERY_CARRIER" | "PERSONAL_BRANCH" | "PERSONAL_PARTNER" | "ONLINE";
                        channel?: string;
                        number: string;
                        /** @description ISO 8601, no fractional seconds */
                        reservationDate?: string;
                        /**
                         * @description DELIVERED or SENT while such pieces are in the order, else PROCESSING while pieces are open; CANCELLED (nothing will be delivered, also after the application was cancelled) or RETURNED when nothing is left
                         * @enum {string}
                         */
                        state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                        items: {
                            code: string;
                            ean?: string;
                            name: string;
                            /** @enum {string} */
                            type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                            variant?: string;
                            producer?: string;
                            categories?: string[];
                            /** @description all pieces, VAT included */
                            totalPrice: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            totalVat: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            image?: string | {
                                /** Format: uri */
                                url: string;
                                title?: string;
                            };
                            /** Format: uri */
                            productUrl?: string;
                            quantity: number;
                            unitPrice: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            unitVat: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /**
                             * @description the most advanced state of a piece still in the order; CANCELLED or RETURNED when none is left
                             * @enum {string}
                             */
                            state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                            /** @description pieces that left the shop (a delivery without a send counts as sent) */
                            quantitySent: number;
                            /** @description pieces whose journey ended: delivered, or returned on the way */
                            quantityDelivered: number;
                            /** @description pieces that came back */
                            quantityReturned: number;
                            /** @description pieces cancelled before they left (also by cancelling the application) */
                            quantityCancelled: number;
                            /** @description ISO 8601 date, YYYY-MM-DD */
                            sentDate?: string;
                            /** @description ISO 8601 date, YYYY-MM-DD */
                            deliveryDate?: string;
                            deliveryTrackingNumber?: string;
                        }[];
                        addresses: unknown[];
                        variableSymbols: string[];
                        /** @description a known carrier code or a custom carrier text */
                        deliveryCarrier?: {
                            /** @enum {string} */
                            carrierId: "CZ_POST_HAND" | "CZ_POST_OFFICE" | "CZ_POST_OTHER" | "PPL" | "DPD" | "GEIS" | "IN_TIME" | "TOP_TRANS" | "GEBRUDER_WEISS" | "LOCAL_COURIER" | "TNT" | "GLS" | "HDS_COMFORT" | "HDS_STANDARD";
                        } | {
                            carrierCustom: string;
                        };
                        documents: {
                            /** @enum {string} */
                            type: "INVOICE" | "PROFORMA_INVOICE" | "CREDIT_NOTE" | "OTHER";
                            /** @description metadata; the content is not echoed back */
                            file: {
                                filename?: string;
                                mimeType: string;
                                size: number;
                                sha256: string;
                                url?: string;
                            };
                            description?: string;
                            extraData?: {
                                [key: string]: components["schemas"]["FreeJsonValue"];
                            };
                        }[];
                        /** @description the seller of the goods, for a marketplace */
                        merchantId?: string;
                        /** @description the latest sentDate of its items */
                        sentDate?: string;
                        /** @description the latest deliveryDate of its items */
                        deliveryDate?: string;
                        /** @description the tracking number of the latest send that gave one */
                        deliveryTrackingNumber?: string;
                        applicationInfo: {
                            id: string;
                            /** @enum {string} */
                            state: "PROCESSING" | "READY" | "REJECTED" | "CANCELLED";
                            /** @enum {string} */
                            stateReason: "PROCESSING_REDIRECT_NEEDED" | "PROCESSING_PREAPPROVED" | "PROCESSING_VALIDATION_IN_PROGRESS" | "REJECTED" | "CANCELLED_NOT_PAID" | "READY_TO_SHIP" | "READY_SHIPPED" | "READY_DELIVERED" | "READY_PAID" | "CANCELLED_RETURNED";
                        };
                        /** @description this call: every payment line it causes names it (`operationId` of the Payment) */
                        operationId: string;
                    };
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: a field is missing, malformed or over a limit; `attribute` names it
             *     - `INVALID_REQUEST`: the Idempotency-Key header is empty, longer than 255 characters or not printable ASCII (`attribute`: `Idempotency-Key`)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /**
             * @description Not found. Error codes:
             *
             *     - `OBJECT_NOT_FOUND`: no application with this id for this partner
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflict. Error codes:
             *
             *     - `CONCURRENT_MODIFICATION`: the application kept changing under the request; repeat it
             *     - `IDEMPOTENCY_KEY_IN_USE`: a request with this Idempotency-Key is still running; repeat after `Retry-After` seconds
             */
            409: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unsupported media type. Error codes:
             *
             *     - `INVALID_REQUEST`: the body is not `Content-Type: application/json` in UTF-8, or is compressed
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unprocessable. Error codes:
             *
             *     - `APPLICATION_NOT_READY`: the application is not approved yet (PROCESSING)
             *     - `APPLICATION_REJECTED`: the application was rejected
             *     - `APPLICATION_ALREADY_CANCELLED`: the application is cancelled
             *     - `UNPROCESSABLE`: no item matches, several match, a quantity exceeds what is left, nothing is left to mark, another currency, a document URL that cannot be fetched
             *     - `TOTAL_PRICE_LIMIT_EXCEEDED`: the amount cancelled exceeds the cancelled items' value while other items stay open, or the order total
             *     - `IDEMPOTENCY_KEY_REUSED`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `RATE_LIMIT_EXCEEDED`: more requests in a minute than the partner's limit; repeat after `Retry-After` seconds
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the database does not answer right now; repeat the same request (same Idempotency-Key) after `Retry-After` seconds
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deliverOrderItems: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1-255 printable ASCII characters, unique per request of your choosing (a UUID). A retry with the same key and the same method, path and body within IDEMPOTENCY_TTL (24 h) answers the first response again, byte for byte, with `Idempotent-Replayed: true`, and changes nothing. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the id returned on creation */
                applicationId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    items?: ({
                        code?: string;
                        ean?: string;
                        name?: string;
                        /** @enum {string} */
                        type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                        /** @description pieces, up to 3 decimals; empty: all of the item that can still be marked */
                        quantity?: number | null;
                    } | {
                        code: string;
                        ean?: string;
                        name?: string;
                        /** @enum {string} */
                        type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                        /** @description pieces, up to 3 decimals; empty: all of the item that can still be marked */
                        quantity?: number | null;
                    } | {
                        code?: string;
                        ean: string;
                        name?: string;
                        /** @enum {string} */
                        type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                        /** @description pieces, up to 3 decimals; empty: all of the item that can still be marked */
                        quantity?: number | null;
                    } | {
                        code?: string;
                        ean?: string;
                        name: string;
                        /** @enum {string} */
                        type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                        /** @description pieces, up to 3 decimals; empty: all of the item that can still be marked */
                        quantity?: number | null;
                    } | {
                        code?: string;
                        ean?: string;
                        name?: string;
                        /** @enum {string} */
                        type: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                        /** @description pieces, up to 3 decimals; empty: all of the item that can still be marked */
                        quantity?: number | null;
                    })[];
                    /** @description the delivered total; defaults to the order total; at most the value of the items delivered (the order total when the last pieces are delivered), else 422 TOTAL_PRICE_LIMIT_EXCEEDED */
                    totalPrice?: {
                        /** @description ISO 4217 currency code */
                        currency: string;
                        amount: number;
                    };
                    /** @description one entry per VAT rate */
                    totalVat?: {
                        /** @description VAT rate in percent */
                        vatRate: number;
                        /** @description integer in minor units */
                        amount: number;
                        /** @description ISO 4217 currency code */
                        currency: string;
                    }[];
                    document?: {
                        /** @enum {string} */
                        type: "INVOICE" | "PROFORMA_INVOICE" | "CREDIT_NOTE" | "OTHER";
                        /** @description the file: {filename, content (base64)}, bare base64 content, or an https URL; at most 500 kB */
                        file: {
                            filename: string;
                            content: string;
                        } | string;
                        description?: string;
                        extraData?: {
                            variableSymbol?: string;
                        } & {
                            [key: string]: components["schemas"]["FreeJsonValue"];
                        };
                    };
                    /** @description a known carrier code or a custom carrier text */
                    deliveryCarrier?: {
                        /** @enum {string} */
                        carrierId: "CZ_POST_HAND" | "CZ_POST_OFFICE" | "CZ_POST_OTHER" | "PPL" | "DPD" | "GEIS" | "IN_TIME" | "TOP_TRANS" | "GEBRUDER_WEISS" | "LOCAL_COURIER" | "TNT" | "GLS" | "HDS_COMFORT" | "HDS_STANDARD";
                    } | {
                        carrierCustom: string;
                    };
                    /** @description the date the goods were delivered */
                    deliveryDate?: string;
                };
            };
        };
        responses: {
            /** @description the changed order plus applicationInfo, and the operation's id */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description VAT included */
                        totalPrice: {
                            /** @description integer in minor units (125.90 → 12590) */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        };
                        /** @description one entry per VAT rate */
                        totalVat: {
                            /** @description VAT rate in percent */
                            vatRate: number;
                            /** @description integer in minor units */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        }[];
                        /** @enum {string} */
                        deliveryType?: "DELIVERY_CARRIER" | "PERSONAL_BRANCH" | "PERSONAL_PARTNER" | "ONLINE";
                        channel?: string;
                        number: string;
                        /** @description ISO 8601, no fractional seconds */
                        reservationDate?: string;
                        /**
                         * @description DELIVERED or SENT while such pieces are in the order, else PROCESSING while pieces are open; CANCELLED (nothing will be delivered, also after the application was cancelled) or RETURNED when nothing is left
                         * @enum {string}
                         */
                        state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                        items: {
                            code: string;
                            ean?: string;
                            name: string;
                            /** @enum {string} */
                            type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                            variant?: string;
                            producer?: string;
                            categories?: string[];
                            /** @description all pieces, VAT included */
                            totalPrice: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            totalVat: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            image?: string | {
                                /** Format: uri */
                                url: string;
                                title?: string;
                            };
                            /** Format: uri */
                            productUrl?: string;
                            quantity: number;
                            unitPrice: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            unitVat: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /**
                             * @description the most advanced state of a piece still in the order; CANCELLED or RETURNED when none is left
                             * @enum {string}
                             */
                            state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                            /** @description pieces that left the shop (a delivery without a send counts as sent) */
                            quantitySent: number;
                            /** @description pieces whose journey ended: delivered, or returned on the way */
                            quantityDelivered: number;
                            /** @description pieces that came back */
                            quantityReturned: number;
                            /** @description pieces cancelled before they left (also by cancelling the application) */
                            quantityCancelled: number;
                            /** @description ISO 8601 date, YYYY-MM-DD */
                            sentDate?: string;
                            /** @description ISO 8601 date, YYYY-MM-DD */
                            deliveryDate?: string;
                            deliveryTrackingNumber?: string;
                        }[];
                        addresses: unknown[];
                        variableSymbols: string[];
                        /** @description a known carrier code or a custom carrier text */
                        deliveryCarrier?: {
                            /** @enum {string} */
                            carrierId: "CZ_POST_HAND" | "CZ_POST_OFFICE" | "CZ_POST_OTHER" | "PPL" | "DPD" | "GEIS" | "IN_TIME" | "TOP_TRANS" | "GEBRUDER_WEISS" | "LOCAL_COURIER" | "TNT" | "GLS" | "HDS_COMFORT" | "HDS_STANDARD";
                        } | {
                            carrierCustom: string;
                        };
                        documents: {
                            /** @enum {string} */
                            type: "INVOICE" | "PROFORMA_INVOICE" | "CREDIT_NOTE" | "OTHER";
                            /** @description metadata; the content is not echoed back */
                            file: {
                                filename?: string;
                                mimeType: string;
                                size: number;
                                sha256: string;
                                url?: string;
                            };
                            description?: string;
                            extraData?: {
                                [key: string]: components["schemas"]["FreeJsonValue"];
                            };
                        }[];
                        /** @description the seller of the goods, for a marketplace */
                        merchantId?: string;
                        /** @description the latest sentDate of its items */
                        sentDate?: string;
                        /** @description the latest deliveryDate of its items */
                        deliveryDate?: string;
                        /** @description the tracking number of the latest send that gave one */
                        deliveryTrackingNumber?: string;
                        applicationInfo: {
                            id: string;
                            /** @enum {string} */
                            state: "PROCESSING" | "READY" | "REJECTED" | "CANCELLED";
                            /** @enum {string} */
                            stateReason: "PROCESSING_REDIRECT_NEEDED" | "PROCESSING_PREAPPROVED" | "PROCESSING_VALIDATION_IN_PROGRESS" | "REJECTED" | "CANCELLED_NOT_PAID" | "READY_TO_SHIP" | "READY_SHIPPED" | "READY_DELIVERED" | "READY_PAID" | "CANCELLED_RETURNED";
                        };
                        /** @description this call: every payment line it causes names it (`operationId` of the Payment) */
                        operationId: string;
                    };
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: a field is missing, malformed or over a limit; `attribute` names it
             *     - `INVALID_REQUEST`: the Idempotency-Key header is empty, longer than 255 characters or not printable ASCII (`attribute`: `Idempotency-Key`)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /**
             * @description Not found. Error codes:
             *
             *     - `OBJECT_NOT_FOUND`: no application with this id for this partner
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflict. Error codes:
             *
             *     - `CONCURRENT_MODIFICATION`: the application kept changing under the request; repeat it
             *     - `IDEMPOTENCY_KEY_IN_USE`: a request with this Idempotency-Key is still running; repeat after `Retry-After` seconds
             */
            409: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unsupported media type. Error codes:
             *
             *     - `INVALID_REQUEST`: the body is not `Content-Type: application/json` in UTF-8, or is compressed
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unprocessable. Error codes:
             *
             *     - `APPLICATION_NOT_READY`: the application is not approved yet (PROCESSING)
             *     - `APPLICATION_REJECTED`: the application was rejected
             *     - `APPLICATION_ALREADY_CANCELLED`: the application is cancelled
             *     - `UNPROCESSABLE`: no item matches, several match, a quantity exceeds what is left, nothing is left to mark, another currency, a document URL that cannot be fetched
             *     - `TOTAL_PRICE_LIMIT_EXCEEDED`: totalPrice exceeds the value of the items delivered (the order total for the last pieces)
             *     - `IDEMPOTENCY_KEY_REUSED`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `RATE_LIMIT_EXCEEDED`: more requests in a minute than the partner's limit; repeat after `Retry-After` seconds
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the database does not answer right now; repeat the same request (same Idempotency-Key) after `Retry-After` seconds
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    returnOrderItems: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1-255 printable ASCII characters, unique per request of your choosing (a UUID). A retry with the same key and the same method, path and body within IDEMPOTENCY_TTL (24 h) answers the first response again, byte for byte, with `Idempotent-Replayed: true`, and changes nothing. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the id returned on creation */
                applicationId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description omitted: full return; []: amount-only refund of totalPrice; filled: the listed items */
                    items?: ({
                        code?: string;
                        ean?: string;
                        name?: string;
                        /** @enum {string} */
                        type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                        /** @description pieces, up to 3 decimals; empty: all of the item that can still be marked */
                        quantity?: number | null;
                    } | {
                        code: string;
                        ean?: string;
                        name?: string;
                        /** @enum {string} */
                        type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                        /** @description pieces, up to 3 decimals; empty: all of the item that can still be marked */
                        quantity?: number | null;
                    } | {
                        code?: string;
                        ean: string;
                        name?: string;
                        /** @enum {string} */
                        type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                        /** @description pieces, up to 3 decimals; empty: all of the item that can still be marked */
                        quantity?: number | null;
                    } | {
                        code?: string;
                        ean?: string;
                        name: string;
                        /** @enum {string} */
                        type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                        /** @description pieces, up to 3 decimals; empty: all of the item that can still be marked */
                        quantity?: number | null;
                    } | {
                        code?: string;
                        ean?: string;
                        name?: string;
                        /** @enum {string} */
                        type: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                        /** @description pieces, up to 3 decimals; empty: all of the item that can still be marked */
                        quantity?: number | null;
                    })[];
                    /** @description the amount returned when it differs from the items' value; at most their value while other pieces stay open */
                    totalPrice?: {
                        /** @description ISO 4217 currency code */
                        currency: string;
                        amount: number;
                    };
                    /** @description one entry per VAT rate */
                    totalVat?: {
                        /** @description VAT rate in percent */
                        vatRate: number;
                        /** @description integer in minor units */
                        amount: number;
                        /** @description ISO 4217 currency code */
                        currency: string;
                    }[];
                    document?: {
                        /** @enum {string} */
                        type: "INVOICE" | "PROFORMA_INVOICE" | "CREDIT_NOTE" | "OTHER";
                        /** @description the file: {filename, content (base64)}, bare base64 content, or an https URL; at most 500 kB */
                        file: {
                            filename: string;
                            content: string;
                        } | string;
                        description?: string;
                        extraData?: {
                            variableSymbol?: string;
                        } & {
                            [key: string]: components["schemas"]["FreeJsonValue"];
                        };
                    };
                    variableSymbol?: string;
                };
            };
        };
        responses: {
            /** @description the changed order plus applicationInfo, and the operation's id */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description VAT included */
                        totalPrice: {
                            /** @description integer in minor units (125.90 → 12590) */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        };
                        /** @description one entry per VAT rate */
                        totalVat: {
                            /** @description VAT rate in percent */
                            vatRate: number;
                            /** @description integer in minor units */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        }[];
                        /** @enum {string} */
                        deliveryType?: "DELIVERY_CARRIER" | "PERSONAL_BRANCH" | "PERSONAL_PARTNER" | "ONLINE";
                        channel?: string;
                        number: string;
                        /** @description ISO 8601, no fractional seconds */
                        reservationDate?: string;
                        /**
                         * @description DELIVERED or SENT while such pieces are in the order, else PROCESSING while pieces are open; CANCELLED (nothing will be delivered, also after the application was cancelled) or RETURNED when nothing is left
                         * @enum {string}
                         */
                        state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                        items: {
                            code: string;
                            ean?: string;
                            name: string;
                            /** @enum {string} */
                            type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                            variant?: string;
                            producer?: string;
                            categories?: string[];
                            /** @description all pieces, VAT included */
                            totalPrice: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            totalVat: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            image?: string | {
                                /** Format: uri */
                                url: string;
                                title?: string;
                            };
                            /** Format: uri */
                            productUrl?: string;
                            quantity: number;
                            unitPrice: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            unitVat: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /**
                             * @description the most advanced state of a piece still in the order; CANCELLED or RETURNED when none is left
                             * @enum {string}
                             */
                            state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                            /** @description pieces that left the shop (a delivery without a send counts as sent) */
                            quantitySent: number;
                            /** @description pieces whose journey ended: delivered, or returned on the way */
                            quantityDelivered: number;
                            /** @description pieces that came back */
                            quantityReturned: number;
                            /** @description pieces cancelled before they left (also by cancelling the application) */
                            quantityCancelled: number;
                            /** @description ISO 8601 date, YYYY-MM-DD */
                            sentDate?: string;
                            /** @description ISO 8601 date, YYYY-MM-DD */
                            deliveryDate?: string;
                            deliveryTrackingNumber?: string;
                        }[];
                        addresses: unknown[];
                        variableSymbols: string[];
                        /** @description a known carrier code or a custom carrier text */
                        deliveryCarrier?: {
                            /** @enum {string} */
                            carrierId: "CZ_POST_HAND" | "CZ_POST_OFFICE" | "CZ_POST_OTHER" | "PPL" | "DPD" | "GEIS" | "IN_TIME" | "TOP_TRANS" | "GEBRUDER_WEISS" | "LOCAL_COURIER" | "TNT" | "GLS" | "HDS_COMFORT" | "HDS_STANDARD";
                        } | {
                            carrierCustom: string;
                        };
                        documents: {
                            /** @enum {string} */
                            type: "INVOICE" | "PROFORMA_INVOICE" | "CREDIT_NOTE" | "OTHER";
                            /** @description metadata; the content is not echoed back */
                            file: {
                                filename?: string;
                                mimeType: string;
                                size: number;
                                sha256: string;
                                url?: string;
                            };
                            description?: string;
                            extraData?: {
                                [key: string]: components["schemas"]["FreeJsonValue"];
                            };
                        }[];
                        /** @description the seller of the goods, for a marketplace */
                        merchantId?: string;
                        /** @description the latest sentDate of its items */
                        sentDate?: string;
                        /** @description the latest deliveryDate of its items */
                        deliveryDate?: string;
                        /** @description the tracking number of the latest send that gave one */
                        deliveryTrackingNumber?: string;
                        applicationInfo: {
                            id: string;
                            /** @enum {string} */
                            state: "PROCESSING" | "READY" | "REJECTED" | "CANCELLED";
                            /** @enum {string} */
                            stateReason: "PROCESSING_REDIRECT_NEEDED" | "PROCESSING_PREAPPROVED" | "PROCESSING_VALIDATION_IN_PROGRESS" | "REJECTED" | "CANCELLED_NOT_PAID" | "READY_TO_SHIP" | "READY_SHIPPED" | "READY_DELIVERED" | "READY_PAID" | "CANCELLED_RETURNED";
                        };
                        /** @description this call: every payment line it causes names it (`operationId` of the Payment) */
                        operationId: string;
                    };
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: a field is missing, malformed or over a limit; `attribute` names it
             *     - `INVALID_REQUEST`: the Idempotency-Key header is empty, longer than 255 characters or not printable ASCII (`attribute`: `Idempotency-Key`)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /**
             * @description Not found. Error codes:
             *
             *     - `OBJECT_NOT_FOUND`: no application with this id for this partner
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflict. Error codes:
             *
             *     - `CONCURRENT_MODIFICATION`: the application kept changing under the request; repeat it
             *     - `IDEMPOTENCY_KEY_IN_USE`: a request with this Idempotency-Key is still running; repeat after `Retry-After` seconds
             */
            409: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unsupported media type. Error codes:
             *
             *     - `INVALID_REQUEST`: the body is not `Content-Type: application/json` in UTF-8, or is compressed
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unprocessable. Error codes:
             *
             *     - `APPLICATION_NOT_READY`: the application is not approved yet (PROCESSING)
             *     - `APPLICATION_REJECTED`: the application was rejected
             *     - `APPLICATION_ALREADY_CANCELLED`: the application is cancelled
             *     - `UNPROCESSABLE`: no item matches, several match, a quantity exceeds what is left, nothing is left to mark, another currency, a document URL that cannot be fetched
             *     - `TOTAL_PRICE_LIMIT_EXCEEDED`: the amount returned exceeds the order total, or the returned items' value while other items stay open
             *     - `IDEMPOTENCY_KEY_REUSED`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `RATE_LIMIT_EXCEEDED`: more requests in a minute than the partner's limit; repeat after `Retry-After` seconds
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the database does not answer right now; repeat the same request (same Idempotency-Key) after `Retry-After` seconds
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    sendOrderItems: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1-255 printable ASCII characters, unique per request of your choosing (a UUID). A retry with the same key and the same method, path and body within IDEMPOTENCY_TTL (24 h) answers the first response again, byte for byte, with `Idempotent-Replayed: true`, and changes nothing. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the id returned on creation */
                applicationId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    items?: ({
                        code?: string;
                        ean?: string;
                        name?: string;
                        /** @enum {string} */
                        type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                        /** @description pieces, up to 3 decimals; empty: all of the item that can still be marked */
                        quantity?: number | null;
                    } | {
                        code: string;
                        ean?: string;
                        name?: string;
                        /** @enum {string} */
                        type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                        /** @description pieces, up to 3 decimals; empty: all of the item that can still be marked */
                        quantity?: number | null;
                    } | {
                        code?: string;
                        ean: string;
                        name?: string;
                        /** @enum {string} */
                        type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                        /** @description pieces, up to 3 decimals; empty: all of the item that can still be marked */
                        quantity?: number | null;
                    } | {
                        code?: string;
                        ean?: string;
                        name: string;
                        /** @enum {string} */
                        type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                        /** @description pieces, up to 3 decimals; empty: all of the item that can still be marked */
                        quantity?: number | null;
                    } | {
                        code?: string;
                        ean?: string;
                        name?: string;
                        /** @enum {string} */
                        type: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                        /** @description pieces, up to 3 decimals; empty: all of the item that can still be marked */
                        quantity?: number | null;
                    })[];
                    /** @description the sent total; at most the value of the items sent (the order total when the last pieces are sent) */
                    totalPrice?: {
                        /** @description ISO 4217 currency code */
                        currency: string;
                        amount: number;
                    };
                    /** @description one entry per VAT rate */
                    totalVat?: {
                        /** @description VAT rate in percent */
                        vatRate: number;
                        /** @description integer in minor units */
                        amount: number;
                        /** @description ISO 4217 currency code */
                        currency: string;
                    }[];
                    variableSymbol?: string;
                    /** @description ISO 8601 date, YYYY-MM-DD */
                    sentDate?: string;
                    deliveryTrackingNumber?: string;
                    /** @description a known carrier code or a custom carrier text */
                    deliveryCarrier?: {
                        /** @enum {string} */
                        carrierId: "CZ_POST_HAND" | "CZ_POST_OFFICE" | "CZ_POST_OTHER" | "PPL" | "DPD" | "GEIS" | "IN_TIME" | "TOP_TRANS" | "GEBRUDER_WEISS" | "LOCAL_COURIER" | "TNT" | "GLS" | "HDS_COMFORT" | "HDS_STANDARD";
                    } | {
                        carrierCustom: string;
                    };
                    specificSymbol?: string;
                    document?: {
                        /** @enum {string} */
                        type: "INVOICE" | "PROFORMA_INVOICE" | "CREDIT_NOTE" | "OTHER";
                        /** @description the file: {filename, content (base64)}, bare base64 content, or an https URL; at most 500 kB */
                        file: {
                            filename: string;
                            content: string;
                        } | string;
                        description?: string;
                        extraData?: {
                            variableSymbol?: string;
                        } & {
                            [key: string]: components["schemas"]["FreeJsonValue"];
                        };
                    };
                };
            };
        };
        responses: {
            /** @description the changed order plus applicationInfo, and the operation's id */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description VAT included */
                        totalPrice: {
                            /** @description integer in minor units (125.90 → 12590) */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        };
                        /** @description one entry per VAT rate */
                        totalVat: {
                            /** @description VAT rate in percent */
                            vatRate: number;
                            /** @description integer in minor units */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        }[];
                        /** @enum {string} */
                        deliveryType?: "DELIVERY_CARRIER" | "PERSONAL_BRANCH" | "PERSONAL_PARTNER" | "ONLINE";
                        channel?: string;
                        number: string;
                        /** @description ISO 8601, no fractional seconds */
                        reservationDate?: string;
                        /**
                         * @description DELIVERED or SENT while such pieces are in the order, else PROCESSING while pieces are open; CANCELLED (nothing will be delivered, also after the application was cancelled) or RETURNED when nothing is left
                         * @enum {string}
                         */
                        state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                        items: {
                            code: string;
                            ean?: string;
                            name: string;
                            /** @enum {string} */
                            type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                            variant?: string;
                            producer?: string;
                            categories?: string[];
                            /** @description all pieces, VAT included */
                            totalPrice: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            totalVat: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            image?: string | {
                                /** Format: uri */
                                url: string;
                                title?: string;
                            };
                            /** Format: uri */
                            productUrl?: string;
                            quantity: number;
                            unitPrice: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            unitVat: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /**
                             * @description the most advanced state of a piece still in the order; CANCELLED or RETURNED when none is left
                             * @enum {string}
                             */
                            state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                            /** @description pieces that left the shop (a delivery without a send counts as sent) */
                            quantitySent: number;
                            /** @description pieces whose journey ended: delivered, or returned on the way */
                            quantityDelivered: number;
                            /** @description pieces that came back */
                            quantityReturned: number;
                            /** @description pieces cancelled before they left (also by cancelling the application) */
                            quantityCancelled: number;
                            /** @description ISO 8601 date, YYYY-MM-DD */
                            sentDate?: string;
                            /** @description ISO 8601 date, YYYY-MM-DD */
                            deliveryDate?: string;
                            deliveryTrackingNumber?: string;
                        }[];
                        addresses: unknown[];
                        variableSymbols: string[];
                        /** @description a known carrier code or a custom carrier text */
                        deliveryCarrier?: {
                            /** @enum {string} */
                            carrierId: "CZ_POST_HAND" | "CZ_POST_OFFICE" | "CZ_POST_OTHER" | "PPL" | "DPD" | "GEIS" | "IN_TIME" | "TOP_TRANS" | "GEBRUDER_WEISS" | "LOCAL_COURIER" | "TNT" | "GLS" | "HDS_COMFORT" | "HDS_STANDARD";
                        } | {
                            carrierCustom: string;
                        };
                        documents: {
                            /** @enum {string} */
                            type: "INVOICE" | "PROFORMA_INVOICE" | "CREDIT_NOTE" | "OTHER";
                            /** @description metadata; the content is not echoed back */
                            file: {
                                filename?: string;
                                mimeType: string;
                                size: number;
                                sha256: string;
                                url?: string;
                            };
                            description?: string;
                            extraData?: {
                                [key: string]: components["schemas"]["FreeJsonValue"];
                            };
                        }[];
                        /** @description the seller of the goods, for a marketplace */
                        merchantId?: string;
                        /** @description the latest sentDate of its items */
                        sentDate?: string;
                        /** @description the latest deliveryDate of its items */
                        deliveryDate?: string;
                        /** @description the tracking number of the latest send that gave one */
                        deliveryTrackingNumber?: string;
                        applicationInfo: {
                            id: string;
                            /** @enum {string} */
                            state: "PROCESSING" | "READY" | "REJECTED" | "CANCELLED";
                            /** @enum {string} */
                            stateReason: "PROCESSING_REDIRECT_NEEDED" | "PROCESSING_PREAPPROVED" | "PROCESSING_VALIDATION_IN_PROGRESS" | "REJECTED" | "CANCELLED_NOT_PAID" | "READY_TO_SHIP" | "READY_SHIPPED" | "READY_DELIVERED" | "READY_PAID" | "CANCELLED_RETURNED";
                        };
                        /** @description this call: every payment line it causes names it (`operationId` of the Payment) */
                        operationId: string;
                    };
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: a field is missing, malformed or over a limit; `attribute` names it
             *     - `INVALID_REQUEST`: the Idempotency-Key header is empty, longer than 255 characters or not printable ASCII (`attribute`: `Idempotency-Key`)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /**
             * @description Not found. Error codes:
             *
             *     - `OBJECT_NOT_FOUND`: no application with this id for this partner
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflict. Error codes:
             *
             *     - `CONCURRENT_MODIFICATION`: the application kept changing under the request; repeat it
             *     - `IDEMPOTENCY_KEY_IN_USE`: a request with this Idempotency-Key is still running; repeat after `Retry-After` seconds
             */
            409: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unsupported media type. Error codes:
             *
             *     - `INVALID_REQUEST`: the body is not `Content-Type: application/json` in UTF-8, or is compressed
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unprocessable. Error codes:
             *
             *     - `APPLICATION_NOT_READY`: the application is not approved yet (PROCESSING)
             *     - `APPLICATION_REJECTED`: the application was rejected
             *     - `APPLICATION_ALREADY_CANCELLED`: the application is cancelled
             *     - `UNPROCESSABLE`: no item matches, several match, a quantity exceeds what is left, nothing is left to mark, another currency, a document URL that cannot be fetched
             *     - `TOTAL_PRICE_LIMIT_EXCEEDED`: totalPrice exceeds the value of the items sent (the order total for the last pieces)
             *     - `IDEMPOTENCY_KEY_REUSED`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `RATE_LIMIT_EXCEEDED`: more requests in a minute than the partner's limit; repeat after `Retry-After` seconds
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the database does not answer right now; repeat the same request (same Idempotency-Key) after `Retry-After` seconds
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listPayments: {
        parameters: {
            query?: {
                /** @description items per page (default 20, at most 100) */
                limit?: number;
                /** @description paymentId of the last item of the previous page (forward) */
                after?: string;
                /** @description paymentId of the first item of the following page (backward) */
                before?: string;
            };
            header?: never;
            path: {
                /** @description the id returned on creation */
                applicationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{data: Payment[], pagingInfo}`; data is empty when nothing has been paid */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description UUIDv7: sorts by time; the paging cursor */
                            paymentId: string;
                            /**
                             * @description CREDIT_NOTE: goods came back after a payout; the partner owes it back
                             * @enum {string}
                             */
                            type: "PAYOUT" | "CREDIT_NOTE";
                            /** @description local date (Europe/Prague) of the record */
                            date: string;
                            applicationId: string;
                            /** @description what moves: grossValue - fee; negative for a credit note */
                            value: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description the value of the goods paid for (or credited) */
                            grossValue: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description the service's fee on grossValue */
                            fee: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description the order's first variable symbol */
                            variableSymbol?: string;
                            /** @description the call that caused it: the send, deliver, return, cancel or change whose answer returned this id (absent for payments made before operation ids) */
                            operationId?: string;
                            /** @description the call behind operationId */
                            operation?: {
                                /** @enum {string} */
                                type: "SEND" | "DELIVER" | "RETURN" | "CANCEL" | "CHANGE";
                                /** @description the Idempotency-Key the call was sent with, when it had one */
                                idempotencyKey?: string;
                                /** @description the items the call named; empty for an amount-only refund or an order change */
                                items: {
                                    code: string;
                                    /** @description decimal quantity the call touched */
                                    quantity: number;
                                    /** @description the value of those pieces in minor units */
                                    amount: number;
                                }[];
                            };
                            /** @description the service's billing data */
                            invoice: {
                                fullName: string;
                                address: {
                                    streetAddress: string;
                                    streetNumber: string;
                                    city: string;
                                    zip: string;
                                    country: string;
                                    /** @constant */
                                    addressType: "PERMANENT";
                                };
                                /** @description the payment date for a payout; 14 days later for a credit note */
                                dueDate: string;
                                accountNumber: {
                                    accountNumber: string;
                                    bankCode: string;
                                };
                            };
                        }[];
                        pagingInfo: {
                            itemsPerPage: number;
                            /** @description only when `after` was sent and more items follow */
                            nextPage?: string;
                            /** @description only when `before` was sent and more items precede */
                            prevPage?: string;
                        };
                    };
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: limit outside 1..100, both after and before, a malformed cursor, or a cursor that is no paymentId of this application (unknown cursor); `attribute` names it
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /**
             * @description Not found. Error codes:
             *
             *     - `OBJECT_NOT_FOUND`: no application with this id for this partner
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `RATE_LIMIT_EXCEEDED`: more requests in a minute than the partner's limit; repeat after `Retry-After` seconds
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the database does not answer right now; repeat the same request (same Idempotency-Key) after `Retry-After` seconds
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description items per page (default 20, at most 100) */
                limit?: number;
                /** @description id of the last event seen: the events recorded after it, oldest first */
                after?: string;
                /** @description id of the first event of the page seen: the events recorded just before it */
                before?: string;
                /** @description only the events of this application */
                applicationId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description the `webhook-id` of the notification: deduplicate webhooks and feed items by it; the paging cursor */
                            id: string;
                            /** @enum {string} */
                            type: "application" | "payment" | "settlement";
                            /** @description the application the event is about; absent for a settlement (the partner's, of no one application) */
                            applicationId?: string;
                            /** @description when the notification was created */
                            occurredAt: string;
                            /** @description the notification body exactly as the webhook sends it */
                            data: {
                                [key: string]: components["schemas"]["FreeJsonValue"];
                            };
                            /**
                             * @description the webhook's delivery: PENDING (not attempted yet), DELIVERED, FAILED (the last attempt failed, a retry is scheduled), DEAD_LETTERED (every attempt failed)
                             * @enum {string}
                             */
                            delivery: "PENDING" | "DELIVERED" | "FAILED" | "DEAD_LETTERED";
                        }[];
                        pagingInfo: {
                            itemsPerPage: number;
                            /** @description only when `after` was sent and more events follow */
                            nextPage?: string;
                            /** @description only when `before` was sent and more events precede */
                            prevPage?: string;
                        };
                    };
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: limit outside 1..100, both after and before, a malformed id, or a cursor that is not an event of this partner's feed (unknown or past the retention); `attribute` names it
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `RATE_LIMIT_EXCEEDED`: more requests in a minute than the partner's limit; repeat after `Retry-After` seconds
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the database does not answer right now; repeat the same request (same Idempotency-Key) after `Retry-After` seconds
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getOrder: {
        parameters: {
            query?: {
                orderNumber?: string;
                orderVariableSymbol?: string;
                applicationId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the order plus applicationInfo */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description VAT included */
                        totalPrice: {
                            /** @description integer in minor units (125.90 → 12590) */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        };
                        /** @description one entry per VAT rate */
                        totalVat: {
                            /** @description VAT rate in percent */
                            vatRate: number;
                            /** @description integer in minor units */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        }[];
                        /** @enum {string} */
                        deliveryType?: "DELIVERY_CARRIER" | "PERSONAL_BRANCH" | "PERSONAL_PARTNER" | "ONLINE";
                        channel?: string;
                        number: string;
                        /** @description ISO 8601, no fractional seconds */
                        reservationDate?: string;
                        /**
                         * @description DELIVERED or SENT while such pieces are in the order, else PROCESSING while pieces are open; CANCELLED (nothing will be delivered, also after the application was cancelled) or RETURNED when nothing is left
                         * @enum {string}
                         */
                        state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                        items: {
                            code: string;
                            ean?: string;
                            name: string;
                            /** @enum {string} */
                            type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                            variant?: string;
                            producer?: string;
                            categories?: string[];
                            /** @description all pieces, VAT included */
                            totalPrice: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            totalVat: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            image?: string | {
                                /** Format: uri */
                                url: string;
                                title?: string;
                            };
                            /** Format: uri */
                            productUrl?: string;
                            quantity: number;
                            unitPrice: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            unitVat: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /**
                             * @description the most advanced state of a piece still in the order; CANCELLED or RETURNED when none is left
                             * @enum {string}
                             */
                            state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                            /** @description pieces that left the shop (a delivery without a send counts as sent) */
                            quantitySent: number;
                            /** @description pieces whose journey ended: delivered, or returned on the way */
                            quantityDelivered: number;
                            /** @description pieces that came back */
                            quantityReturned: number;
                            /** @description pieces cancelled before they left (also by cancelling the application) */
                            quantityCancelled: number;
                            /** @description ISO 8601 date, YYYY-MM-DD */
                            sentDate?: string;
                            /** @description ISO 8601 date, YYYY-MM-DD */
                            deliveryDate?: string;
                            deliveryTrackingNumber?: string;
                        }[];
                        addresses: unknown[];
                        variableSymbols: string[];
                        /** @description a known carrier code or a custom carrier text */
                        deliveryCarrier?: {
                            /** @enum {string} */
                            carrierId: "CZ_POST_HAND" | "CZ_POST_OFFICE" | "CZ_POST_OTHER" | "PPL" | "DPD" | "GEIS" | "IN_TIME" | "TOP_TRANS" | "GEBRUDER_WEISS" | "LOCAL_COURIER" | "TNT" | "GLS" | "HDS_COMFORT" | "HDS_STANDARD";
                        } | {
                            carrierCustom: string;
                        };
                        documents: {
                            /** @enum {string} */
                            type: "INVOICE" | "PROFORMA_INVOICE" | "CREDIT_NOTE" | "OTHER";
                            /** @description metadata; the content is not echoed back */
                            file: {
                                filename?: string;
                                mimeType: string;
                                size: number;
                                sha256: string;
                                url?: string;
                            };
                            description?: string;
                            extraData?: {
                                [key: string]: components["schemas"]["FreeJsonValue"];
                            };
                        }[];
                        /** @description the seller of the goods, for a marketplace */
                        merchantId?: string;
                        /** @description the latest sentDate of its items */
                        sentDate?: string;
                        /** @description the latest deliveryDate of its items */
                        deliveryDate?: string;
                        /** @description the tracking number of the latest send that gave one */
                        deliveryTrackingNumber?: string;
                        applicationInfo: {
                            id: string;
                            /** @enum {string} */
                            state: "PROCESSING" | "READY" | "REJECTED" | "CANCELLED";
                            /** @enum {string} */
                            stateReason: "PROCESSING_REDIRECT_NEEDED" | "PROCESSING_PREAPPROVED" | "PROCESSING_VALIDATION_IN_PROGRESS" | "REJECTED" | "CANCELLED_NOT_PAID" | "READY_TO_SHIP" | "READY_SHIPPED" | "READY_DELIVERED" | "READY_PAID" | "CANCELLED_RETURNED";
                        };
                    };
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: a field is missing, malformed or over a limit; `attribute` names it
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /**
             * @description Not found. Error codes:
             *
             *     - `OBJECT_NOT_FOUND`: no order of this partner matches
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `RATE_LIMIT_EXCEEDED`: more requests in a minute than the partner's limit; repeat after `Retry-After` seconds
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the database does not answer right now; repeat the same request (same Idempotency-Key) after `Retry-After` seconds
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listAccountPayments: {
        parameters: {
            query?: {
                /** @description items per page (default 20, at most 100) */
                limit?: number;
                /** @description paymentId of the last item of the previous page (forward) */
                after?: string;
                /** @description paymentId of the first item of the following page (backward) */
                before?: string;
                /** @description only payments dated on or after this local date (Europe/Prague) */
                from?: string;
                /** @description only payments dated on or before this local date */
                to?: string;
                /** @description only payouts, or only credit notes */
                type?: "PAYOUT" | "CREDIT_NOTE";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{data: AccountPayment[], pagingInfo}` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description UUIDv7: sorts by time; the paging cursor */
                            paymentId: string;
                            /**
                             * @description CREDIT_NOTE: goods came back after a payout; the partner owes it back
                             * @enum {string}
                             */
                            type: "PAYOUT" | "CREDIT_NOTE";
                            /** @description local date (Europe/Prague) of the record */
                            date: string;
                            applicationId: string;
                            /** @description what moves: grossValue - fee; negative for a credit note */
                            value: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description the value of the goods paid for (or credited) */
                            grossValue: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description the service's fee on grossValue */
                            fee: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description the order's first variable symbol */
                            variableSymbol?: string;
                            /** @description the call that caused it: the send, deliver, return, cancel or change whose answer returned this id (absent for payments made before operation ids) */
                            operationId?: string;
                            /** @description the call behind operationId */
                            operation?: {
                                /** @enum {string} */
                                type: "SEND" | "DELIVER" | "RETURN" | "CANCEL" | "CHANGE";
                                /** @description the Idempotency-Key the call was sent with, when it had one */
                                idempotencyKey?: string;
                                /** @description the items the call named; empty for an amount-only refund or an order change */
                                items: {
                                    code: string;
                                    /** @description decimal quantity the call touched */
                                    quantity: number;
                                    /** @description the value of those pieces in minor units */
                                    amount: number;
                                }[];
                            };
                            /** @description the service's billing data */
                            invoice: {
                                fullName: string;
                                address: {
                                    streetAddress: string;
                                    streetNumber: string;
                                    city: string;
                                    zip: string;
                                    country: string;
                                    /** @constant */
                                    addressType: "PERMANENT";
                                };
                                /** @description the payment date for a payout; 14 days later for a credit note */
                                dueDate: string;
                                accountNumber: {
                                    accountNumber: string;
                                    bankCode: string;
                                };
                            };
                            /** @description the settlement that paid or charged it; absent while it waits for the next cut-off */
                            settlementId?: string;
                        }[];
                        pagingInfo: {
                            itemsPerPage: number;
                            /** @description only when `after` was sent and more items follow */
                            nextPage?: string;
                            /** @description only when `before` was sent and more items precede */
                            prevPage?: string;
                        };
                    };
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: limit outside 1..100, both after and before, a malformed date or cursor, `from` after `to`, or a cursor that is no paymentId of this partner (unknown cursor); `attribute` names it
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `RATE_LIMIT_EXCEEDED`: more requests in a minute than the partner's limit; repeat after `Retry-After` seconds
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the database does not answer right now; repeat the same request (same Idempotency-Key) after `Retry-After` seconds
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    precheck: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1-255 printable ASCII characters, unique per request of your choosing (a UUID). A retry with the same key and the same method, path and body within IDEMPOTENCY_TTL (24 h) answers the first response again, byte for byte, with `Idempotent-Replayed: true`, and changes nothing. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    customer: {
                        /** Format: email */
                        email: string;
                        fraudPreventionData?: {
                            transactionsNumber?: number | null;
                        } & {
                            [key: string]: components["schemas"]["FreeJsonValue"];
                        };
                        /** @description deprecated: use fraudPreventionData */
                        extraData?: {
                            transactionsNumber?: number | null;
                        } & {
                            [key: string]: components["schemas"]["FreeJsonValue"];
                        };
                    } & {
                        [key: string]: components["schemas"]["FreeJsonValue"];
                    };
                    order?: {
                        totalPrice?: {
                            /** @description integer in minor units (125.90 → 12590) */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        };
                    } & {
                        [key: string]: components["schemas"]["FreeJsonValue"];
                    };
                    /**
                     * @description absent: both financing types
                     * @enum {string}
                     */
                    type?: "DEFERRED_PAYMENT" | "PAY_IN_THREE";
                };
            };
        };
        responses: {
            /** @description the outcome per financing type */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description cite it in a later create as precheckIds */
                        id: string;
                        results: {
                            /** @enum {string} */
                            type: "DEFERRED_PAYMENT" | "PAY_IN_THREE";
                            recommendation: boolean;
                            probabilityOfApproval: number;
                            /** @enum {string} */
                            code: "OK" | "INSUFFICIENT_LIMIT" | "NOT_AVAILABLE";
                            /**
                             * @description the customer at this shop: no approved purchase yet (UNKNOWN), or some (FULL)
                             * @enum {string}
                             */
                            PrecheckResultResponseSerializer: "UNKNOWN" | "FULL";
                            message: string;
                        }[];
                        /** @description for a customer this shop has had an approved purchase with */
                        limits?: {
                            availableLimit: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            totalLimit: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                        };
                    };
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: a field is missing, malformed or over a limit; `attribute` names it
             *     - `INVALID_REQUEST`: the Idempotency-Key header is empty, longer than 255 characters or not printable ASCII (`attribute`: `Idempotency-Key`)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /**
             * @description Conflict. Error codes:
             *
             *     - `IDEMPOTENCY_KEY_IN_USE`: a request with this Idempotency-Key is still running; repeat after `Retry-After` seconds
             */
            409: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unsupported media type. Error codes:
             *
             *     - `INVALID_REQUEST`: the body is not `Content-Type: application/json` in UTF-8, or is compressed
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unprocessable. Error codes:
             *
             *     - `UNPROCESSABLE`: a currency the service does not accept
             *     - `IDEMPOTENCY_KEY_REUSED`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `RATE_LIMIT_EXCEEDED`: more requests in a minute than the partner's limit; repeat after `Retry-After` seconds
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the database does not answer right now; repeat the same request (same Idempotency-Key) after `Retry-After` seconds
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getRecurrence: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                recurrenceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the recurrence */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        state: "APPROVING" | "READY" | "CANCELLED" | "EXPIRED";
                        /** @enum {string} */
                        financingType: "DEFERRED_PAYMENT" | "PAY_IN_THREE";
                        originApplicationId: string;
                        /** @description ISO 8601, no fractional seconds */
                        createdAt: string;
                        /** @description ISO 8601, no fractional seconds */
                        authorizedAt?: string;
                        /** @description ISO 8601, no fractional seconds */
                        validUntil?: string;
                    };
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: a field is missing, malformed or over a limit; `attribute` names it
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /**
             * @description Not found. Error codes:
             *
             *     - `RECURRENCE_NOT_FOUND`: no recurrence with this id for this partner
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `RATE_LIMIT_EXCEEDED`: more requests in a minute than the partner's limit; repeat after `Retry-After` seconds
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the database does not answer right now; repeat the same request (same Idempotency-Key) after `Retry-After` seconds
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    updateRecurrence: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1-255 printable ASCII characters, unique per request of your choosing (a UUID). A retry with the same key and the same method, path and body within IDEMPOTENCY_TTL (24 h) answers the first response again, byte for byte, with `Idempotent-Replayed: true`, and changes nothing. */
                "Idempotency-Key"?: string;
            };
            path: {
                recurrenceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description CANCELLED is the only value; another is answered 422 UNPROCESSABLE
                     * @constant
                     */
                    state: "CANCELLED";
                };
            };
        };
        responses: {
            /** @description the recurrence */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        state: "APPROVING" | "READY" | "CANCELLED" | "EXPIRED";
                        /** @enum {string} */
                        financingType: "DEFERRED_PAYMENT" | "PAY_IN_THREE";
                        originApplicationId: string;
                        /** @description ISO 8601, no fractional seconds */
                        createdAt: string;
                        /** @description ISO 8601, no fractional seconds */
                        authorizedAt?: string;
                        /** @description ISO 8601, no fractional seconds */
                        validUntil?: string;
                    };
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: a field is missing, malformed or over a limit; `attribute` names it
             *     - `INVALID_REQUEST`: the Idempotency-Key header is empty, longer than 255 characters or not printable ASCII (`attribute`: `Idempotency-Key`)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /**
             * @description Not found. Error codes:
             *
             *     - `RECURRENCE_NOT_FOUND`: no recurrence with this id for this partner
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflict. Error codes:
             *
             *     - `IDEMPOTENCY_KEY_IN_USE`: a request with this Idempotency-Key is still running; repeat after `Retry-After` seconds
             */
            409: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unsupported media type. Error codes:
             *
             *     - `INVALID_REQUEST`: the body is not `Content-Type: application/json` in UTF-8, or is compressed
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unprocessable. Error codes:
             *
             *     - `UNPROCESSABLE`: a state other than CANCELLED
             *     - `RECURRENCE_NOT_USABLE`: the recurrence is APPROVING or EXPIRED
             *     - `IDEMPOTENCY_KEY_REUSED`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `RATE_LIMIT_EXCEEDED`: more requests in a minute than the partner's limit; repeat after `Retry-After` seconds
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the database does not answer right now; repeat the same request (same Idempotency-Key) after `Retry-After` seconds
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createApplicationFromRecurrence: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1-255 printable ASCII characters, unique per request of your choosing (a UUID). A retry with the same key and the same method, path and body within IDEMPOTENCY_TTL (24 h) answers the first response again, byte for byte, with `Idempotent-Replayed: true`, and changes nothing. */
                "Idempotency-Key"?: string;
            };
            path: {
                recurrenceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default DEFERRED_PAYMENT
                     * @enum {string}
                     */
                    type?: "DEFERRED_PAYMENT" | "PAY_IN_THREE";
                    order: {
                        /** @description ISO 8601 date-time with an offset, e.g. 2024-05-01T14:30:00+02:00 */
                        reservationDate?: string;
                        /** @description VAT included */
                        totalPrice: {
                            /** @description integer in minor units (125.90 → 12590) */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        };
                        addresses?: {
                            name?: string;
                            city?: string;
                            /** @description ISO 3166-1 alpha-2 country code */
                            country?: string;
                            streetAddress?: string;
                            streetNumber?: string;
                            zip?: string;
                            /** @enum {string} */
                            addressType: "BILLING" | "DELIVERY";
                        }[];
                        variableSymbols?: string[];
                        /** @enum {string} */
                        deliveryType?: "DELIVERY_CARRIER" | "PERSONAL_BRANCH" | "PERSONAL_PARTNER" | "ONLINE";
                        /** @description a known carrier code or a custom carrier text */
                        deliveryCarrier?: {
                            /** @enum {string} */
                            carrierId: "CZ_POST_HAND" | "CZ_POST_OFFICE" | "CZ_POST_OTHER" | "PPL" | "DPD" | "GEIS" | "IN_TIME" | "TOP_TRANS" | "GEBRUDER_WEISS" | "LOCAL_COURIER" | "TNT" | "GLS" | "HDS_COMFORT" | "HDS_STANDARD";
                        } | {
                            carrierCustom: string;
                        };
                        channel?: string;
                        /** @description the seller of the goods, for a marketplace */
                        merchantId?: string;
                        documents?: {
                            /** @enum {string} */
                            type: "INVOICE" | "PROFORMA_INVOICE" | "CREDIT_NOTE" | "OTHER";
                            /** @description the file: {filename, content (base64)}, bare base64 content, or an https URL; at most 500 kB */
                            file: {
                                filename: string;
                                content: string;
                            } | string;
                            description?: string;
                            extraData?: {
                                variableSymbol?: string;
                            } & {
                                [key: string]: components["schemas"]["FreeJsonValue"];
                            };
                        }[];
                        number?: string;
                        /** @description optional; without items one item per VAT rate is derived from the totals */
                        items?: {
                            code: string;
                            ean?: string;
                            name: string;
                            /** @enum {string} */
                            type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                            variant?: string;
                            producer?: string;
                            categories?: string[];
                            /** @description positive, at most 3 decimal places, minimum 1; empty counts as 1 */
                            quantity?: number | null;
                            unitPrice?: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description all pieces, VAT included */
                            totalPrice: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            unitVat?: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            totalVat: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            image?: string | {
                                /** Format: uri */
                                url: string;
                                title?: string;
                            };
                            /** Format: uri */
                            productUrl?: string;
                        }[];
                        /** @description one entry per VAT rate */
                        totalVat: {
                            /** @description VAT rate in percent */
                            vatRate: number;
                            /** @description integer in minor units */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        }[];
                    };
                    merchantUrls: {
                        /** @description where the gateway sends the customer back; `{applicationId}` is replaced by the application id */
                        approvedRedirect: string;
                        /** @description where the gateway sends the customer back; `{applicationId}` is replaced by the application id */
                        rejectedRedirect: string;
                        /** Format: uri */
                        notificationEndpoint: string;
                        /**
                         * Format: uri
                         * @description where payment notifications go (payouts and credit notes); absent: the notificationEndpoint
                         */
                        paymentsEndpoint?: string | null;
                    };
                    customData?: {
                        [key: string]: components["schemas"]["FreeJsonValue"];
                    } | null;
                    /** @description codes of WARN records the partner accepts */
                    override?: string[];
                };
            };
        };
        responses: {
            /** @description a duplicate within 20 minutes: the first application */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        type: "DEFERRED_PAYMENT" | "PAY_IN_THREE";
                        /** @enum {string} */
                        state: "PROCESSING" | "READY" | "REJECTED" | "CANCELLED";
                        /** @enum {string} */
                        stateReason: "PROCESSING_REDIRECT_NEEDED" | "PROCESSING_PREAPPROVED" | "PROCESSING_VALIDATION_IN_PROGRESS" | "REJECTED" | "CANCELLED_NOT_PAID" | "READY_TO_SHIP" | "READY_SHIPPED" | "READY_DELIVERED" | "READY_PAID" | "CANCELLED_RETURNED";
                        agreementTermsAndConditions: boolean;
                        /**
                         * Format: uri
                         * @description send the customer here
                         */
                        gatewayRedirectUrl: string;
                        customer: {
                            /** @description academic title before the name (Ing., Mgr.) */
                            titleBefore?: string;
                            /** @description academic title after the name (Ph.D., CSc.) */
                            titleAfter?: string;
                            fullName?: string;
                            firstName?: string;
                            lastName?: string;
                            /** Format: email */
                            email: string;
                            phone: string;
                            tin?: string;
                            vatin?: string;
                            fraudPreventionData?: {
                                /** @description earlier transactions in the shop, current order excluded */
                                transactionsNumber?: number;
                                /** @description earlier cashless transactions */
                                cashlessTransactionsNumber?: number;
                                /** @description sum of earlier paid transactions, current order excluded */
                                transactionsSum: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                /** @description sum of earlier cashless transactions */
                                cashlessTransactionsSum?: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                /** @description seconds spent on the partner's site */
                                pageTotalTime?: number | null;
                                /** @description seconds spent in review and comment sections */
                                pageReviewsTime?: number | null;
                                /** @description items removed from the basket */
                                cartItemsRemoved?: number | null;
                                /** @description product pages viewed */
                                itemsViewed?: number | null;
                                /** @description ISO 8601 date, YYYY-MM-DD */
                                latestTransactionDate?: string;
                                /** @description ISO 8601 date, YYYY-MM-DD */
                                earliestTransactionDate?: string;
                                tags?: string[];
                            };
                            extraData?: unknown;
                            addresses: unknown[];
                        };
                        order: {
                            /** @description VAT included */
                            totalPrice: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description one entry per VAT rate */
                            totalVat: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            }[];
                            /** @enum {string} */
                            deliveryType?: "DELIVERY_CARRIER" | "PERSONAL_BRANCH" | "PERSONAL_PARTNER" | "ONLINE";
                            channel?: string;
                            number: string;
                            /** @description ISO 8601, no fractional seconds */
                            reservationDate?: string;
                            /**
                             * @description DELIVERED or SENT while such pieces are in the order, else PROCESSING while pieces are open; CANCELLED (nothing will be delivered, also after the application was cancelled) or RETURNED when nothing is left
                             * @enum {string}
                             */
                            state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                            items: {
                                code: string;
                                ean?: string;
                                name: string;
                                /** @enum {string} */
                                type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                                variant?: string;
                                producer?: string;
                                categories?: string[];
                                /** @description all pieces, VAT included */
                                totalPrice: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                totalVat: {
                                    /** @description VAT rate in percent */
                                    vatRate: number;
                                    /** @description integer in minor units */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                image?: string | {
                                    /** Format: uri */
                                    url: string;
                                    title?: string;
                                };
                                /** Format: uri */
                                productUrl?: string;
                                quantity: number;
                                unitPrice: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                unitVat: {
                                    /** @description VAT rate in percent */
                                    vatRate: number;
                                    /** @description integer in minor units */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                /**
                                 * @description the most advanced state of a piece still in the order; CANCELLED or RETURNED when none is left
                                 * @enum {string}
                                 */
                                state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                                /** @description pieces that left the shop (a delivery without a send counts as sent) */
                                quantitySent: number;
                                /** @description pieces whose journey ended: delivered, or returned on the way */
                                quantityDelivered: number;
                                /** @description pieces that came back */
                                quantityReturned: number;
                                /** @description pieces cancelled before they left (also by cancelling the application) */
                                quantityCancelled: number;
                                /** @description ISO 8601 date, YYYY-MM-DD */
                                sentDate?: string;
                                /** @description ISO 8601 date, YYYY-MM-DD */
                                deliveryDate?: string;
                                deliveryTrackingNumber?: string;
                            }[];
                            addresses: unknown[];
                            variableSymbols: string[];
                            /** @description a known carrier code or a custom carrier text */
                            deliveryCarrier?: {
                                /** @enum {string} */
                                carrierId: "CZ_POST_HAND" | "CZ_POST_OFFICE" | "CZ_POST_OTHER" | "PPL" | "DPD" | "GEIS" | "IN_TIME" | "TOP_TRANS" | "GEBRUDER_WEISS" | "LOCAL_COURIER" | "TNT" | "GLS" | "HDS_COMFORT" | "HDS_STANDARD";
                            } | {
                                carrierCustom: string;
                            };
                            documents: {
                                /** @enum {string} */
                                type: "INVOICE" | "PROFORMA_INVOICE" | "CREDIT_NOTE" | "OTHER";
                                /** @description metadata; the content is not echoed back */
                                file: {
                                    filename?: string;
                                    mimeType: string;
                                    size: number;
                                    sha256: string;
                                    url?: string;
                                };
                                description?: string;
                                extraData?: {
                                    [key: string]: components["schemas"]["FreeJsonValue"];
                                };
                            }[];
                            /** @description the seller of the goods, for a marketplace */
                            merchantId?: string;
                            /** @description the latest sentDate of its items */
                            sentDate?: string;
                            /** @description the latest deliveryDate of its items */
                            deliveryDate?: string;
                            /** @description the tracking number of the latest send that gave one */
                            deliveryTrackingNumber?: string;
                        };
                        merchantUrls: {
                            /** @description where the gateway sends the customer back; `{applicationId}` is replaced by the application id */
                            approvedRedirect: string;
                            /** @description where the gateway sends the customer back; `{applicationId}` is replaced by the application id */
                            rejectedRedirect: string;
                            /** Format: uri */
                            notificationEndpoint: string;
                            /**
                             * Format: uri
                             * @description where payment notifications go (payouts and credit notes); absent: the notificationEndpoint
                             */
                            paymentsEndpoint?: string | null;
                        };
                        customData: {
                            [key: string]: components["schemas"]["FreeJsonValue"];
                        } | null;
                        /** @description present when the application is recurring, or created from a recurrence */
                        recurrence?: {
                            id: string;
                            /** @enum {string} */
                            state: "APPROVING" | "READY" | "CANCELLED" | "EXPIRED";
                            /** @enum {string} */
                            financingType: "DEFERRED_PAYMENT" | "PAY_IN_THREE";
                            originApplicationId: string;
                            /** @description ISO 8601, no fractional seconds */
                            createdAt: string;
                            /** @description ISO 8601, no fractional seconds */
                            authorizedAt?: string;
                            /** @description ISO 8601, no fractional seconds */
                            validUntil?: string;
                        } | {
                            id: string;
                        };
                        /** @enum {string} */
                        cancelReason?: "APPLICATION_CANCELLED_CARRIER_CHANGED" | "APPLICATION_CANCELLED_CART_CONTENT_CHANGED" | "APPLICATION_CANCELLED_BY_CUSTOMER" | "APPLICATION_CANCELLED_BY_ERP" | "APPLICATION_CANCELLED_EXPIRED" | "APPLICATION_CANCELLED_UNFINISHED" | "APPLICATION_CANCELLED_BY_ESHOP_RULES" | "APPLICATION_CANCELLED_OTHER";
                        /** @description the customer's instalments, once approved */
                        repaymentPlan?: {
                            /** @description ISO 8601 date, YYYY-MM-DD */
                            dueDate: string;
                            amount: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                        }[];
                        /** @description how the customer pays the instalments (our account and the application's variable symbol), present once the customer confirmed at the gateway, so the shop can repeat it on its thank-you page; the gateway link shows it too, with QR Platba codes */
                        paymentInstructions?: {
                            /** @description our collection account */
                            iban: string;
                            /** @description the same account in the Czech domestic form (prefix-number/bank code), for a CZ IBAN */
                            accountNumber?: string;
                            /** @description the payee name */
                            recipient: string;
                            /** @description the variable symbol the customer pays every instalment with */
                            variableSymbol: string;
                        };
                        /** @description the operations that would be accepted now, judged by the same rules as the calls: CANCEL (PUT cancel), CHANGE_ORDER (PUT order), SEND, DELIVER, RETURN (PUT order/send, /deliver, /return), CANCEL_ITEMS (PUT order/cancel) */
                        allowedActions: ("CANCEL" | "CHANGE_ORDER" | "SEND" | "DELIVER" | "RETURN" | "CANCEL_ITEMS")[];
                        /** @description ISO 8601, no fractional seconds */
                        createdAt: string;
                        /** @description ISO 8601, no fractional seconds */
                        updatedAt: string;
                        /** @description non-blocking WARN records (deprecated fields), on create only */
                        warnings?: {
                            code?: string;
                            message?: string;
                            severity?: string;
                            attribute?: string;
                        }[];
                    };
                };
            };
            /** @description created and decided */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        type: "DEFERRED_PAYMENT" | "PAY_IN_THREE";
                        /** @enum {string} */
                        state: "PROCESSING" | "READY" | "REJECTED" | "CANCELLED";
                        /** @enum {string} */
                        stateReason: "PROCESSING_REDIRECT_NEEDED" | "PROCESSING_PREAPPROVED" | "PROCESSING_VALIDATION_IN_PROGRESS" | "REJECTED" | "CANCELLED_NOT_PAID" | "READY_TO_SHIP" | "READY_SHIPPED" | "READY_DELIVERED" | "READY_PAID" | "CANCELLED_RETURNED";
                        agreementTermsAndConditions: boolean;
                        /**
                         * Format: uri
                         * @description send the customer here
                         */
                        gatewayRedirectUrl: string;
                        customer: {
                            /** @description academic title before the name (Ing., Mgr.) */
                            titleBefore?: string;
                            /** @description academic title after the name (Ph.D., CSc.) */
                            titleAfter?: string;
                            fullName?: string;
                            firstName?: string;
                            lastName?: string;
                            /** Format: email */
                            email: string;
                            phone: string;
                            tin?: string;
                            vatin?: string;
                            fraudPreventionData?: {
                                /** @description earlier transactions in the shop, current order excluded */
                                transactionsNumber?: number;
                                /** @description earlier cashless transactions */
                                cashlessTransactionsNumber?: number;
                                /** @description sum of earlier paid transactions, current order excluded */
                                transactionsSum: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                /** @description sum of earlier cashless transactions */
                                cashlessTransactionsSum?: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                /** @description seconds spent on the partner's site */
                                pageTotalTime?: number | null;
                                /** @description seconds spent in review and comment sections */
                                pageReviewsTime?: number | null;
                                /** @description items removed from the basket */
                                cartItemsRemoved?: number | null;
                                /** @description product pages viewed */
                                itemsViewed?: number | null;
                                /** @description ISO 8601 date, YYYY-MM-DD */
                                latestTransactionDate?: string;
                                /** @description ISO 8601 date, YYYY-MM-DD */
                                earliestTransactionDate?: string;
                                tags?: string[];
                            };
                            extraData?: unknown;
                            addresses: unknown[];
                        };
                        order: {
                            /** @description VAT included */
                            totalPrice: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description one entry per VAT rate */
                            totalVat: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            }[];
                            /** @enum {string} */
                            deliveryType?: "DELIVERY_CARRIER" | "PERSONAL_BRANCH" | "PERSONAL_PARTNER" | "ONLINE";
                            channel?: string;
                            number: string;
                            /** @description ISO 8601, no fractional seconds */
                            reservationDate?: string;
                            /**
                             * @description DELIVERED or SENT while such pieces are in the order, else PROCESSING while pieces are open; CANCELLED (nothing will be delivered, also after the application was cancelled) or RETURNED when nothing is left
                             * @enum {string}
                             */
                            state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                            items: {
                                code: string;
                                ean?: string;
                                name: string;
                                /** @enum {string} */
                                type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                                variant?: string;
                                producer?: string;
                                categories?: string[];
                                /** @description all pieces, VAT included */
                                totalPrice: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                totalVat: {
                                    /** @description VAT rate in percent */
                                    vatRate: number;
                                    /** @description integer in minor units */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                image?: string | {
                                    /** Format: uri */
                                    url: string;
                                    title?: string;
                                };
                                /** Format: uri */
                                productUrl?: string;
                                quantity: number;
                                unitPrice: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                unitVat: {
                                    /** @description VAT rate in percent */
                                    vatRate: number;
                                    /** @description integer in minor units */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                /**
                                 * @description the most advanced state of a piece still in the order; CANCELLED or RETURNED when none is left
                                 * @enum {string}
                                 */
                                state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                                /** @description pieces that left the shop (a delivery without a send counts as sent) */
                                quantitySent: number;
                                /** @description pieces whose journey ended: delivered, or returned on the way */
                                quantityDelivered: number;
                                /** @description pieces that came back */
                                quantityReturned: number;
                                /** @description pieces cancelled before they left (also by cancelling the application) */
                                quantityCancelled: number;
                                /** @description ISO 8601 date, YYYY-MM-DD */
                                sentDate?: string;
                                /** @description ISO 8601 date, YYYY-MM-DD */
                                deliveryDate?: string;
                                deliveryTrackingNumber?: string;
                            }[];
                            addresses: unknown[];
                            variableSymbols: string[];
                            /** @description a known carrier code or a custom carrier text */
                            deliveryCarrier?: {
                                /** @enum {string} */
                                carrierId: "CZ_POST_HAND" | "CZ_POST_OFFICE" | "CZ_POST_OTHER" | "PPL" | "DPD" | "GEIS" | "IN_TIME" | "TOP_TRANS" | "GEBRUDER_WEISS" | "LOCAL_COURIER" | "TNT" | "GLS" | "HDS_COMFORT" | "HDS_STANDARD";
                            } | {
                                carrierCustom: string;
                            };
                            documents: {
                                /** @enum {string} */
                                type: "INVOICE" | "PROFORMA_INVOICE" | "CREDIT_NOTE" | "OTHER";
                                /** @description metadata; the content is not echoed back */
                                file: {
                                    filename?: string;
                                    mimeType: string;
                                    size: number;
                                    sha256: string;
                                    url?: string;
                                };
                                description?: string;
                                extraData?: {
                                    [key: string]: components["schemas"]["FreeJsonValue"];
                                };
                            }[];
                            /** @description the seller of the goods, for a marketplace */
                            merchantId?: string;
                            /** @description the latest sentDate of its items */
                            sentDate?: string;
                            /** @description the latest deliveryDate of its items */
                            deliveryDate?: string;
                            /** @description the tracking number of the latest send that gave one */
                            deliveryTrackingNumber?: string;
                        };
                        merchantUrls: {
                            /** @description where the gateway sends the customer back; `{applicationId}` is replaced by the application id */
                            approvedRedirect: string;
                            /** @description where the gateway sends the customer back; `{applicationId}` is replaced by the application id */
                            rejectedRedirect: string;
                            /** Format: uri */
                            notificationEndpoint: string;
                            /**
                             * Format: uri
                             * @description where payment notifications go (payouts and credit notes); absent: the notificationEndpoint
                             */
                            paymentsEndpoint?: string | null;
                        };
                        customData: {
                            [key: string]: components["schemas"]["FreeJsonValue"];
                        } | null;
                        /** @description present when the application is recurring, or created from a recurrence */
                        recurrence?: {
                            id: string;
                            /** @enum {string} */
                            state: "APPROVING" | "READY" | "CANCELLED" | "EXPIRED";
                            /** @enum {string} */
                            financingType: "DEFERRED_PAYMENT" | "PAY_IN_THREE";
                            originApplicationId: string;
                            /** @description ISO 8601, no fractional seconds */
                            createdAt: string;
                            /** @description ISO 8601, no fractional seconds */
                            authorizedAt?: string;
                            /** @description ISO 8601, no fractional seconds */
                            validUntil?: string;
                        } | {
                            id: string;
                        };
                        /** @enum {string} */
                        cancelReason?: "APPLICATION_CANCELLED_CARRIER_CHANGED" | "APPLICATION_CANCELLED_CART_CONTENT_CHANGED" | "APPLICATION_CANCELLED_BY_CUSTOMER" | "APPLICATION_CANCELLED_BY_ERP" | "APPLICATION_CANCELLED_EXPIRED" | "APPLICATION_CANCELLED_UNFINISHED" | "APPLICATION_CANCELLED_BY_ESHOP_RULES" | "APPLICATION_CANCELLED_OTHER";
                        /** @description the customer's instalments, once approved */
                        repaymentPlan?: {
                            /** @description ISO 8601 date, YYYY-MM-DD */
                            dueDate: string;
                            amount: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                        }[];
                        /** @description how the customer pays the instalments (our account and the application's variable symbol), present once the customer confirmed at the gateway, so the shop can repeat it on its thank-you page; the gateway link shows it too, with QR Platba codes */
                        paymentInstructions?: {
                            /** @description our collection account */
                            iban: string;
                            /** @description the same account in the Czech domestic form (prefix-number/bank code), for a CZ IBAN */
                            accountNumber?: string;
                            /** @description the payee name */
                            recipient: string;
                            /** @description the variable symbol the customer pays every instalment with */
                            variableSymbol: string;
                        };
                        /** @description the operations that would be accepted now, judged by the same rules as the calls: CANCEL (PUT cancel), CHANGE_ORDER (PUT order), SEND, DELIVER, RETURN (PUT order/send, /deliver, /return), CANCEL_ITEMS (PUT order/cancel) */
                        allowedActions: ("CANCEL" | "CHANGE_ORDER" | "SEND" | "DELIVER" | "RETURN" | "CANCEL_ITEMS")[];
                        /** @description ISO 8601, no fractional seconds */
                        createdAt: string;
                        /** @description ISO 8601, no fractional seconds */
                        updatedAt: string;
                        /** @description non-blocking WARN records (deprecated fields), on create only */
                        warnings?: {
                            code?: string;
                            message?: string;
                            severity?: string;
                            attribute?: string;
                        }[];
                    };
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: a field is missing, malformed or over a limit; `attribute` names it
             *     - `INVALID_REQUEST`: the Idempotency-Key header is empty, longer than 255 characters or not printable ASCII (`attribute`: `Idempotency-Key`)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /**
             * @description Not found. Error codes:
             *
             *     - `RECURRENCE_NOT_FOUND`: no recurrence with this id for this partner
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflict. Error codes:
             *
             *     - `IDEMPOTENCY_KEY_IN_USE`: a request with this Idempotency-Key is still running; repeat after `Retry-After` seconds
             */
            409: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unsupported media type. Error codes:
             *
             *     - `INVALID_REQUEST`: the body is not `Content-Type: application/json` in UTF-8, or is compressed
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unprocessable. Error codes:
             *
             *     - `RECURRENCE_NOT_USABLE`: the recurrence is not READY (APPROVING, CANCELLED or EXPIRED)
             *     - `NOT_SUPPORTED`: type PAY_IN_THREE
             *     - `UNPROCESSABLE`: the order does not add up (as on create)
             *     - `IDEMPOTENCY_KEY_REUSED`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `RATE_LIMIT_EXCEEDED`: more requests in a minute than the partner's limit; repeat after `Retry-After` seconds
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the database does not answer right now; repeat the same request (same Idempotency-Key) after `Retry-After` seconds
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    sandboxDecision: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1-255 printable ASCII characters, unique per request of your choosing (a UUID). A retry with the same key and the same method, path and body within IDEMPOTENCY_TTL (24 h) answers the first response again, byte for byte, with `Idempotent-Replayed: true`, and changes nothing. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the id returned on creation */
                applicationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description the outcome the sandbox decision rules give
                     * @enum {string}
                     */
                    outcome: "APPROVE" | "REJECT";
                };
            };
        };
        responses: {
            /** @description confirmed: the decision consumer decides it next */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        type: "DEFERRED_PAYMENT" | "PAY_IN_THREE";
                        /** @enum {string} */
                        state: "PROCESSING" | "READY" | "REJECTED" | "CANCELLED";
                        /** @enum {string} */
                        stateReason: "PROCESSING_REDIRECT_NEEDED" | "PROCESSING_PREAPPROVED" | "PROCESSING_VALIDATION_IN_PROGRESS" | "REJECTED" | "CANCELLED_NOT_PAID" | "READY_TO_SHIP" | "READY_SHIPPED" | "READY_DELIVERED" | "READY_PAID" | "CANCELLED_RETURNED";
                        agreementTermsAndConditions: boolean;
                        /**
                         * Format: uri
                         * @description send the customer here
                         */
                        gatewayRedirectUrl: string;
                        customer: {
                            /** @description academic title before the name (Ing., Mgr.) */
                            titleBefore?: string;
                            /** @description academic title after the name (Ph.D., CSc.) */
                            titleAfter?: string;
                            fullName?: string;
                            firstName?: string;
                            lastName?: string;
                            /** Format: email */
                            email: string;
                            phone: string;
                            tin?: string;
                            vatin?: string;
                            fraudPreventionData?: {
                                /** @description earlier transactions in the shop, current order excluded */
                                transactionsNumber?: number;
                                /** @description earlier cashless transactions */
                                cashlessTransactionsNumber?: number;
                                /** @description sum of earlier paid transactions, current order excluded */
                                transactionsSum: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                /** @description sum of earlier cashless transactions */
                                cashlessTransactionsSum?: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                /** @description seconds spent on the partner's site */
                                pageTotalTime?: number | null;
                                /** @description seconds spent in review and comment sections */
                                pageReviewsTime?: number | null;
                                /** @description items removed from the basket */
                                cartItemsRemoved?: number | null;
                                /** @description product pages viewed */
                                itemsViewed?: number | null;
                                /** @description ISO 8601 date, YYYY-MM-DD */
                                latestTransactionDate?: string;
                                /** @description ISO 8601 date, YYYY-MM-DD */
                                earliestTransactionDate?: string;
                                tags?: string[];
                            };
                            extraData?: unknown;
                            addresses: unknown[];
                        };
                        order: {
                            /** @description VAT included */
                            totalPrice: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description one entry per VAT rate */
                            totalVat: {
                                /** @description VAT rate in percent */
                                vatRate: number;
                                /** @description integer in minor units */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            }[];
                            /** @enum {string} */
                            deliveryType?: "DELIVERY_CARRIER" | "PERSONAL_BRANCH" | "PERSONAL_PARTNER" | "ONLINE";
                            channel?: string;
                            number: string;
                            /** @description ISO 8601, no fractional seconds */
                            reservationDate?: string;
                            /**
                             * @description DELIVERED or SENT while such pieces are in the order, else PROCESSING while pieces are open; CANCELLED (nothing will be delivered, also after the application was cancelled) or RETURNED when nothing is left
                             * @enum {string}
                             */
                            state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                            items: {
                                code: string;
                                ean?: string;
                                name: string;
                                /** @enum {string} */
                                type?: "PHYSICAL" | "DISCOUNT" | "SHIPPING_FEE" | "SALES_TAX" | "DIGITAL" | "GIFT_CARD" | "STORE_CREDIT" | "FEE" | "INSURANCE";
                                variant?: string;
                                producer?: string;
                                categories?: string[];
                                /** @description all pieces, VAT included */
                                totalPrice: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                totalVat: {
                                    /** @description VAT rate in percent */
                                    vatRate: number;
                                    /** @description integer in minor units */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                image?: string | {
                                    /** Format: uri */
                                    url: string;
                                    title?: string;
                                };
                                /** Format: uri */
                                productUrl?: string;
                                quantity: number;
                                unitPrice: {
                                    /** @description integer in minor units (125.90 → 12590) */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                unitVat: {
                                    /** @description VAT rate in percent */
                                    vatRate: number;
                                    /** @description integer in minor units */
                                    amount: number;
                                    /** @description ISO 4217 currency code */
                                    currency: string;
                                };
                                /**
                                 * @description the most advanced state of a piece still in the order; CANCELLED or RETURNED when none is left
                                 * @enum {string}
                                 */
                                state: "PROCESSING" | "SENT" | "DELIVERED" | "RETURNED" | "CANCELLED";
                                /** @description pieces that left the shop (a delivery without a send counts as sent) */
                                quantitySent: number;
                                /** @description pieces whose journey ended: delivered, or returned on the way */
                                quantityDelivered: number;
                                /** @description pieces that came back */
                                quantityReturned: number;
                                /** @description pieces cancelled before they left (also by cancelling the application) */
                                quantityCancelled: number;
                                /** @description ISO 8601 date, YYYY-MM-DD */
                                sentDate?: string;
                                /** @description ISO 8601 date, YYYY-MM-DD */
                                deliveryDate?: string;
                                deliveryTrackingNumber?: string;
                            }[];
                            addresses: unknown[];
                            variableSymbols: string[];
                            /** @description a known carrier code or a custom carrier text */
                            deliveryCarrier?: {
                                /** @enum {string} */
                                carrierId: "CZ_POST_HAND" | "CZ_POST_OFFICE" | "CZ_POST_OTHER" | "PPL" | "DPD" | "GEIS" | "IN_TIME" | "TOP_TRANS" | "GEBRUDER_WEISS" | "LOCAL_COURIER" | "TNT" | "GLS" | "HDS_COMFORT" | "HDS_STANDARD";
                            } | {
                                carrierCustom: string;
                            };
                            documents: {
                                /** @enum {string} */
                                type: "INVOICE" | "PROFORMA_INVOICE" | "CREDIT_NOTE" | "OTHER";
                                /** @description metadata; the content is not echoed back */
                                file: {
                                    filename?: string;
                                    mimeType: string;
                                    size: number;
                                    sha256: string;
                                    url?: string;
                                };
                                description?: string;
                                extraData?: {
                                    [key: string]: components["schemas"]["FreeJsonValue"];
                                };
                            }[];
                            /** @description the seller of the goods, for a marketplace */
                            merchantId?: string;
                            /** @description the latest sentDate of its items */
                            sentDate?: string;
                            /** @description the latest deliveryDate of its items */
                            deliveryDate?: string;
                            /** @description the tracking number of the latest send that gave one */
                            deliveryTrackingNumber?: string;
                        };
                        merchantUrls: {
                            /** @description where the gateway sends the customer back; `{applicationId}` is replaced by the application id */
                            approvedRedirect: string;
                            /** @description where the gateway sends the customer back; `{applicationId}` is replaced by the application id */
                            rejectedRedirect: string;
                            /** Format: uri */
                            notificationEndpoint: string;
                            /**
                             * Format: uri
                             * @description where payment notifications go (payouts and credit notes); absent: the notificationEndpoint
                             */
                            paymentsEndpoint?: string | null;
                        };
                        customData: {
                            [key: string]: components["schemas"]["FreeJsonValue"];
                        } | null;
                        /** @description present when the application is recurring, or created from a recurrence */
                        recurrence?: {
                            id: string;
                            /** @enum {string} */
                            state: "APPROVING" | "READY" | "CANCELLED" | "EXPIRED";
                            /** @enum {string} */
                            financingType: "DEFERRED_PAYMENT" | "PAY_IN_THREE";
                            originApplicationId: string;
                            /** @description ISO 8601, no fractional seconds */
                            createdAt: string;
                            /** @description ISO 8601, no fractional seconds */
                            authorizedAt?: string;
                            /** @description ISO 8601, no fractional seconds */
                            validUntil?: string;
                        } | {
                            id: string;
                        };
                        /** @enum {string} */
                        cancelReason?: "APPLICATION_CANCELLED_CARRIER_CHANGED" | "APPLICATION_CANCELLED_CART_CONTENT_CHANGED" | "APPLICATION_CANCELLED_BY_CUSTOMER" | "APPLICATION_CANCELLED_BY_ERP" | "APPLICATION_CANCELLED_EXPIRED" | "APPLICATION_CANCELLED_UNFINISHED" | "APPLICATION_CANCELLED_BY_ESHOP_RULES" | "APPLICATION_CANCELLED_OTHER";
                        /** @description the customer's instalments, once approved */
                        repaymentPlan?: {
                            /** @description ISO 8601 date, YYYY-MM-DD */
                            dueDate: string;
                            amount: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                        }[];
                        /** @description how the customer pays the instalments (our account and the application's variable symbol), present once the customer confirmed at the gateway, so the shop can repeat it on its thank-you page; the gateway link shows it too, with QR Platba codes */
                        paymentInstructions?: {
                            /** @description our collection account */
                            iban: string;
                            /** @description the same account in the Czech domestic form (prefix-number/bank code), for a CZ IBAN */
                            accountNumber?: string;
                            /** @description the payee name */
                            recipient: string;
                            /** @description the variable symbol the customer pays every instalment with */
                            variableSymbol: string;
                        };
                        /** @description the operations that would be accepted now, judged by the same rules as the calls: CANCEL (PUT cancel), CHANGE_ORDER (PUT order), SEND, DELIVER, RETURN (PUT order/send, /deliver, /return), CANCEL_ITEMS (PUT order/cancel) */
                        allowedActions: ("CANCEL" | "CHANGE_ORDER" | "SEND" | "DELIVER" | "RETURN" | "CANCEL_ITEMS")[];
                        /** @description ISO 8601, no fractional seconds */
                        createdAt: string;
                        /** @description ISO 8601, no fractional seconds */
                        updatedAt: string;
                        /** @description non-blocking WARN records (deprecated fields), on create only */
                        warnings?: {
                            code?: string;
                            message?: string;
                            severity?: string;
                            attribute?: string;
                        }[];
                    };
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: outcome missing or not APPROVE / REJECT
             *     - `INVALID_REQUEST`: the Idempotency-Key header is empty, longer than 255 characters or not printable ASCII (`attribute`: `Idempotency-Key`)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /**
             * @description Not found. Error codes:
             *
             *     - `APPLICATION_NOT_FOUND`: no application with this id for this partner
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflict. Error codes:
             *
             *     - `IDEMPOTENCY_KEY_IN_USE`: a request with this Idempotency-Key is still running; repeat after `Retry-After` seconds
             */
            409: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unsupported media type. Error codes:
             *
             *     - `INVALID_REQUEST`: the body is not `Content-Type: application/json` in UTF-8, or is compressed
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unprocessable. Error codes:
             *
             *     - `APPLICATION_NOT_WAITING`: the application is not waiting for the customer (not PROCESSING_REDIRECT_NEEDED)
             *     - `IDEMPOTENCY_KEY_REUSED`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `RATE_LIMIT_EXCEEDED`: more requests in a minute than the partner's limit; repeat after `Retry-After` seconds
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the database does not answer right now; repeat the same request (same Idempotency-Key) after `Retry-After` seconds
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    sandboxCloseSettlement: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1-255 printable ASCII characters, unique per request of your choosing (a UUID). A retry with the same key and the same method, path and body within IDEMPOTENCY_TTL (24 h) answers the first response again, byte for byte, with `Idempotent-Replayed: true`, and changes nothing. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the settlement */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description 1, 2, 3, … per partner */
                        number: number;
                        /** @description the variable symbol of the bank transfer */
                        reference: string;
                        /**
                         * Format: date-time
                         * @description everything recorded before this instant and not in an earlier settlement
                         */
                        cutoffAt: string;
                        /**
                         * Format: date-time
                         * @description the cut-off of the settlement before; absent for the first
                         */
                        periodStart?: string;
                        /** @description the day the transfer is sent: the next working day after the cut-off */
                        valueDate: string;
                        /** @description gross of the payouts */
                        gross: {
                            /** @description integer in minor units (125.90 → 12590) */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        };
                        /** @description gross of the credit notes (zero or negative) */
                        refunds: {
                            /** @description integer in minor units (125.90 → 12590) */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        };
                        /** @description fees of all lines (a credit note gives its share of the fee back) */
                        fees: {
                            /** @description integer in minor units (125.90 → 12590) */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        };
                        /** @description the sum of the lines' values: gross + refunds − fees */
                        linesNet: {
                            /** @description integer in minor units (125.90 → 12590) */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        };
                        /** @description the negative balance carried from the settlement before (zero or negative) */
                        carriedIn: {
                            /** @description integer in minor units (125.90 → 12590) */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        };
                        /** @description linesNet + carriedIn */
                        net: {
                            /** @description integer in minor units (125.90 → 12590) */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        };
                        /** @description what is sent to the partner: net when positive, else zero */
                        transfer: {
                            /** @description integer in minor units (125.90 → 12590) */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        };
                        /** @description net when negative: carried into the next settlement, else zero */
                        carriedOut: {
                            /** @description integer in minor units (125.90 → 12590) */
                            amount: number;
                            /** @description ISO 4217 currency code */
                            currency: string;
                        };
                        lineCount: number;
                        /** @description where the transfer goes, as set with the partners CLI; absent when none was set */
                        bankAccount?: string;
                        /** @description closed by the sandbox call */
                        sandbox?: boolean;
                        /** Format: date-time */
                        createdAt: string;
                    };
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: the Idempotency-Key header is empty, longer than 255 characters or not printable ASCII (`attribute`: `Idempotency-Key`)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /**
             * @description Conflict. Error codes:
             *
             *     - `IDEMPOTENCY_KEY_IN_USE`: a request with this Idempotency-Key is still running; repeat after `Retry-After` seconds
             */
            409: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unprocessable. Error codes:
             *
             *     - `NOTHING_TO_SETTLE`: no payment line waits for a settlement
             *     - `IDEMPOTENCY_KEY_REUSED`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `RATE_LIMIT_EXCEEDED`: more requests in a minute than the partner's limit; repeat after `Retry-After` seconds
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the database does not answer right now; repeat the same request (same Idempotency-Key) after `Retry-After` seconds
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listSettlements: {
        parameters: {
            query?: {
                /** @description items per page (default 20, at most 100) */
                limit?: number;
                /** @description id of the last settlement of the previous page (forward) */
                after?: string;
                /** @description id of the first settlement of the following page (backward) */
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{data: Settlement[], pagingInfo}` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** @description 1, 2, 3, … per partner */
                            number: number;
                            /** @description the variable symbol of the bank transfer */
                            reference: string;
                            /**
                             * Format: date-time
                             * @description everything recorded before this instant and not in an earlier settlement
                             */
                            cutoffAt: string;
                            /**
                             * Format: date-time
                             * @description the cut-off of the settlement before; absent for the first
                             */
                            periodStart?: string;
                            /** @description the day the transfer is sent: the next working day after the cut-off */
                            valueDate: string;
                            /** @description gross of the payouts */
                            gross: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description gross of the credit notes (zero or negative) */
                            refunds: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description fees of all lines (a credit note gives its share of the fee back) */
                            fees: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description the sum of the lines' values: gross + refunds − fees */
                            linesNet: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description the negative balance carried from the settlement before (zero or negative) */
                            carriedIn: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description linesNet + carriedIn */
                            net: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description what is sent to the partner: net when positive, else zero */
                            transfer: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description net when negative: carried into the next settlement, else zero */
                            carriedOut: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            lineCount: number;
                            /** @description where the transfer goes, as set with the partners CLI; absent when none was set */
                            bankAccount?: string;
                            /** @description closed by the sandbox call */
                            sandbox?: boolean;
                            /** Format: date-time */
                            createdAt: string;
                        }[];
                        pagingInfo: {
                            itemsPerPage: number;
                            /** @description only when `after` was sent and more settlements follow */
                            nextPage?: string;
                            /** @description only when `before` was sent and more settlements precede */
                            prevPage?: string;
                        };
                    };
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: limit outside 1..100, both after and before, or a cursor that is no settlement of this partner; `attribute` names it
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `RATE_LIMIT_EXCEEDED`: more requests in a minute than the partner's limit; repeat after `Retry-After` seconds
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the database does not answer right now; repeat the same request (same Idempotency-Key) after `Retry-After` seconds
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getSettlement: {
        parameters: {
            query?: {
                /** @description items per page (default 20, at most 100) */
                limit?: number;
                /** @description paymentId of the last line of the previous page (forward) */
                after?: string;
                /** @description paymentId of the first line of the following page (backward) */
                before?: string;
            };
            header?: never;
            path: {
                /** @description the settlement's id */
                settlementId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{settlement, lines, pagingInfo}` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        settlement: {
                            id: string;
                            /** @description 1, 2, 3, … per partner */
                            number: number;
                            /** @description the variable symbol of the bank transfer */
                            reference: string;
                            /**
                             * Format: date-time
                             * @description everything recorded before this instant and not in an earlier settlement
                             */
                            cutoffAt: string;
                            /**
                             * Format: date-time
                             * @description the cut-off of the settlement before; absent for the first
                             */
                            periodStart?: string;
                            /** @description the day the transfer is sent: the next working day after the cut-off */
                            valueDate: string;
                            /** @description gross of the payouts */
                            gross: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description gross of the credit notes (zero or negative) */
                            refunds: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description fees of all lines (a credit note gives its share of the fee back) */
                            fees: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description the sum of the lines' values: gross + refunds − fees */
                            linesNet: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description the negative balance carried from the settlement before (zero or negative) */
                            carriedIn: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description linesNet + carriedIn */
                            net: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description what is sent to the partner: net when positive, else zero */
                            transfer: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description net when negative: carried into the next settlement, else zero */
                            carriedOut: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            lineCount: number;
                            /** @description where the transfer goes, as set with the partners CLI; absent when none was set */
                            bankAccount?: string;
                            /** @description closed by the sandbox call */
                            sandbox?: boolean;
                            /** Format: date-time */
                            createdAt: string;
                        };
                        /** @description one page of its payment lines, by paymentId */
                        lines: {
                            /** @description UUIDv7: sorts by time; the paging cursor */
                            paymentId: string;
                            /**
                             * @description CREDIT_NOTE: goods came back after a payout; the partner owes it back
                             * @enum {string}
                             */
                            type: "PAYOUT" | "CREDIT_NOTE";
                            /** @description local date (Europe/Prague) of the record */
                            date: string;
                            applicationId: string;
                            /** @description what moves: grossValue - fee; negative for a credit note */
                            value: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description the value of the goods paid for (or credited) */
                            grossValue: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description the service's fee on grossValue */
                            fee: {
                                /** @description integer in minor units (125.90 → 12590) */
                                amount: number;
                                /** @description ISO 4217 currency code */
                                currency: string;
                            };
                            /** @description the order's first variable symbol */
                            variableSymbol?: string;
                            /** @description the call that caused it: the send, deliver, return, cancel or change whose answer returned this id (absent for payments made before operation ids) */
                            operationId?: string;
                            /** @description the call behind operationId */
                            operation?: {
                                /** @enum {string} */
                                type: "SEND" | "DELIVER" | "RETURN" | "CANCEL" | "CHANGE";
                                /** @description the Idempotency-Key the call was sent with, when it had one */
                                idempotencyKey?: string;
                                /** @description the items the call named; empty for an amount-only refund or an order change */
                                items: {
                                    code: string;
                                    /** @description decimal quantity the call touched */
                                    quantity: number;
                                    /** @description the value of those pieces in minor units */
                                    amount: number;
                                }[];
                            };
                            /** @description the service's billing data */
                            invoice: {
                                fullName: string;
                                address: {
                                    streetAddress: string;
                                    streetNumber: string;
                                    city: string;
                                    zip: string;
                                    country: string;
                                    /** @constant */
                                    addressType: "PERMANENT";
                                };
                                /** @description the payment date for a payout; 14 days later for a credit note */
                                dueDate: string;
                                accountNumber: {
                                    accountNumber: string;
                                    bankCode: string;
                                };
                            };
                            /** @description the settlement that paid or charged it; absent while it waits for the next cut-off */
                            settlementId?: string;
                        }[];
                        pagingInfo: {
                            itemsPerPage: number;
                            /** @description only when `after` was sent and more lines follow */
                            nextPage?: string;
                            /** @description only when `before` was sent and more lines precede */
                            prevPage?: string;
                        };
                    };
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: limit outside 1..100, both after and before, or a cursor that is no line of this settlement; `attribute` names it
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /**
             * @description Not found. Error codes:
             *
             *     - `OBJECT_NOT_FOUND`: no settlement with this id for this partner
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `RATE_LIMIT_EXCEEDED`: more requests in a minute than the partner's limit; repeat after `Retry-After` seconds
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the database does not answer right now; repeat the same request (same Idempotency-Key) after `Retry-After` seconds
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getSettlementReport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the settlement's id */
                settlementId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description text/csv (RFC 4180, UTF-8, CRLF) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": unknown;
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: a malformed settlement id; `attribute` names it
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /**
             * @description Not found. Error codes:
             *
             *     - `OBJECT_NOT_FOUND`: no settlement with this id for this partner
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `RATE_LIMIT_EXCEEDED`: more requests in a minute than the partner's limit; repeat after `Retry-After` seconds
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the database does not answer right now; repeat the same request (same Idempotency-Key) after `Retry-After` seconds
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description items per page (default 20, at most 100) */
                limit?: number;
                /** @description deliveryId of the last delivery seen: the older ones after it */
                after?: string;
                /** @description deliveryId of the first delivery of the page seen: the newer ones before it */
                before?: string;
                filter?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of deliveries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            deliveryId: string;
                            /** @description the `webhook-id` header of every attempt: deduplicate by it */
                            webhookId: string;
                            /**
                             * @description what the notification is about: an application, a payment, a settlement, or TEST for a test notification the partner asked for (its body is `{id, type: "TEST", createdAt}`)
                             * @enum {string}
                             */
                            kind: "APPLICATION" | "PAYMENT" | "SETTLEMENT" | "TEST";
                            notificationEndpoint: string;
                            /** @enum {string} */
                            state: "FAILED" | "DELIVERED" | "DEAD_LETTERED";
                            /** @description the notification exactly as sent */
                            body: {
                                [key: string]: components["schemas"]["FreeJsonValue"];
                            };
                            /** @description ISO 8601, UTC, no fractional seconds */
                            createdAt: string;
                            /** @description ISO 8601, UTC, no fractional seconds */
                            updatedAt: string;
                            attemptCount: number;
                            /** @description ISO 8601, UTC, no fractional seconds */
                            nextAttemptAt?: string;
                            /** @description ISO 8601, UTC, no fractional seconds */
                            deliveredAt?: string;
                            /** @description ISO 8601, UTC, no fractional seconds */
                            deadLetteredAt?: string;
                            attempts: {
                                /** @description 0 for the original delivery, then 1, 2, ... per redelivery */
                                redelivery: number;
                                attempt: number;
                                /** @description ISO 8601, UTC, no fractional seconds */
                                startedAt: string;
                                durationMs: number;
                                /** @enum {string} */
                                outcome: "ACKNOWLEDGED" | "NOT_ACKNOWLEDGED" | "HTTP_ERROR" | "TIMEOUT" | "NETWORK_ERROR" | "REFUSED_ADDRESS" | "ENDPOINT_BUSY" | "NO_SIGNING_SECRET" | "INVALID_ENDPOINT" | "RELAY_ERROR";
                                statusCode?: number;
                                error?: string;
                                /** @description the first 500 characters of the answer */
                                responseExcerpt?: string;
                            }[];
                        }[];
                        pagingInfo: {
                            itemsPerPage: number;
                            nextPage?: string;
                            prevPage?: string;
                        };
                    };
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: limit outside 1..100, both after and before, a bad filter, a malformed cursor, or a cursor that is no delivery of this partner (unknown cursor); `attribute` names it
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `RATE_LIMIT_EXCEEDED`: more requests in a minute than the partner's limit; repeat after `Retry-After` seconds
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the database does not answer right now; repeat the same request (same Idempotency-Key) after `Retry-After` seconds
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the delivery with its attempts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveryId: string;
                        /** @description the `webhook-id` header of every attempt: deduplicate by it */
                        webhookId: string;
                        /**
                         * @description what the notification is about: an application, a payment, a settlement, or TEST for a test notification the partner asked for (its body is `{id, type: "TEST", createdAt}`)
                         * @enum {string}
                         */
                        kind: "APPLICATION" | "PAYMENT" | "SETTLEMENT" | "TEST";
                        notificationEndpoint: string;
                        /** @enum {string} */
                        state: "FAILED" | "DELIVERED" | "DEAD_LETTERED";
                        /** @description the notification exactly as sent */
                        body: {
                            [key: string]: components["schemas"]["FreeJsonValue"];
                        };
                        /** @description ISO 8601, UTC, no fractional seconds */
                        createdAt: string;
                        /** @description ISO 8601, UTC, no fractional seconds */
                        updatedAt: string;
                        attemptCount: number;
                        /** @description ISO 8601, UTC, no fractional seconds */
                        nextAttemptAt?: string;
                        /** @description ISO 8601, UTC, no fractional seconds */
                        deliveredAt?: string;
                        /** @description ISO 8601, UTC, no fractional seconds */
                        deadLetteredAt?: string;
                        attempts: {
                            /** @description 0 for the original delivery, then 1, 2, ... per redelivery */
                            redelivery: number;
                            attempt: number;
                            /** @description ISO 8601, UTC, no fractional seconds */
                            startedAt: string;
                            durationMs: number;
                            /** @enum {string} */
                            outcome: "ACKNOWLEDGED" | "NOT_ACKNOWLEDGED" | "HTTP_ERROR" | "TIMEOUT" | "NETWORK_ERROR" | "REFUSED_ADDRESS" | "ENDPOINT_BUSY" | "NO_SIGNING_SECRET" | "INVALID_ENDPOINT" | "RELAY_ERROR";
                            statusCode?: number;
                            error?: string;
                            /** @description the first 500 characters of the answer */
                            responseExcerpt?: string;
                        }[];
                    };
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: a parameter is malformed or over a limit; `attribute` names it
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /**
             * @description Not found. Error codes:
             *
             *     - `OBJECT_NOT_FOUND`: no delivery with this id for this partner
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `RATE_LIMIT_EXCEEDED`: more requests in a minute than the partner's limit; repeat after `Retry-After` seconds
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the database does not answer right now; repeat the same request (same Idempotency-Key) after `Retry-After` seconds
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    redeliverWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1-255 printable ASCII characters, unique per request of your choosing (a UUID). A retry with the same key and the same method, path and body within IDEMPOTENCY_TTL (24 h) answers the first response again, byte for byte, with `Idempotent-Replayed: true`, and changes nothing. */
                "Idempotency-Key"?: string;
            };
            path: {
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description redelivery requested */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveryId: string;
                        webhookId: string;
                        redelivery: number;
                        /** @description ISO 8601, UTC, no fractional seconds */
                        requestedAt: string;
                    };
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: a parameter is malformed or over a limit; `attribute` names it
             *     - `INVALID_REQUEST`: the Idempotency-Key header is empty, longer than 255 characters or not printable ASCII (`attribute`: `Idempotency-Key`)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /**
             * @description Not found. Error codes:
             *
             *     - `OBJECT_NOT_FOUND`: no delivery with this id for this partner
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflict. Error codes:
             *
             *     - `IDEMPOTENCY_KEY_IN_USE`: a request with this Idempotency-Key is still running; repeat after `Retry-After` seconds
             */
            409: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unprocessable. Error codes:
             *
             *     - `IDEMPOTENCY_KEY_REUSED`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `RATE_LIMIT_EXCEEDED`: more requests in a minute than the partner's limit; repeat after `Retry-After` seconds
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the request could not be queued; repeat it
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    redeliverDeadLetteredWebhooks: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1-255 printable ASCII characters, unique per request of your choosing (a UUID). A retry with the same key and the same method, path and body within IDEMPOTENCY_TTL (24 h) answers the first response again, byte for byte, with `Idempotent-Replayed: true`, and changes nothing. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @constant */
                    state?: "DEAD_LETTERED";
                };
            };
        };
        responses: {
            /** @description redeliveries requested */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        redeliveryCount: number;
                    };
                };
            };
            /**
             * @description Bad request. Error codes:
             *
             *     - `INVALID_REQUEST`: a parameter is malformed or over a limit; `attribute` names it
             *     - `INVALID_REQUEST`: the Idempotency-Key header is empty, longer than 255 characters or not printable ASCII (`attribute`: `Idempotency-Key`)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /**
             * @description Conflict. Error codes:
             *
             *     - `IDEMPOTENCY_KEY_IN_USE`: a request with this Idempotency-Key is still running; repeat after `Retry-After` seconds
             */
            409: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unsupported media type. Error codes:
             *
             *     - `INVALID_REQUEST`: the body is not `Content-Type: application/json` in UTF-8, or is compressed
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unprocessable. Error codes:
             *
             *     - `IDEMPOTENCY_KEY_REUSED`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Error codes:
             *
             *     - `RATE_LIMIT_EXCEEDED`: more requests in a minute than the partner's limit; repeat after `Retry-After` seconds
             */
            429: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `SERVICE_UNAVAILABLE`: the request could not be queued; repeat it
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    gatewayPage: {
        parameters: {
            query?: {
                /** @description the order changed since the page was loaded: say so */
                changed?: "1";
                /** @description the language the customer chose: cs or en (remembered in a cookie); another value is ignored */
                lang?: string;
            };
            header?: never;
            path: {
                applicationId: string;
                /** @description the link token */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description HTML page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description decided: the confirming browser to approvedRedirect, anyone to rejectedRedirect */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description HTML page */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description HTML page */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
        };
    };
    gatewayConfirm: {
        parameters: {
            query: {
                /** @description the page's anti-forgery value, bound to its application and order */
                csrf: string;
                /** @description the digest of the order the page showed */
                order: string;
            };
            header?: never;
            path: {
                applicationId: string;
                /** @description the link token */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description back to the gateway page, which waits for the decision */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description HTML page */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description HTML page */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description HTML page */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
        };
    };
    gatewayDecline: {
        parameters: {
            query: {
                /** @description the page's anti-forgery value, bound to its application and order */
                csrf: string;
                /** @description the digest of the order the page showed */
                order: string;
            };
            header?: never;
            path: {
                applicationId: string;
                /** @description the link token */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description to rejectedRedirect when the decline took effect; else to the gateway page, which shows the real outcome */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description HTML page */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description HTML page */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description HTML page */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The API can serve requests (UP or DEGRADED). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "UP" | "DEGRADED" | "DOWN" | "MAINTENANCE";
                        /** @description "<name> <version>" */
                        projectVersion: string;
                        /** @description the API's dependencies */
                        components?: {
                            mongo?: {
                                /** @enum {string} */
                                status: "UP" | "DOWN";
                            };
                            kafka?: {
                                /** @enum {string} */
                                status: "UP" | "DOWN";
                            };
                        };
                    };
                };
            };
            /**
             * @description Service unavailable. Error codes:
             *
             *     - `MAINTENANCE`: planned outage
             *     - `DEPENDENCY_DOWN`: MongoDB is not reachable
             *     - `TOPICS_MISSING`: a Kafka topic the service needs does not exist (`KAFKA_TOPICS=check`); the message names it
             */
            503: {
                headers: {
                    /** @description seconds to wait before repeating the request */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    liveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is alive. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "UP";
                        projectVersion: string;
                    };
                };
            };
        };
    };
}
/** Every error code the API documents (its responses' "Error codes:" lists). */
export type ErrorCode =
    | "APPLICATION_ALREADY_CANCELLED"
    | "APPLICATION_NOT_FOUND"
    | "APPLICATION_NOT_READY"
    | "APPLICATION_NOT_WAITING"
    | "APPLICATION_PAID"
    | "APPLICATION_REJECTED"
    | "APPLICATION_VALIDATION_IN_PROGRESS"
    | "CONCURRENT_MODIFICATION"
    | "DEPENDENCY_DOWN"
    | "IDEMPOTENCY_KEY_IN_USE"
    | "IDEMPOTENCY_KEY_REUSED"
    | "INVALID_CREDENTIALS"
    | "INVALID_REQUEST"
    | "ITEM_TOTAL_MISMATCH"
    | "MAINTENANCE"
    | "NOTHING_TO_SETTLE"
    | "NOT_SUPPORTED"
    | "OBJECT_NOT_FOUND"
    | "ORDER_ALREADY_SENT"
    | "RATE_LIMIT_EXCEEDED"
    | "RECURRENCE_NOT_FOUND"
    | "RECURRENCE_NOT_USABLE"
    | "SERVICE_UNAVAILABLE"
    | "TOO_MANY_LOGIN_ATTEMPTS"
    | "TOPICS_MISSING"
    | "TOTAL_PRICE_LIMIT_EXCEEDED"
    | "UNPROCESSABLE"
    | "VAT_AMOUNT_MISMATCH";

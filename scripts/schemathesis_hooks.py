"""Schemathesis hooks of `npm run api:conformance` (loaded through SCHEMATHESIS_HOOKS).

They encode, for the generated requests, the rules the OpenAPI document states in words
because JSON Schema has no keyword for them. They apply to every generated request, also
to those schemathesis means to be invalid: it judges a request by the schema once more
after generation, and one that turned out valid must then be accepted.

- Rules across query parameters (at least one of, at most one of, a range's first bound not
  after its second, ...): the document lists them in each operation's `x-parameter-rules`;
  a request that breaks one is dropped.
- Query parameters that must name something the service handed out (`x-refers-to`, the
  cursors of the paged lists): a made-up value is refused, as the document says, so a request
  that sets one is dropped.
- Arrays whose items must differ in one field (`x-unique-by`, one totalVat entry per
  vatRate): later items that repeat an earlier item's value are removed.
- Document files: the content must be of an accepted type (PDF, Office, plain text, JPEG,
  PNG, GIF), which the service tells from the bytes. Generated base64 is random bytes, so
  it is replaced with a short plain text, in whichever form (bare or `{filename, content}`)
  was generated, and a generated file name ends in `.txt` (the extension must fit the
  content).
- Creating an application: the money of an order must add up (the items to the total, their
  VAT to totalVat, one currency the partner has) and notifications must go to a public
  host, or the answer is 422. Random amounts never add up, so without help no application
  would be created and the 201 answer never checked against its schema: the amounts,
  currency, VAT and notificationEndpoint of a generated request are made consistent, and
  the advisory mismatches (unit price x quantity, VAT by rate) are accepted via `override`.
  isRecurring is left out (a recurrence is its own flow), so is a document URL (it would be
  fetched).
- Idempotency-Key: a generated key is a valid header, but schemathesis draws the same few
  values for many requests, and the service rightly answers a key reused with another body
  422 IDEMPOTENCY_KEY_REUSED. A client makes one key per request: so does this run.
"""
import base64
import json
import uuid

import schemathesis

TEXT_FILE = base64.b64encode(b"Invoice 2026-001: conformance run\n").decode()

RULES = {
    "atLeastOneOf": lambda given, names: given >= 1,
    "notAllOf": lambda given, names: given < len(names),
    "atMostOneOf": lambda given, names: given <= 1,
    "exactlyOneOf": lambda given, names: given == 1,
    "allOrNoneOf": lambda given, names: given in (0, len(names)),
}


def refers_to_stored(operation, query):
    return any(
        p.get("in") == "query" and p["name"] in query and "x-refers-to" in p.get("schema", {})
        for p in operation.get("parameters", [])
    )


@schemathesis.hook
def filter_case(context, case):
    operation = context.operation.definition.raw
    query = case.query or {}
    for rule in operation.get("x-parameter-rules", []):
        names = rule["parameters"]
        if rule["rule"] == "notAfter":
            # a range: the first bound not after the second (ISO dates compare as text)
            first, second = names
            if first in query and second in query and str(query[first]) > str(query[second]):
                return False
            continue
        if not RULES[rule["rule"]](sum(1 for n in names if n in query), names):
            return False
    return not refers_to_stored(operation, query)


def same_value_key(value):
    """A key equal for values JSON (and so the service) reads as equal: 1 and 1.0 are one number."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    return json.dumps(value, sort_keys=True)


def without_repeats(items, field):
    seen, kept = set(), []
    for item in items:
        key = same_value_key(item.get(field)) if isinstance(item, dict) else None
        if key is None or key not in seen:
            seen.add(key)
            kept.append(item)
    return kept


def unique_by(schema, value):
    """Walks a body along its schema (properties, items) and drops repeats where `x-unique-by` says."""
    if isinstance(value, dict):
        for key, sub in schema.get("properties", {}).items():
            if key in value:
                unique_by(sub, value[key])
    elif isinstance(value, list):
        if schema.get("x-unique-by"):
            value[:] = without_repeats(value, schema["x-unique-by"])
        for item in value:
            unique_by(schema.get("items", {}), item)


def body_schema(operation):
    content = operation.get("requestBody", {}).get("content", {})
    return content.get("application/json", {}).get("schema", {})


def with_text_content(file):
    if isinstance(file, dict) and isinstance(file.get("content"), str):
        # the name's extension must fit the content too: the text gets a .txt name
        name = file.get("filename")
        named = {"filename": name[:250] + ".txt"} if isinstance(name, str) else {}
        return {**file, **named, "content": TEXT_FILE}
    if isinstance(file, str) and not file.startswith("https://"):
        return TEXT_FILE
    return file


def documents_of(body):
    """Every document object of a request body: `document`, `documents[]`, `order.documents[]`."""
    if not isinstance(body, dict):
        return []
    found = [body["document"]] if isinstance(body.get("document"), dict) else []
    for holder in (body, body.get("order")):
        if isinstance(holder, dict) and isinstance(holder.get("documents"), list):
            found.extend(d for d in holder["documents"] if isinstance(d, dict))
    return found


CURRENCY = "CZK"  # the run's API accepts the default CURRENCIES
DEDUCTIONS = {"DISCOUNT", "GIFT_CARD", "STORE_CREDIT"}
ADVISORIES = ["ITEM_TOTAL_MISMATCH", "VAT_AMOUNT_MISMATCH"]
MONEY_KEYS = ("unitPrice", "totalPrice", "unitVat", "totalVat")


def coherent_items(items):
    """Positive item totals in one currency, at most 20 VAT rates (totalVat's limit)."""
    rates = []
    for n, item in enumerate(items):
        if item.get("type") in DEDUCTIONS:
            item["type"] = "PHYSICAL"
        for key in MONEY_KEYS:
            if isinstance(item.get(key), dict):
                item[key]["currency"] = CURRENCY
        item["totalPrice"]["amount"] = 100 + n
        rate = item["totalVat"]["vatRate"]
        if rate not in rates and len(rates) == 20:
            rate = item["totalVat"]["vatRate"] = rates[0]
        item["totalVat"]["amount"] = round(item["totalPrice"]["amount"] * rate / (100 + rate))
        if rate not in rates:
            rates.append(rate)
        if isinstance(item.get("unitVat"), dict):
            item["unitVat"]["vatRate"] = rate
    return rates


def coherent_order(body):
    order = body.get("order") if isinstance(body, dict) else None
    items = order.get("items") if isinstance(order, dict) else None
    if not items or not all(isinstance(i, dict) and isinstance(i.get("totalPrice"), dict) and isinstance(i.get("totalVat"), dict) for i in items):
        return
    rates = coherent_items(items)
    order["totalPrice"] = {"amount": sum(i["totalPrice"]["amount"] for i in items), "currency": CURRENCY}
    order["totalVat"] = [
        {"vatRate": r, "amount": sum(i["totalVat"]["amount"] for i in items if i["totalVat"]["vatRate"] == r), "currency": CURRENCY}
        for r in rates
    ]
    for document in documents_of(body):
        if isinstance(document.get("file"), str):
            document["file"] = TEXT_FILE
    if isinstance(body.get("merchantUrls"), dict):
        body["merchantUrls"]["notificationEndpoint"] = "https://shop.example/notifications"
    body.pop("isRecurring", None)
    given = body.get("override") if isinstance(body.get("override"), list) else []
    kept = [c for c in given if c not in ADVISORIES][: 20 - len(ADVISORIES)]
    body["override"] = kept + ADVISORIES


@schemathesis.hook
def map_case(context, case):
    if context.operation.definition.raw.get("operationId") == "createApplication":
        coherent_order(case.body)
    unique_by(body_schema(context.operation.definition.raw), case.body)
    for document in documents_of(case.body):
        if "file" in document:
            document["file"] = with_text_content(document["file"])
    return case


@schemathesis.hook
def before_call(context, case, kwargs):
    if case.headers and "Idempotency-Key" in case.headers:
        case.headers["Idempotency-Key"] = str(uuid.uuid4())

"""Schemathesis hooks of `npm run api:conformance` (loaded through SCHEMATHESIS_HOOKS).

A generated Idempotency-Key is a valid header, but schemathesis draws the same few values
for many requests, and the service rightly answers a key reused with another body 422
IDEMPOTENCY_KEY_REUSED. A client makes one key per request: so does this run.
"""
import uuid

import schemathesis


@schemathesis.hook
def before_call(context, case, kwargs):
    if case.headers and "Idempotency-Key" in case.headers:
        case.headers["Idempotency-Key"] = str(uuid.uuid4())

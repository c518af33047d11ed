#!/usr/bin/env bash
# Jaeger, the trace backend test/tracing/jaeger.spec.ts exports to, built once into the
# project's cache from its Go module (pinned), like oasdiff and Mailpit (.ci/run's "jaeger"
# phase; run it by hand before that spec on a new machine). Only the all-in-one command is
# built: Jaeger v2's `cmd/jaeger`, whose default configuration is the all-in-one (collector,
# in-memory store and query API in one process); the test starts it with its own small
# configuration (OTLP over HTTP and the query API, on 127.0.0.1). Stripped and without build
# paths: about 85 MB instead of 130. Needs Go >= 1.26. The pin is test/support/jaeger.ts's.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CACHE="${PF_CACHE:-$HOME/.cache/partner-financing}"
VERSION="$(sed -n "s/^export const JAEGER_VERSION = '\(.*\)';$/\1/p" "$ROOT/test/support/jaeger.ts")"
[ -n "$VERSION" ] || { echo "[jaeger] no JAEGER_VERSION in test/support/jaeger.ts" >&2; exit 1; }

DIR="$CACHE/jaeger-$VERSION"
if [ ! -x "$DIR/jaeger" ]; then
  t0=$(date +%s)
  GOBIN="$DIR" GOFLAGS=-mod=mod go install -trimpath -ldflags "-s -w" "github.com/jaegertracing/jaeger/cmd/jaeger@$VERSION"
  echo "[jaeger] jaeger $VERSION built in $(( $(date +%s) - t0 )) s"
fi
echo "[jaeger] $DIR/jaeger"

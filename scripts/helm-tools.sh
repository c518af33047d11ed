#!/usr/bin/env bash
# The chart's CI tools, built once into the project's cache (.ci/run's "helm" phase; run it
# by hand before test/deploy/helm-chart.spec.ts on a new machine):
#   helm, from its Go module (pinned), into $PF_CACHE/helm-<version>/helm;
#   kubernetes-validate (the Kubernetes schemas, bundled: no network at check time) and
#   checkov (static policy checks), pinned, into the virtualenv $PF_CACHE/helm-check-venv.
# Needs Go >= 1.24 and python3 with venv. The pins are test/deploy/helm-tools.ts's.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CACHE="${PF_CACHE:-$HOME/.cache/partner-financing}"
pin() { sed -n "s/^export const $1 = \(.*\);$/\1/p" "$ROOT/test/deploy/helm-tools.ts"; }
HELM_VERSION="$(pin HELM_VERSION | tr -d "'")"
PY_PINS="$(pin PYTHON_PINS | tr -d "[]',")"

HELM_DIR="$CACHE/helm-$HELM_VERSION"
if [ ! -x "$HELM_DIR/helm" ]; then
  t0=$(date +%s)
  GOBIN="$HELM_DIR" GOFLAGS=-mod=mod go install "helm.sh/helm/v3/cmd/helm@$HELM_VERSION"
  echo "[helm-tools] helm $HELM_VERSION built in $(( $(date +%s) - t0 )) s"
fi
"$HELM_DIR/helm" version --short

VENV="$CACHE/helm-check-venv"
if [ "$(cat "$VENV/installed.txt" 2>/dev/null)" != "$PY_PINS" ]; then
  t0=$(date +%s)
  python3 -m venv "$VENV"
  # shellcheck disable=SC2086 # the pins are words
  "$VENV/bin/pip" install --quiet --disable-pip-version-check $PY_PINS
  echo "$PY_PINS" > "$VENV/installed.txt"
  echo "[helm-tools] $PY_PINS installed in $(( $(date +%s) - t0 )) s"
fi
echo "[helm-tools] $PY_PINS"

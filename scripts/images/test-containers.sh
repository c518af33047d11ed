#!/usr/bin/env bash
# `npm run test:containers`: builds the images (build-images.sh; cached), then
#   1. the service image and the sandbox through the Node testcontainers module (mocha,
#      .mocharc.containers.cjs: test/containers/*.test.ts, clients/testcontainers-node/test),
#      the service containers against the local stack (infra/stack.sh, started when none runs
#      and stopped again after);
#   2. the Java testcontainers module (mvn test in clients/testcontainers-java).
# Its last line is the sum: "N passed, M failed". Exit 0 when nothing failed.
#
# Starts dockerd when no engine answers and stops it after; prints "skipped: ..." and exits
# 0 where Docker cannot run. Each step is bounded in time.
set -euo pipefail
# shellcheck source=scripts/images/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

STACK_STARTED=""
WORK=""
SUMMARY=""
cleanup() {
  local rc=$?
  set +e
  if [ -n "$STACK_STARTED" ]; then log "stopping the local stack this run started"; bash infra/stack.sh down >/dev/null 2>&1; fi
  engine_down
  [ -n "$WORK" ] && rm -rf "$WORK"
  # the sum is the last line, after everything this run started is stopped
  [ -n "$SUMMARY" ] && printf '%s\n' "$SUMMARY"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

engine_up
WORK="$(mktemp -d "${TMPDIR:-/tmp}/pf-containers.XXXXXX")"
T0="$(now_ms)"
timeout 1800 bash "$IMAGES_DIR/build-images.sh"
T_BUILD="$(secs_since "$T0")"

# The service image's test runs against the local stack (Kafka and the store on 127.0.0.1).
if ! bash infra/stack.sh status >/dev/null 2>&1; then STACK_STARTED=1; fi
while IFS= read -r line; do
  case "$line" in MONGO_URL=*|KAFKA_BROKERS=*) export "${line?}" ;; esac
done < <(timeout 300 bash infra/stack.sh up)
[ -n "${MONGO_URL:-}" ] && [ -n "${KAFKA_BROKERS:-}" ] || die "infra/stack.sh up gave no MONGO_URL/KAFKA_BROKERS"

# Testcontainers: Ryuk (its reaper) is an image from a registry, which this machine cannot
# pull, and the tests remove what they start; this machine is itself a container
# (/.dockerenv), so say that the engine's ports are on localhost.
export TESTCONTAINERS_RYUK_DISABLED="${TESTCONTAINERS_RYUK_DISABLED:-true}"
export TESTCONTAINERS_HOST_OVERRIDE="${TESTCONTAINERS_HOST_OVERRIDE:-localhost}"

passed=0
failed=0

# ------------------------------------------------------------------ Node: mocha
T1="$(now_ms)"
log "type-checking clients/testcontainers-node"
if ! timeout 300 npx tsc --noEmit -p clients/testcontainers-node; then failed=$((failed + 1)); log "tsc failed"; fi
log "mocha: the service image, and the sandbox through clients/testcontainers-node"
set +e
timeout 900 npx mocha --config .mocharc.containers.cjs 2>&1 | tee "$WORK/mocha.log"
mocha_rc=${PIPESTATUS[0]}
set -e
m_pass="$(sed -n 's/^ *\([0-9][0-9]*\) passing.*/\1/p' "$WORK/mocha.log" | tail -n1)"
m_fail="$(sed -n 's/^ *\([0-9][0-9]*\) failing.*/\1/p' "$WORK/mocha.log" | tail -n1)"
passed=$((passed + ${m_pass:-0}))
failed=$((failed + ${m_fail:-0}))
if [ "$mocha_rc" -ne 0 ] && [ "${m_fail:-0}" -eq 0 ]; then failed=$((failed + 1)); log "mocha exited $mocha_rc"; fi
T_NODE="$(secs_since "$T1")"

# ------------------------------------------------------------------ Java: Maven Surefire
T2="$(now_ms)"
if command -v mvn >/dev/null 2>&1; then
  log "mvn test: clients/testcontainers-java"
  set +e
  timeout 900 mvn -B -Dstyle.color=never -f clients/testcontainers-java/pom.xml test >"$WORK/mvn.log" 2>&1
  mvn_rc=$?
  set -e
  grep -E 'Tests run:|sandbox ready|FAIL|ERROR\]|BUILD' "$WORK/mvn.log" | grep -v 'Downloading\|Downloaded' || true
  last="$(grep -E '^\[(INFO|ERROR|WARNING)\] Tests run: [0-9]+, Failures: [0-9]+, Errors: [0-9]+, Skipped: [0-9]+$' "$WORK/mvn.log" | tail -n1)"
  if [ -n "$last" ]; then
    read -r j_run j_fail j_err j_skip < <(echo "$last" | sed 's/.*Tests run: \([0-9]*\), Failures: \([0-9]*\), Errors: \([0-9]*\), Skipped: \([0-9]*\)/\1 \2 \3 \4/')
    passed=$((passed + j_run - j_fail - j_err - j_skip))
    failed=$((failed + j_fail + j_err))
  fi
  if [ "$mvn_rc" -ne 0 ] && { [ -z "$last" ] || [ "$((j_fail + j_err))" -eq 0 ]; }; then
    failed=$((failed + 1)); tail -n 40 "$WORK/mvn.log"; log "mvn exited $mvn_rc"
  fi
else
  log "mvn not found: the Java module's test did not run"
  failed=$((failed + 1))
fi
T_JAVA="$(secs_since "$T2")"

log "timings: images ${T_BUILD} s, Node tests ${T_NODE} s, Java tests ${T_JAVA} s, total $(secs_since "$T0") s"
SUMMARY="$passed passed, $failed failed"
[ "$failed" -eq 0 ]

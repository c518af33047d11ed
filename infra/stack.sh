#!/usr/bin/env bash
# Local infrastructure without Docker: a single-node KRaft Apache Kafka broker (jars from
# Maven Central) and a MongoDB-wire server, both on 127.0.0.1: mongo-java-server with its
# H2 backend (default) or FerretDB v1 on SQLite (PF_MONGO_SERVER=ferretdb; it loses
# concurrent updates, see infra/README.md).
#
#   stack.sh up            start (or reuse) the stack; prints MONGO_URL=... and
#                          KAFKA_BROKERS=... on stdout, nothing else; progress on stderr
#   stack.sh down [--wipe] stop it (and with --wipe delete its data); exit 0 if not running
#   stack.sh status        say whether it runs, with ports; exit 0 running, 3 not running
#   stack.sh env           print the MONGO_URL/KAFKA_BROKERS lines; exit 3 if not running
#
# Environment: KAFKA_NODES (default 1; 3 for a KRaft cluster, infra/kafka-nodes.sh),
# PF_CACHE (default ~/.cache/partner-financing), KAFKA_PORT,
# KAFKA_CONTROLLER_PORT, MONGO_PORT (default: free ports, the previous ones if free),
# PF_MONGO_SERVER (mongo-java-server | ferretdb), STACK_TIMEOUT (readiness timeout in
# seconds, default 90).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE="${PF_CACHE:-$HOME/.cache/partner-financing}"
KAFKA_VERSION="${KAFKA_VERSION:-3.9.1}"
FERRETDB_VERSION="${FERRETDB_VERSION:-v1.24.2}"
KAFKA_LIB="$CACHE/kafka-$KAFKA_VERSION/lib"
FERRETDB_BIN="$CACHE/ferretdb-$FERRETDB_VERSION/ferretdb"
MJS_VERSION="${MJS_VERSION:-1.47.0}"
MJS_HOME="$CACHE/mongo-java-server-$MJS_VERSION"
MONGO_SERVER="${PF_MONGO_SERVER:-mongo-java-server}"
MONGO_PORT="${MONGO_PORT:-${FERRETDB_PORT:-}}"
RUN="$CACHE/run"
STATE="$RUN/stack.env"
LOGS="$RUN/logs"
DATA="$RUN/data"
CONF="$RUN/conf"
KAFKA_DATA="$DATA/kafka"
FERRET_DATA="$DATA/ferretdb"
MJS_DATA="$DATA/mongo-java-server"
TIMEOUT="${STACK_TIMEOUT:-90}"
HELPER="$HERE/wait-ready.mjs"

log() { printf '[stack] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }
# shellcheck source=infra/kafka-nodes.sh
. "$HERE/kafka-nodes.sh"

# ---------------------------------------------------------------- process helpers

# Our processes are recognised by their command line, which always names a file under
# $RUN: the Kafka server.properties, mongo-java-server's data file, or FerretDB's
# --state-dir. That guards against a recorded pid since reused by an unrelated process.
is_ours() { # pid
  local pid="$1" cmd
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  [ -r "/proc/$pid/cmdline" ] || return 1
  cmd="$(tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null)" || return 1
  [[ "$cmd" == *"$CONF/server.properties"* || "$cmd" == *"$MJS_DATA/"* || "$cmd" == *"--state-dir=$DATA/ferretdb-state"* ]]
}

# Our processes that are still running, whether or not a state file knows them (a
# previous `up` killed with SIGKILL, a deleted state file): pids from the pid files plus
# a scan of /proc for command lines that name this stack's own files.
our_pids() {
  local f p seen=" "
  for f in "$RUN/kafka.pid" "$RUN/mongo.pid"; do
    [ -f "$f" ] || continue
    p="$(cat "$f" 2>/dev/null || true)"
    if is_ours "$p" && [[ "$seen" != *" $p "* ]]; then seen+="$p "; echo "$p"; fi
  done
  for f in /proc/[0-9]*; do
    p="${f#/proc/}"
    [ "$p" = "$$" ] && continue
    if is_ours "$p" && [[ "$seen" != *" $p "* ]]; then seen+="$p "; echo "$p"; fi
  done
}

# Stop processes: SIGTERM to each one's process group (each was started with setsid, so
# pid == pgid and the group holds nothing else of ours), wait up to $2 seconds, SIGKILL.
stop_pids() { # "pid pid ..." grace_seconds
  local pids="$1" grace="${2:-15}" p pg left i
  [ -n "${pids// /}" ] || return 0
  for p in $pids; do
    pg="$(ps -o pgid= -p "$p" 2>/dev/null | tr -d ' ' || true)"
    if [ -n "$pg" ] && [ "$pg" = "$p" ]; then kill -TERM -- "-$p" 2>/dev/null || true
    else kill -TERM "$p" 2>/dev/null || true; fi
  done
  for ((i = 0; i < grace * 10; i++)); do
    left=""
    for p in $pids; do kill -0 "$p" 2>/dev/null && left+="$p "; done
    [ -z "$left" ] && return 0
    sleep 0.1
  done
  log "still running after ${grace}s, sending SIGKILL: $left"
  for p in $left; do kill -KILL -- "-$p" 2>/dev/null || kill -KILL "$p" 2>/dev/null || true; done
  for ((i = 0; i < 50; i++)); do
    left=""
    for p in $pids; do kill -0 "$p" 2>/dev/null && left+="$p "; done
    [ -z "$left" ] && return 0
    sleep 0.1
  done
  log "warning: could not stop: $left"
}

# ---------------------------------------------------------------- state file

state_get() { # key  (the file is KEY=VALUE lines; values hold '&', so never source it)
  [ -f "$STATE" ] || return 1
  sed -n "s/^$1=//p" "$STATE" | head -n1
}

# 0 when the recorded stack's processes are all alive (no network probe).
recorded_alive() {
  [ -f "$STATE" ] || return 1
  local kp fp
  kp="$(state_get KAFKA_PID || true)"; fp="$(state_get MONGO_PID || true)"
  is_ours "$kp" && is_ours "$fp" && cluster_alive
}

# 0 when the recorded stack's services answer through the drivers.
recorded_answers() {
  local brokers
  brokers="$(state_get KAFKA_BROKERS)"
  node "$HELPER" check --kafka "${brokers%%,*}" --mongo "$(state_get MONGO_URL)" \
    --timeout "${1:-8}" 2>/dev/null
}

print_env() {
  printf 'MONGO_URL=%s\nKAFKA_BROKERS=%s\n' "$(state_get MONGO_URL)" "$(state_get KAFKA_BROKERS)"
}

# ---------------------------------------------------------------- up

STARTED_PIDS=""
INSTALL_PGID=""
HELPER_PID=""
FAIL_LOGS=""

show_log_tail() { # file [lines]
  [ -s "$1" ] || return 0
  log "---- last ${2:-40} lines of $1 ----"
  tail -n "${2:-40}" "$1" | sed 's/^/[stack]   /' >&2
}

cleanup_failed_up() {
  [ -n "$HELPER_PID" ] && kill "$HELPER_PID" 2>/dev/null || true
  [ -n "$INSTALL_PGID" ] && kill -TERM -- "-$INSTALL_PGID" 2>/dev/null || true
  if [ -n "$STARTED_PIDS" ]; then
    log "stopping what this run started (pids $STARTED_PIDS)"
    stop_pids "$STARTED_PIDS" 10
  fi
  rm -f "$RUN/kafka.pid" "$RUN/mongo.pid" "$STATE.tmp"
  local f
  for f in $FAIL_LOGS; do show_log_tail "$f"; done
}

on_up_signal() {
  trap - EXIT INT TERM
  log "interrupted (SIG$1): cleaning up"
  FAIL_LOGS=""
  cleanup_failed_up
  [ "$1" = INT ] && exit 130 || exit 143
}

on_up_exit() {
  local rc=$?
  trap - EXIT INT TERM
  if [ "$rc" -ne 0 ]; then cleanup_failed_up; fi
  exit "$rc"
}

# Run a command so that a SIGTERM to this script is handled at once (bash runs traps
# only between foreground commands, but interrupts `wait`).
run_waitable() {
  "$@" & HELPER_PID=$!
  local rc=0
  wait "$HELPER_PID" || rc=$?
  HELPER_PID=""
  return "$rc"
}

port_free() { # port -> 0 if nothing listens on 127.0.0.1:port
  ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

pick_ports() {
  local want_k="${KAFKA_PORT:-}" want_c="${KAFKA_CONTROLLER_PORT:-}" want_f="${MONGO_PORT:-}"
  local p name
  for name in KAFKA_PORT KAFKA_CONTROLLER_PORT MONGO_PORT; do
    p="${!name:-}"
    [ -z "$p" ] && continue
    [[ "$p" =~ ^[0-9]+$ ]] && [ "$p" -ge 1 ] && [ "$p" -le 65535 ] || die "$name='$p' is not a port number"
    port_free "$p" || die "$name=$p: something already listens on 127.0.0.1:$p"
  done
  # Without explicit ports, prefer the previous run's ports (stable URLs across restarts).
  if [ -f "$RUN/last-ports" ]; then
    local lk lc lf
    read -r lk lc lf < "$RUN/last-ports" || true
    [ -z "$want_k" ] && [ -n "${lk:-}" ] && port_free "$lk" && want_k="$lk"
    [ -z "$want_c" ] && [ -n "${lc:-}" ] && port_free "$lc" && want_c="$lc"
    [ -z "$want_f" ] && [ -n "${lf:-}" ] && port_free "$lf" && want_f="$lf"
  fi
  local free
  mapfile -t free < <(node "$HELPER" ports 6)
  [ "${#free[@]}" -ge 3 ] || die "could not find free ports on 127.0.0.1"
  local i=0
  for name in want_k want_c want_f; do
    while [ -z "${!name}" ]; do
      [ "$i" -lt "${#free[@]}" ] || die "could not find free ports on 127.0.0.1"
      p="${free[$i]}"; i=$((i + 1))
      [ "$p" = "$want_k" ] || [ "$p" = "$want_c" ] || [ "$p" = "$want_f" ] || printf -v "$name" '%s' "$p"
    done
  done
  [ "$want_k" != "$want_c" ] && [ "$want_k" != "$want_f" ] && [ "$want_c" != "$want_f" ] \
    || die "ports must differ: kafka=$want_k controller=$want_c mongo=$want_f"
  K_PORT="$want_k"; C_PORT="$want_c"; F_PORT="$want_f"
}

write_kafka_config() {
  mkdir -p "$CONF" "$KAFKA_DATA" "$LOGS"
  cat > "$CONF/server.properties" <<EOF
# Generated by infra/stack.sh on each start: single-node KRaft (broker + controller).
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$C_PORT
listeners=PLAINTEXT://127.0.0.1:$K_PORT,CONTROLLER://127.0.0.1:$C_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$K_PORT
inter.broker.listener.name=PLAINTEXT
controller.listener.names=CONTROLLER
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$KAFKA_DATA
auto.create.topics.enable=true
num.partitions=3
default.replication.factor=1
min.insync.replicas=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=1
group.initial.rebalance.delay.ms=0
# After an unclean stop (kill -9, machine sleep) the controller keeps the old broker
# registration until its session expires: 9 s by default, which makes such a restart take
# ~15 s. A single local node can afford a shorter session.
broker.heartbeat.interval.ms=1000
broker.session.timeout.ms=3000
delete.topic.enable=true
num.network.threads=2
num.io.threads=4
log.retention.hours=168
log.segment.bytes=67108864
EOF
  cat > "$CONF/log4j.properties" <<EOF
# Generated by infra/stack.sh: broker log to a file (rotated), no console output.
log4j.rootLogger=INFO, file
log4j.appender.file=org.apache.log4j.RollingFileAppender
log4j.appender.file.File=$LOGS/kafka.log
log4j.appender.file.MaxFileSize=20MB
log4j.appender.file.MaxBackupIndex=2
log4j.appender.file.layout=org.apache.log4j.PatternLayout
log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.request.logger=WARN
log4j.logger.state.change.logger=WARN
log4j.logger.org.apache.kafka.clients=WARN
EOF
  cat > "$CONF/tools-log4j.properties" <<EOF
# Generated by infra/stack.sh: StorageTool logs to stderr (captured in kafka-format.log).
log4j.rootLogger=WARN, stderr
log4j.appender.stderr=org.apache.log4j.ConsoleAppender
log4j.appender.stderr.Target=System.err
log4j.appender.stderr.layout=org.apache.log4j.PatternLayout
log4j.appender.stderr.layout.ConversionPattern=[%d] %p %m (%c)%n
EOF
}

kafka_tool() { # main-class args...  (short-lived tools such as StorageTool)
  java -Xmx256m -Djava.awt.headless=true -Dlog4j.configuration="file:$CONF/tools-log4j.properties" \
    -cp "$KAFKA_LIB/*" "$@"
}

# Format the KRaft storage once. A data dir formatted for another cluster id or node id
# (or half-written) is wiped and formatted again: it is a disposable local broker.
format_kafka() {
  local meta="$KAFKA_DATA/meta.properties" want_id=""
  [ -f "$DATA/kafka.cluster-id" ] && want_id="$(cat "$DATA/kafka.cluster-id")"
  if [ -f "$meta" ]; then
    local have_id have_node
    have_id="$(sed -n 's/^cluster.id=//p' "$meta")"
    have_node="$(sed -n 's/^node.id=//p' "$meta")"
    if [ -n "$want_id" ] && [ "$have_id" = "$want_id" ] && [ "$have_node" = "1" ]; then
      return 0
    fi
    log "kafka data dir belongs to another cluster (cluster.id=$have_id node.id=$have_node): wiping it"
  elif [ -n "$(ls -A "$KAFKA_DATA" 2>/dev/null)" ]; then
    log "kafka data dir is not formatted but not empty: wiping it"
  fi
  rm -rf "$KAFKA_DATA" "$DATA/kafka.cluster-id"
  mkdir -p "$KAFKA_DATA"
  : > "$LOGS/kafka-format.log"
  local id
  id="$(kafka_tool kafka.tools.StorageTool random-uuid 2>>"$LOGS/kafka-format.log" | tail -n1)"
  [[ "$id" =~ ^[A-Za-z0-9_-]{22}$ ]] || { FAIL_LOGS="$LOGS/kafka-format.log"; die "kafka StorageTool random-uuid failed"; }
  kafka_tool kafka.tools.StorageTool format -t "$id" -c "$CONF/server.properties" --ignore-formatted \
    >>"$LOGS/kafka-format.log" 2>&1 || { FAIL_LOGS="$LOGS/kafka-format.log"; die "kafka storage format failed"; }
  echo "$id" > "$DATA/kafka.cluster-id"
  log "kafka storage formatted (cluster id $id)"
}

start_ferretdb() {
  mkdir -p "$FERRET_DATA" "$DATA/ferretdb-state" "$LOGS"
  setsid "$FERRETDB_BIN" --handler=sqlite --sqlite-url="file:$FERRET_DATA/" \
    --listen-addr="127.0.0.1:$F_PORT" --debug-addr=- --telemetry=disable \
    --state-dir="$DATA/ferretdb-state" --log-level=ERROR >"$LOGS/mongo.log" 2>&1 </dev/null 9>&- &
  F_PID=$!
}

# java is exec'd by setsid directly, so pid == pgid; the data file path marks it as ours.
start_mongo_java_server() {
  mkdir -p "$MJS_DATA" "$LOGS"
  setsid java -Xms64m -Xmx768m -XX:+UseG1GC -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true \
    -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -Dorg.slf4j.simpleLogger.showDateTime=true \
    -cp "$MJS_HOME/lib/*:$MJS_HOME/classes" MongoWireServer "$MJS_DATA/db.mv" 127.0.0.1 "$F_PORT" \
    >"$LOGS/mongo.log" 2>&1 </dev/null 9>&- &
  F_PID=$!
}

start_mongo() {
  [ -f "$LOGS/mongo.log" ] && mv -f "$LOGS/mongo.log" "$LOGS/mongo.log.prev"
  case "$MONGO_SERVER" in
    ferretdb) start_ferretdb ;;
    mongo-java-server) start_mongo_java_server ;;
    *) die "PF_MONGO_SERVER='$MONGO_SERVER': use mongo-java-server or ferretdb" ;;
  esac
  STARTED_PIDS+="$F_PID "
  echo "$F_PID" > "$RUN/mongo.pid"
  log "$MONGO_SERVER starting on 127.0.0.1:$F_PORT, pid $F_PID, log $LOGS/mongo.log"
}

cmd_up() {
  mkdir -p "$RUN" "$LOGS" "$DATA"
  command -v node >/dev/null || die "node not found (Node 20+ is needed for readiness checks)"
  command -v setsid >/dev/null || die "setsid not found (util-linux)"

  # One `up`/`down` at a time: tests, `npm start` and a developer may race. Every child
  # that outlives this script is started with fd 9 closed, or it would hold the lock.
  exec 9>"$RUN/stack.lock"
  if ! flock -n 9; then
    log "another stack.sh up/down is running: waiting for it"
    run_waitable flock 9
  fi

  if recorded_alive && [ "$(state_get MONGO_SERVER || true)" != "$MONGO_SERVER" ]; then
    log "the running stack uses $(state_get MONGO_SERVER || echo '?'), $MONGO_SERVER was asked for: restarting it"
  elif recorded_alive && ! cluster_matches; then
    log "the running stack has $(state_get KAFKA_NODES || echo 1) Kafka node(s), $NODES were asked for: restarting it"
  elif recorded_alive; then
    if recorded_answers 10; then
      local name want have
      for name in KAFKA_PORT KAFKA_CONTROLLER_PORT MONGO_PORT; do
        want="${!name:-}"; have="$(state_get "$name" || true)"
        [ -n "$want" ] && [ "$want" != "$have" ] && log "warning: $name=$want requested, but the running stack uses $have (run 'stack.sh down' to change it)"
      done
      log "reusing the running stack (kafka pid $(state_get KAFKA_PID), $(state_get MONGO_SERVER) pid $(state_get MONGO_PID))"
      print_env
      return 0
    fi
    log "the recorded stack's processes run but do not answer: restarting it"
  fi
  # Anything of ours still running (half-dead stack, lost state file) goes first: it
  # would hold the Kafka data dir lock or the ports.
  local leftovers
  leftovers="$(our_pids | tr '\n' ' ')"
  if [ -n "${leftovers// /}" ]; then
    log "stopping leftover stack processes: $leftovers"
    stop_pids "$leftovers" 15
  fi
  rm -f "$STATE" "$RUN/kafka.pid" "$RUN/mongo.pid"

  trap 'on_up_signal INT' INT
  trap 'on_up_signal TERM' TERM
  trap on_up_exit EXIT

  local t0=$SECONDS
  # install.sh in its own process group so that an interrupt can stop its mvn/go children.
  setsid bash "$HERE/install.sh" all </dev/null >&2 9>&- &
  INSTALL_PGID=$!
  local rc=0
  wait "$INSTALL_PGID" || rc=$?
  INSTALL_PGID=""
  [ "$rc" -eq 0 ] || die "infra/install.sh failed (exit $rc)"
  command -v java >/dev/null || die "java not found"

  pick_ports
  echo "$K_PORT $C_PORT $F_PORT" > "$RUN/last-ports"
  write_kafka_config
  cluster_pick_ports
  cluster_write_configs

  start_mongo
  local attempt
  for attempt in 1 2; do
    cluster_reset_if_resized
    if [ "$NODES" -gt 1 ]; then cluster_format; cluster_start; else format_kafka; start_kafka; fi
    local mongo_url="mongodb://127.0.0.1:$F_PORT/?directConnection=true&retryWrites=false"
    rc=0
    # shellcheck disable=SC2046 # the cluster's extra arguments are words on purpose
    run_waitable node "$HELPER" wait --kafka "127.0.0.1:$K_PORT" --mongo "$mongo_url" \
      --pid "kafka=$K_PID" --pid "mongo=$F_PID" $(cluster_wait_args) --timeout "$TIMEOUT" || rc=$?
    if [ "$rc" -eq 0 ]; then
      break
    fi
    # A broker that died at start: unless it could not bind its ports (or ran out of
    # memory), the data dir is the usual suspect (metadata or a lock from an older run,
    # a half-written format). Wipe it once and retry: it is a disposable local broker.
    if [ "$attempt" -eq 1 ] && ! kill -0 "$K_PID" 2>/dev/null && [ -z "${KAFKA_NO_RETRY:-}" ] \
      && ! grep -qE 'BindException|Address already in use|OutOfMemoryError' "$LOGS/kafka.log" "$LOGS/kafka.out" 2>/dev/null; then
      log "kafka exited during start-up; last lines of its log:"
      show_log_tail "$LOGS/kafka.log" 15
      show_log_tail "$LOGS/kafka.out" 15
      log "wiping the kafka data dir and retrying once"
      STARTED_PIDS="$F_PID "
      rm -rf "$KAFKA_DATA" "$DATA/kafka.cluster-id"
      cluster_wipe
      continue
    fi
    FAIL_LOGS=""
    kill -0 "$F_PID" 2>/dev/null || FAIL_LOGS+="$LOGS/mongo.log "
    kill -0 "$K_PID" 2>/dev/null || FAIL_LOGS+="$LOGS/kafka.log $LOGS/kafka.out "
    [ -n "$FAIL_LOGS" ] || FAIL_LOGS="$LOGS/kafka.log $LOGS/mongo.log"
    die "the stack did not become ready (see above)"
  done

  local tmp="$STATE.tmp"
  {
    echo "MONGO_URL=$mongo_url"
    echo "KAFKA_BROKERS=$(cluster_brokers)"
    cluster_state
    echo "KAFKA_PORT=$K_PORT"
    echo "KAFKA_CONTROLLER_PORT=$C_PORT"
    echo "MONGO_PORT=$F_PORT"
    echo "KAFKA_PID=$K_PID"
    echo "MONGO_PID=$F_PID"
    echo "KAFKA_VERSION=$KAFKA_VERSION"
    echo "MONGO_SERVER=$MONGO_SERVER"
    echo "PF_CACHE=$CACHE"
    echo "STARTED_AT=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  } > "$tmp"
  mv -f "$tmp" "$STATE"
  STARTED_PIDS=""   # from here on, the stack outlives this script
  trap - EXIT INT TERM
  log "stack ready in $((SECONDS - t0))s (state: $STATE)"
  print_env
}

# java is exec'd by setsid directly (not through a shell function), so pid == pgid.
start_kafka() {
  : > "$LOGS/kafka.out"
  [ -f "$LOGS/kafka.log" ] && mv -f "$LOGS/kafka.log" "$LOGS/kafka.log.prev"
  setsid java -Xms256m -Xmx512m -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:+ExitOnOutOfMemoryError \
    -Djava.awt.headless=true -Dlog4j.configuration="file:$CONF/log4j.properties" \
    -cp "$KAFKA_LIB/*" kafka.Kafka "$CONF/server.properties" >"$LOGS/kafka.out" 2>&1 </dev/null 9>&- &
  K_PID=$!
  STARTED_PIDS+="$K_PID "
  echo "$K_PID" > "$RUN/kafka.pid"
  log "kafka $KAFKA_VERSION starting on 127.0.0.1:$K_PORT (controller $C_PORT), pid $K_PID, log $LOGS/kafka.log"
}

# ---------------------------------------------------------------- down / status / env

cmd_down() {
  local wipe=""
  case "${1:-}" in
    "") ;;
    --wipe) wipe=1 ;;
    *) echo "usage: stack.sh down [--wipe]" >&2; exit 2 ;;
  esac
  mkdir -p "$RUN"
  exec 9>"$RUN/stack.lock"
  if ! flock -n 9; then
    log "another stack.sh up/down is running: waiting up to 60s for it"
    flock -w 60 9 || log "warning: lock still held after 60s: stopping the stack anyway"
  fi
  local pids
  pids="$(our_pids | tr '\n' ' ')"
  if [ -n "${pids// /}" ]; then
    log "stopping kafka and the mongo-wire server (pids $pids)"
    stop_pids "$pids" 15
    log "stopped"
  else
    log "not running"
  fi
  rm -f "$STATE" "$RUN/kafka.pid" "$RUN/mongo.pid"
  if [ -n "$wipe" ]; then
    rm -rf "$DATA"
    log "data removed ($DATA)"
  fi
}

cmd_status() {
  if recorded_alive; then
    local answers="answering"
    recorded_answers 5 || answers="NOT answering (see $LOGS)"
    echo "running: kafka $(state_get KAFKA_BROKERS) (controller $(state_get KAFKA_CONTROLLER_PORT), pid $(state_get KAFKA_PID)), $(state_get MONGO_SERVER) 127.0.0.1:$(state_get MONGO_PORT) (pid $(state_get MONGO_PID)), since $(state_get STARTED_AT); $answers"
    [ "$answers" = answering ] && return 0
    return 3
  fi
  local left
  left="$(our_pids | tr '\n' ' ')"
  if [ -n "${left// /}" ]; then
    echo "not running (degraded: leftover processes $left; 'stack.sh down' stops them, 'stack.sh up' restarts)"
  else
    echo "not running"
  fi
  return 3
}

cmd_env() {
  recorded_alive || { log "no running stack (start it with: bash infra/stack.sh up)"; return 3; }
  print_env
}

case "${1:-}" in
  up) shift; [ $# -eq 0 ] || { echo "usage: stack.sh up" >&2; exit 2; }; cmd_up ;;
  down) shift; cmd_down "$@" ;;
  status) cmd_status ;;
  env) cmd_env ;;
  *) echo "usage: stack.sh up | down [--wipe] | status | env" >&2; exit 2 ;;
esac

# Sourced by infra/stack.sh: `stack.sh up`: reuse the running stack, or install, start and wait for it.
# shellcheck shell=bash

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


cmd_up() {
  mkdir -p "$RUN" "$LOGS" "$DATA"
  command -v node >/dev/null || die "node not found (Node 20+ is needed for readiness checks)"
  command -v setsid >/dev/null || die "setsid not found (util-linux)"
  take_lock
  REUSED=""
  reuse_running_stack
  [ -z "$REUSED" ] || return 0
  stop_leftovers

  trap 'on_up_signal INT' INT
  trap 'on_up_signal TERM' TERM
  trap on_up_exit EXIT

  local t0=$SECONDS
  run_install
  pick_ports
  echo "$K_PORT $C_PORT $F_PORT" > "$RUN/last-ports"
  write_kafka_config
  cluster_pick_ports
  cluster_write_configs
  start_mongo
  start_kafka_until_ready
  write_state
  STARTED_PIDS=""   # from here on, the stack outlives this script
  trap - EXIT INT TERM
  log "stack ready in $((SECONDS - t0))s (state: $STATE)"
  print_env
}

# One `up`/`down` at a time: tests, `npm start` and a developer may race. Every child
# that outlives this script is started with fd 9 closed, or it would hold the lock.
take_lock() {
  exec 9>"$RUN/stack.lock"
  if ! flock -n 9; then
    log "another stack.sh up/down is running: waiting for it"
    run_waitable flock 9
  fi
}

# Sets REUSED when a running stack of the asked shape answers; otherwise says why not.
reuse_running_stack() {
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
      REUSED=1
      return 0
    fi
    log "the recorded stack's processes run but do not answer: restarting it"
  fi
}

# Anything of ours still running (half-dead stack, lost state file) goes first: it
# would hold the Kafka data dir lock or the ports.
stop_leftovers() {
  local leftovers
  leftovers="$(our_pids | tr '\n' ' ')"
  if [ -n "${leftovers// /}" ]; then
    log "stopping leftover stack processes: $leftovers"
    stop_pids "$leftovers" 15
  fi
  rm -f "$STATE" "$RUN/kafka.pid" "$RUN/mongo.pid"
}

# install.sh in its own process group so that an interrupt can stop its mvn/go children.
run_install() {
  setsid bash "$HERE/install.sh" all </dev/null >&2 9>&- &
  INSTALL_PGID=$!
  local rc=0
  wait "$INSTALL_PGID" || rc=$?
  INSTALL_PGID=""
  [ "$rc" -eq 0 ] || die "infra/install.sh failed (exit $rc)"
  command -v java >/dev/null || die "java not found"
}

# Starts Kafka (one node or the cluster) and waits until both services answer; sets MONGO_URL_UP.
start_kafka_until_ready() {
  local attempt rc
  MONGO_URL_UP="mongodb://127.0.0.1:$F_PORT/?directConnection=true&retryWrites=false"
  for attempt in 1 2; do
    cluster_reset_if_resized
    if [ "$NODES" -gt 1 ]; then cluster_format; cluster_start; else format_kafka; start_kafka; fi
    rc=0
    # shellcheck disable=SC2046 # the cluster's extra arguments are words on purpose
    run_waitable node "$HELPER" wait --kafka "127.0.0.1:$K_PORT" --mongo "$MONGO_URL_UP" \
      --pid "kafka=$K_PID" --pid "mongo=$F_PID" $(cluster_wait_args) --timeout "$TIMEOUT" || rc=$?
    [ "$rc" -ne 0 ] || return 0
    if [ "$attempt" -eq 1 ] && kafka_died_of_its_data; then
      wipe_kafka_data
      continue
    fi
    FAIL_LOGS=""
    kill -0 "$F_PID" 2>/dev/null || FAIL_LOGS+="$LOGS/mongo.log "
    kill -0 "$K_PID" 2>/dev/null || FAIL_LOGS+="$LOGS/kafka.log $LOGS/kafka.out "
    [ -n "$FAIL_LOGS" ] || FAIL_LOGS="$LOGS/kafka.log $LOGS/mongo.log"
    die "the stack did not become ready (see above)"
  done
}

# A broker that died at start: unless it could not bind its ports (or ran out of
# memory), the data dir is the usual suspect (metadata or a lock from an older run,
# a half-written format). It is wiped once and started again: a disposable local broker.
kafka_died_of_its_data() {
  ! kill -0 "$K_PID" 2>/dev/null && [ -z "${KAFKA_NO_RETRY:-}" ] \
    && ! grep -qE 'BindException|Address already in use|OutOfMemoryError' "$LOGS/kafka.log" "$LOGS/kafka.out" 2>/dev/null
}

wipe_kafka_data() {
  log "kafka exited during start-up; last lines of its log:"
  show_log_tail "$LOGS/kafka.log" 15
  show_log_tail "$LOGS/kafka.out" 15
  log "wiping the kafka data dir and retrying once"
  STARTED_PIDS="$F_PID "
  rm -rf "$KAFKA_DATA" "$DATA/kafka.cluster-id"
  cluster_wipe
}

write_state() {
  local tmp="$STATE.tmp"
  {
    echo "MONGO_URL=$MONGO_URL_UP"
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
}

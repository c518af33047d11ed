# Sourced by infra/stack.sh: recognising, listing and stopping the stack's own processes, and its state file.
# shellcheck shell=bash

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

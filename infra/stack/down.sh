# Sourced by infra/stack.sh: `stack.sh down`, `status` and `env`.
# shellcheck shell=bash

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

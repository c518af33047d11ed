# Sourced by scripts/images/*.sh: logging, the Docker engine (start it when none answers,
# stop it after if we started it) and a BuildKit-capable `docker build`.
# shellcheck shell=bash

IMAGES_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$IMAGES_DIR/../.." && pwd)"
PF_CACHE="${PF_CACHE:-$HOME/.cache/partner-financing}"
IMAGES_CACHE="$PF_CACHE/images"
# The label that marks an image built here from a hash of its inputs (content cache).
INPUTS_LABEL="dev.partner-financing.inputs"

log() { printf '[images] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

# ------------------------------------------------------------------ the engine
# DOCKER_ENGINE_STARTED=1 while this shell owns a dockerd it started. A nested script
# (build-images.sh run by test-containers.sh) finds the engine answering and leaves it be.
DOCKER_ENGINE_STARTED=""
DOCKERD_PID=""

engine_answers() {
  command -v docker >/dev/null 2>&1 || return 1
  timeout 10 docker version --format '{{.Server.Version}}' >/dev/null 2>&1
}

# Prints "skipped: <why>" and exits 0 when Docker cannot run here; returns 0 with an engine.
engine_up() {
  if engine_answers; then return 0; fi
  if ! command -v docker >/dev/null 2>&1; then
    echo "skipped: no docker client (Debian: apt-get install docker.io)"; exit 0
  fi
  if ! command -v dockerd >/dev/null 2>&1; then
    echo "skipped: no Docker engine answers and there is no dockerd to start (Debian: apt-get install docker.io)"; exit 0
  fi
  if [ "$(id -u)" -ne 0 ]; then
    echo "skipped: no Docker engine answers and starting dockerd needs root"; exit 0
  fi
  if [ -n "${DOCKER_HOST:-}" ] && [ "${DOCKER_HOST#unix://}" = "$DOCKER_HOST" ]; then
    echo "skipped: DOCKER_HOST=$DOCKER_HOST does not answer"; exit 0
  fi
  mkdir -p "$PF_CACHE"
  # a pid file left by a dockerd that was killed (its pid now free or reused) stops a new one
  local pidf=/var/run/docker.pid old
  if [ -f "$pidf" ]; then
    old="$(cat "$pidf" 2>/dev/null || true)"
    if [ -z "$old" ] || [ "$(cat "/proc/$old/comm" 2>/dev/null || true)" != dockerd ]; then rm -f "$pidf"; fi
  fi
  local logf="$PF_CACHE/dockerd.log"
  [ -f "$logf" ] && mv -f "$logf" "$logf.prev"
  log "no Docker engine answers: starting dockerd (log $logf)"
  # its own session, so a Ctrl-C of the terminal reaches only us; we stop it in order.
  setsid dockerd >"$logf" 2>&1 </dev/null &
  DOCKERD_PID=$!
  DOCKER_ENGINE_STARTED=1
  local i
  for i in $(seq 1 120); do
    if engine_answers; then
      log "dockerd $(docker version --format '{{.Server.Version}}' 2>/dev/null) answers after $((i / 4)).$((i % 4 * 25))s (pid $DOCKERD_PID)"
      return 0
    fi
    if ! kill -0 "$DOCKERD_PID" 2>/dev/null; then
      DOCKER_ENGINE_STARTED=""
      echo "skipped: dockerd could not start here: $(grep -iE 'level=(fatal|error)' "$logf" | tail -n 1 | cut -c1-300)"
      exit 0
    fi
    sleep 0.25
  done
  engine_down
  echo "skipped: dockerd started but did not answer within 30 s (see $logf)"
  exit 0
}

# Stops the dockerd that engine_up started (its containers were removed by their owners;
# dockerd stops any left over). A no-op otherwise.
engine_down() {
  [ -n "$DOCKER_ENGINE_STARTED" ] || return 0
  DOCKER_ENGINE_STARTED=""
  local pid="$DOCKERD_PID"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 0
  log "stopping the dockerd this run started (pid $pid)"
  kill -TERM "$pid" 2>/dev/null || true
  local i
  for i in $(seq 1 120); do
    kill -0 "$pid" 2>/dev/null || { log "dockerd stopped"; return 0; }
    sleep 0.25
  done
  log "dockerd did not stop within 30 s: SIGKILL"
  kill -KILL "$pid" 2>/dev/null || true
}

# ------------------------------------------------------------------ building
# `docker build` with BuildKit (secrets and cache mounts in the Dockerfiles). A client with
# the buildx plugin builds with BuildKit by default; Debian's docker.io client (20.10) has
# it built in behind DOCKER_BUILDKIT=1. A client of 23+ without buildx has only the legacy
# builder, which cannot build these Dockerfiles.
BUILD_CLIENT=()
pick_build_client() {
  [ "${#BUILD_CLIENT[@]}" -eq 0 ] || return 0
  if docker buildx version >/dev/null 2>&1; then BUILD_CLIENT=(docker); return 0; fi
  local c v
  for c in docker /usr/bin/docker; do
    command -v "$c" >/dev/null 2>&1 || continue
    v="$("$c" version --format '{{.Client.Version}}' 2>/dev/null || true)"
    case "$v" in
      1[89].*|20.*|21.*|22.*) BUILD_CLIENT=(env DOCKER_BUILDKIT=1 "$c"); return 0 ;;
    esac
  done
  die "no docker client here builds with BuildKit: install the buildx plugin, or Debian's docker.io (its 20.10 client has BuildKit built in)"
}

# The CA certificates the build's downloads (npm, Maven) trust besides their own, as a
# BuildKit secret (mounted for those steps only, never written into an image): what this
# host trusts, so a build behind a TLS-inspecting proxy works as the host's npm does.
# BUILD_CA_FILE, else NODE_EXTRA_CA_CERTS, else SSL_CERT_FILE, else the system bundle;
# BUILD_CA_FILE=none passes nothing.
build_ca_args() {
  local f="${BUILD_CA_FILE:-${NODE_EXTRA_CA_CERTS:-${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}}}"
  if [ "$f" != none ] && [ -s "$f" ]; then printf -- '--secret\nid=build_ca,src=%s\n' "$f"; fi
}

# docker_build <args...>: BuildKit build, plain progress, with the CA secret when there is one.
docker_build() {
  pick_build_client
  local extra=()
  mapfile -t extra < <(build_ca_args)
  "${BUILD_CLIENT[@]}" build --progress=plain "${extra[@]}" "$@"
}

# ------------------------------------------------------------------ content hashes
# sha256 of the given files' contents and of extra strings (versions, image ids).
inputs_hash() { # files... -- strings...
  {
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do printf 'file %s\n' "${1#"$ROOT/"}"; sha256sum < "$1"; shift; done
    [ "${1:-}" = "--" ] && shift
    printf 'str %s\n' "$@"
  } | sha256sum | cut -c1-32
}

image_label() { # image label
  docker image inspect -f "{{index .Config.Labels \"$2\"}}" "$1" 2>/dev/null || true
}

image_id() { docker image inspect -f '{{.Id}}' "$1" 2>/dev/null || true; }

image_size_mb() { # image -> size in MB (decimal, as `docker images` shows)
  local b; b="$(docker image inspect -f '{{.Size}}' "$1" 2>/dev/null || echo 0)"
  awk -v b="$b" 'BEGIN { printf "%.0f", b / 1000000 }'
}

now_ms() { date +%s%3N; }
secs_since() { awk -v a="$1" -v b="$(now_ms)" 'BEGIN { printf "%.1f", (b - a) / 1000 }'; }

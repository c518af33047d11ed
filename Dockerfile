# One image for both entry points of the service: `api` (default) and `relay`.
#   docker build -t partner-financing .
#   docker run partner-financing api | relay
# The code runs through tsx (a runtime dependency), so there is no build step; `npm ci`
# installs the full lockfile as the brief for this image asks.
FROM node:20-slim

WORKDIR /app
RUN chown node:node /app
USER node

COPY --chown=node:node package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --loglevel=error && npm cache clean --force

COPY --chown=node:node . .

# Containers listen on every interface; ports are published by the orchestrator.
ENV NODE_ENV=production \
    BIND_HOST=0.0.0.0 \
    METRICS_HOST=0.0.0.0

# 8443 HTTPS API, 8080 plain HTTP (redirects to HTTPS), 9464 API metrics, 9465 relay metrics
EXPOSE 8443 8080 9464 9465

ENTRYPOINT ["sh", "/app/infra/docker-entrypoint.sh"]
CMD ["api"]

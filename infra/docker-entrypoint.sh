#!/bin/sh
# Container entry point: `api` (default), `relay`, or `ops <group> <verb>` (the operators'
# program; `partners <verb>` is kept as `ops partners <verb>`); anything else is run as given. The image holds compiled JavaScript (api/main.js); a tree
# with only the TypeScript sources (a mounted checkout) runs them through tsx instead.
# node is exec'd directly, so SIGTERM reaches the service, which drains before it exits;
# compose adds `init: true` to reap zombies. The node flags are platform/node-flags.ts's
# (a unit test keeps them in step).
set -e
cmd="${1:-api}"
[ $# -gt 0 ] && shift
case "$cmd" in
  api) [ -f api/main.js ] && exec node --max-semi-space-size=32 api/main.js "$@"; exec node --max-semi-space-size=32 --import tsx api/main.ts "$@" ;;
  relay) [ -f relay/main.js ] && exec node --max-semi-space-size=32 relay/main.js "$@"; exec node --max-semi-space-size=32 --import tsx relay/main.ts "$@" ;;
  ops) [ -f ops/main.js ] && exec node ops/main.js "$@"; exec node --import tsx ops/main.ts "$@" ;;
  partners) [ -f ops/main.js ] && exec node ops/main.js partners "$@"; exec node --import tsx ops/main.ts partners "$@" ;;
  *) exec "$cmd" "$@" ;;
esac

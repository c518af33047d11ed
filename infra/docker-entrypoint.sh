#!/bin/sh
# Container entry point: `api` (default), `relay` or `partners <command>` (the partners CLI);
# anything else is run as given. The image holds compiled JavaScript (api/main.js); a tree
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
  partners) [ -f modules/auth/partners-cli.js ] && exec node modules/auth/partners-cli.js "$@"; exec node --import tsx modules/auth/partners-cli.ts "$@" ;;
  *) exec "$cmd" "$@" ;;
esac

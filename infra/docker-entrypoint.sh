#!/bin/sh
# Container entry point: `api` (default) or `relay`; anything else is run as given.
# node is exec'd directly, with tsx as a loader in the same process, so SIGTERM reaches the
# service, which drains before it exits; compose adds `init: true` to reap zombies. The
# node flags are platform/node-flags.ts's (a unit test keeps them in step).
set -e
cmd="${1:-api}"
[ $# -gt 0 ] && shift
case "$cmd" in
  api) exec node --max-semi-space-size=32 --import tsx api/main.ts "$@" ;;
  relay) exec node --max-semi-space-size=32 --import tsx relay/main.ts "$@" ;;
  *) exec "$cmd" "$@" ;;
esac

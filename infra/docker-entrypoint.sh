#!/bin/sh
# Container entry point: `api` (default) or `relay`; anything else is run as given.
# tsx is exec'd directly (what `npx tsx` resolves to) so SIGTERM reaches the service,
# which drains before it exits; compose adds `init: true` to reap zombies.
set -e
cmd="${1:-api}"
[ $# -gt 0 ] && shift
case "$cmd" in
  api) exec /app/node_modules/.bin/tsx api/main.ts "$@" ;;
  relay) exec /app/node_modules/.bin/tsx relay/main.ts "$@" ;;
  *) exec "$cmd" "$@" ;;
esac

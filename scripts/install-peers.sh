#!/usr/bin/env bash
# Installs the independent test peers in their own folders (never as dependencies of the tool, so a
# user's `npm ci` stays small): Community Solid Server for the ldp backend. Skips what is present.
set -euo pipefail
cd "$(dirname "$0")/.."

solid=test/peers/solid
if [ -x "$solid/node_modules/.bin/community-solid-server" ] || [ -f "$solid/node_modules/@solid/community-server/bin/server.js" ]; then
  echo "peers: Community Solid Server already installed in $solid"
else
  echo "peers: installing Community Solid Server into $solid (about a minute)"
  (cd "$solid" && npm ci --no-audit --no-fund --loglevel=error)
fi

s3rver=test/peers/s3rver
if [ -f "$s3rver/node_modules/s3rver/bin/s3rver.js" ]; then
  echo "peers: s3rver already installed in $s3rver"
else
  echo "peers: installing s3rver into $s3rver"
  (cd "$s3rver" && npm ci --no-audit --no-fund --loglevel=error)
fi

#!/bin/sh
# Starts nginx with the proxy examples of docs/nginx/ in front of two chat and two monitor
# processes on PostgreSQL, and checks them (apps/chat/test/e2e/nginx-proxy.test.ts): long-poll
# routing with its backup route, forwarded client addresses with the trust settings, and
# failover. Needs nginx on PATH and a PostgreSQL to make schemas in:
#   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test scripts/check-nginx.sh
set -e
cd "$(dirname "$0")/.."
: "${TEST_DATABASE_URL:?set TEST_DATABASE_URL to a PostgreSQL database}"
command -v nginx >/dev/null || { echo "nginx is not installed (apt-get install nginx)"; exit 1; }
export TEST_DATABASE_URL NGINX_CHECK=1
exec node scripts/test.js apps/chat/test/e2e/nginx-proxy.test.ts

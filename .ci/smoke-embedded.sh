#!/usr/bin/env bash
# The README's first command on the embedded database: npm start must migrate, seed, build and
# serve /, /api/categories (the six seeded categories) and the 404 page.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${SMOKE_PORT:-3210}"
log="$(mktemp)"
env -u DATABASE_URL PORT="$PORT" node --import tsx scripts/start.ts >"$log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 600); do
  curl -fsS "http://localhost:$PORT/api/health" >/dev/null 2>&1 && break
  kill -0 $pid 2>/dev/null || { cat "$log"; echo "npm start exited early"; exit 1; }
  sleep 1
done
curl -fsS "http://localhost:$PORT/" | grep -q "Fieldfare" || { echo "/ did not answer"; exit 1; }
count=$(curl -fsS "http://localhost:$PORT/api/categories" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).length))')
[ "$count" = "6" ] || { echo "/api/categories returned $count categories, expected 6"; exit 1; }
code=$(curl -s -o /dev/null -w '%{http_code}' "http://localhost:$PORT/no-such-page")
[ "$code" = "404" ] || { echo "404 page answered $code"; exit 1; }
curl -s "http://localhost:$PORT/no-such-page" | grep -q "Look like you" || { echo "404 page text missing"; exit 1; }
grep -E "ready on|started in" "$log" || true
echo "smoke: 3 passed, 0 failed"

#!/usr/bin/env bash
# The C# SDK against a real matchd: compiles the SDK (C# 7.2, warnings as errors), then its flow
# test, the Unity sample and a stub of the UnityEngine types it uses, with Mono's mcs; starts a
# matchd server (free port, memory stores, a temp data folder, webhooks signed); runs the flow.
# Needs mono-mcs, mono-runtime and libmono-system-net-http4.0-cil (.ci/run installs them).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

compile=(mcs -langversion:7.2 -nologo -warnaserror+ -nowarn:1591 -r:System.Net.Http -r:System.Numerics)
mapfile -t runtime < <(find "$here/Runtime" -name '*.cs' | sort)
"${compile[@]}" -target:library -doc:"$work/Matchd.Client.xml" -out:"$work/Matchd.Client.dll" "${runtime[@]}"
mapfile -t tests < <(find "$here/Tests~" "$here/Samples~" -name '*.cs' | sort)
"${compile[@]}" -target:exe -r:"$work/Matchd.Client.dll" -out:"$work/Flow.exe" "${tests[@]}"
echo "compiled: Matchd.Client.dll (${#runtime[@]} files), Flow.exe (${#tests[@]} files)"

# The SDK's JSON against JavaScript's: the same texts refused, the same values written back.
oracle=(node --import tsx --import "$root/scripts/test-setup.mjs" "$root/scripts/csharp-sdk/json-oracle.ts")
"${oracle[@]}" corpus "$work/json-in.txt"
mono "$work/Flow.exe" json "$work/json-in.txt" "$work/json-out.txt"
"${oracle[@]}" compare "$work/json-in.txt" "$work/json-out.txt"

secret() { head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n'; }
admin_key="$(secret)"
server_key="$(secret)"
webhook_secret="$(secret)$(secret)"

# The test's webhook receiver listens on loopback: a server that guards where webhooks go is told
# to allow it (MATCHD_WEBHOOK_ALLOWED_NETWORKS); one that does not know the setting would refuse it.
allow=()
if node "$root/packages/server/bin/matchd.mjs" serve --help | grep -q MATCHD_WEBHOOK_ALLOWED_NETWORKS; then
  allow=(MATCHD_WEBHOOK_ALLOWED_NETWORKS=127.0.0.1)
fi

env ${allow[@]+"${allow[@]}"} \
MATCHD_PORT=0 \
MATCHD_DATA_DIR="$work/data" \
MATCHD_RATINGS_BACKEND=memory \
MATCHD_POOL_BACKEND=memory \
MATCHD_MATCH_WORKER=false \
MATCHD_API_KEYS="admin:sdk-admin:$admin_key,server:sdk-game:$server_key" \
MATCHD_TOKEN_SECRET="$(secret)$(secret)" \
MATCHD_WEBHOOK_SECRET="$webhook_secret" \
MATCHD_WEBHOOK_RETRY_BASE_MS=100 \
MATCHD_TICK_INTERVAL_MS=50 \
MATCHD_CALIBRATION_GAMES=1 \
MATCHD_LOG_LEVEL=warn \
  node "$root/packages/server/bin/matchd.mjs" serve >"$work/server.log" 2>&1 &
server_pid=$!

address=""
for _ in $(seq 1 300); do
  address="$(grep -s -o 'matchd listening on http://[0-9.:]*' "$work/server.log" | head -n 1 | sed 's/matchd listening on //' || true)"
  [ -n "$address" ] && break
  if ! kill -0 "$server_pid" 2>/dev/null; then cat "$work/server.log" >&2; exit 1; fi
  sleep 0.1
done
if [ -z "$address" ]; then echo "matchd did not start" >&2; cat "$work/server.log" >&2; exit 1; fi
echo "matchd listening on $address"

status=0
SDK_TEST_URL="$address" \
SDK_TEST_ADMIN_KEY="$admin_key" \
SDK_TEST_SERVER_KEY="$server_key" \
SDK_TEST_WEBHOOK_SECRET="$webhook_secret" \
  mono --debug "$work/Flow.exe" || status=$?
if [ "$status" -ne 0 ]; then
  echo "--- server log" >&2
  tail -n 40 "$work/server.log" >&2
fi
exit "$status"

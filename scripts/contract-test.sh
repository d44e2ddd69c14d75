#!/usr/bin/env bash
# The contract test: schemathesis (PyPI, pinned, in a venv under .build) generates requests from Kiroku's own
# /openapi.yaml and runs every check against a real `kiroku serve` on loopback with a fresh data directory,
# authenticated with a personal API token of a fresh account. Fixed seed, bounded examples: the same requests
# every run, a few minutes long. Any failure fails `make test`; the server is stopped however the run ends.
#
# Usage: scripts/contract-test.sh [path/to/kiroku]   (default: the debug build)
set -euo pipefail
cd "$(dirname "$0")/.."

SEED="${CONTRACT_SEED:-20261125}"
EXAMPLES="${CONTRACT_EXAMPLES:-25}"
VENV=.build/schemathesis-venv
KIROKU="${1:-$(swift build --show-bin-path)/kiroku}"

scripts/install-schemathesis.sh

# The server's log and schemathesis's JUnit report stay here after the run.
WORK=.build/contract-test
rm -rf "$WORK" && mkdir -p "$WORK"
SERVER_PID=""
stop_server() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
}
trap stop_server EXIT
trap 'exit 130' INT TERM

DATA="$WORK/data"
PASSWORD="contract-$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')"
echo "$PASSWORD" | "$KIROKU" user create contract --password-stdin --data-dir "$DATA" >/dev/null
TOKEN="$("$KIROKU" token create --user contract --name schemathesis --data-dir "$DATA")"
TOKEN_ID="$("$KIROKU" token list --user contract --data-dir "$DATA" | awk 'NR == 2 { print $1 }')"
# The wait-time operator feed takes a server-wide operator token; other routes ignore the header.
OPERATOR_TOKEN="$("$KIROKU" stores operator-token create contract --data-dir "$DATA")"

# Things no API operation creates, so that the operations on them are tested with ids that exist: a workout with a
# GPS route (an Apple Health export.xml in the pre-iOS 13 form, its points inline) and, once the server runs, a
# share link. Their ids are added to schemathesis's config below.
cat >"$WORK/export.xml" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<HealthData locale="en_US">
 <ExportDate value="2017-05-04 08:00:00 +0900"/>
 <Workout workoutActivityType="HKWorkoutActivityTypeHiking" duration="12" durationUnit="min" sourceName="iPhone" startDate="2017-05-03 09:00:00 +0900" endDate="2017-05-03 09:12:00 +0900">
  <WorkoutRoute sourceName="iPhone" startDate="2017-05-03 09:00:00 +0900" endDate="2017-05-03 09:12:00 +0900">
   <Location date="2017-05-03 09:00:00 +0900" latitude="35.6251" longitude="139.2436" altitude="190.0" horizontalAccuracy="5" verticalAccuracy="3" course="-1" speed="0.9"/>
   <Location date="2017-05-03 09:06:00 +0900" latitude="35.6263" longitude="139.2449" altitude="231.5" horizontalAccuracy="5" verticalAccuracy="3" course="42" speed="1.1"/>
   <Location date="2017-05-03 09:12:00 +0900" latitude="35.6276" longitude="139.2461" altitude="268.0" horizontalAccuracy="6" verticalAccuracy="4" course="40" speed="1.0"/>
  </WorkoutRoute>
 </Workout>
</HealthData>
XML
"$KIROKU" import "$WORK/export.xml" --user contract --data-dir "$DATA" >/dev/null

PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
"$KIROKU" serve --host 127.0.0.1 --port "$PORT" --data-dir "$DATA" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
BASE="http://127.0.0.1:$PORT"
# Answers the status of GET $1 with the run's token (000 when nothing answers).
status_of() {
  python3 - "$1" "$TOKEN" <<'PY'
import sys, urllib.error, urllib.request
request = urllib.request.Request(sys.argv[1], headers={"Authorization": "Bearer " + sys.argv[2]})
try:
    print(urllib.request.urlopen(request, timeout=5).status)
except urllib.error.HTTPError as error:
    print(error.code)
except OSError:
    print("000")
PY
}
for _ in $(seq 100); do
  [ "$(status_of "$BASE/health")" = 200 ] && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log"; echo "kiroku serve exited" >&2; exit 1; }
  sleep 0.1
done

# The imported workout's id (from the account's export) and a new share link's token, through the API.
IDS="$(python3 - "$BASE" "$TOKEN" <<'PY'
import json, sys, urllib.request
def call(path, data=None):
    request = urllib.request.Request(sys.argv[1] + path, data=data, method="POST" if data else "GET",
                                     headers={"Authorization": "Bearer " + sys.argv[2], "Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(request, timeout=30))
workout = call("/api/v1/export?format=json")["healthWorkouts"][0]["id"]
# Three weeks of daily steps and weights up to yesterday: enough history for two goal suggestions (a step goal and
# a weight plan), so that accepting one and dismissing the other are both tested with suggestions that exist (the
# days are the run's own, so they never go stale). Each at 03:00 UTC, midday in Japan, well inside its local day.
from datetime import datetime, timedelta, timezone
midday_in_japan = datetime.now(timezone.utc).replace(hour=3, minute=0, second=0, microsecond=0)
def day(i):
    return (midday_in_japan - timedelta(days=i)).strftime("%Y-%m-%dT%H:%M:%SZ")
days = [{"metric": "stepCount", "value": 6000 + 250 * i, "start": day(i)} for i in range(1, 22)]
days += [{"metric": "bodyMass", "value": round(70 + 0.1 * i, 1), "start": day(i)} for i in range(1, 22)]
call("/api/v1/records", json.dumps({"records": days}).encode())
suggested = call("/api/v1/goals/suggestions")["suggestions"]
assert len(suggested) == 2, f"expected a step and a weight suggestion, got {suggested}"
token = call("/api/v1/share-links", b"{}")["url"].rstrip("/").rsplit("/", 1)[-1]
print(workout, token)
PY
)"
read -r WORKOUT_ID SHARE_TOKEN <<<"$IDS"

# The config, and the ids of what the run starts with: every generated request of these operations uses them, so
# they reach the route and the card. Numbers are written as numbers (an id given as text would be a wrong type).
CONFIG="$WORK/schemathesis.toml"
cp scripts/contract/schemathesis.toml "$CONFIG"
cat >>"$CONFIG" <<TOML

[[operations]]
include-name = ["GET /api/v1/health-workouts/{id}/route", "GET /api/v1/health-workouts/{id}/route.gpx"]
parameters = { "path.id" = $WORKOUT_ID }

[[operations]]
include-name = ["GET /s/{token}/card.png"]
parameters = { "path.token" = "$SHARE_TOKEN" }
TOML

# The hooks keep the run from revoking the very token it runs with (DELETE /api/v1/tokens/{id}).
status=0
PYTHONDONTWRITEBYTECODE=1 KIROKU_CONTRACT_TOKEN_ID="$TOKEN_ID" SCHEMATHESIS_HOOKS=contract_hooks PYTHONPATH=scripts/contract \
  "$VENV/bin/schemathesis" --config-file "$CONFIG" run "$BASE/openapi.yaml" --url "$BASE" \
    --header "Authorization: Bearer $TOKEN" --header "X-Operator-Token: $OPERATOR_TOKEN" \
    --checks all --seed "$SEED" --max-examples "$EXAMPLES" --workers 1 \
    --generation-database none --suppress-health-check all --no-color --output-truncate false --request-timeout 30 \
    --report junit --report-dir "$WORK/report" || status=$?

# The run must have kept its token (otherwise most operations were tested as a stranger).
if [ "$(status_of "$BASE/api/v1/me")" != 200 ]; then
  echo "contract test: the run lost its API token" >&2
  status=1
fi
if [ "$status" -ne 0 ]; then
  echo "contract test failed; the server's log is $WORK/server.log" >&2
fi
exit "$status"

"""An optimizer that breaks the protocol on purpose, at ask number AT (1-based):
python3 misbehave.py MODE [AT]. Plain JSON lines, no bobench package, so that every
fault is exactly the one named."""
import json
import sys
import time

mode = sys.argv[1]
at = int(sys.argv[2]) if len(sys.argv) > 2 else 1


def send(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


asks = 0
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        space = message["space"]
        send('{"type": "points", "points": []}' if mode == "no-ready" else '{"type": "ready"}')
        continue
    if message["type"] != "ask":
        continue
    asks += 1
    point = [(p["low"] + p["high"]) / 2 for p in space]
    if asks < at:
        send(json.dumps({"type": "points", "points": [point] * message["n"]}))
        continue
    if mode == "crash":
        print("boom: the optimizer crashed", file=sys.stderr, flush=True)
        sys.exit(3)
    if mode == "hang":
        time.sleep(3600)
    if mode == "bad-json":
        send("this is not JSON")
    if mode == "outside":
        point[-1] = space[-1]["high"] + 1
    if mode == "arity":
        point.append(0.5)
    if mode == "type":
        point[0] = "a"
    if mode == "nest":  # 100,000 levels: more than a worker thread's stack can parse recursively
        send('{"type": "points", "points": ' + "[" * 100000 + "]" * 100000 + "}")
    if mode == "error":
        send('{"type": "error", "message": "no idea where to go"}')
    send(json.dumps({"type": "points", "points": [point] * (message["n"] + (mode == "count"))}))

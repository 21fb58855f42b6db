"""An optimizer that breaks the protocol on purpose, at ask number AT (1-based):
python3 misbehave.py MODE [AT]. Plain JSON lines, no bobench package, so that every
fault is exactly the one named."""
import json
import os
import subprocess
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
    if message["type"] == "close":
        break
    if message["type"] == "hello":
        space = message["space"]
        if mode == "orphan":  # a worker in its process group that would outlive it
            worker = subprocess.Popen(["sleep", "3600"])
            with open(os.environ["BOBENCH_TEST_MARKER"], "w") as marker:
                marker.write(str(worker.pid))
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
        if "BOBENCH_TEST_MARKER" in os.environ:  # tells a test that it hangs now, and as which process
            with open(os.environ["BOBENCH_TEST_MARKER"], "w") as marker:
                marker.write(str(os.getpid()))
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
    if mode == "huge":  # valid JSON, but beyond a double's range
        send('{"type": "points", "points": [[1e400' + "".join(", " + str(v) for v in point[1:]) + "]]}")
    if mode == "dup-key":  # valid JSON to most parsers, which keep the last of the two
        send('{"type": "points", "points": ' + json.dumps([point] * message["n"]) + ', "points": []}')
        continue
    if mode == "twice":  # one reply too many, in one write (two prints to a buffered stdout): out of step
        send(json.dumps({"type": "points", "points": [point] * message["n"]}) + "\n" +
             json.dumps({"type": "points", "points": [point] * message["n"]}))
        continue
    send(json.dumps({"type": "points", "points": [point] * (message["n"] + (mode == "count"))}))

"""A problem that breaks the protocol on purpose at its evaluation number AT (1-based,
counted per process): python3 misbehave.py MODE [AT] [MARKER]; mode `well` never does. Plain JSON lines, no
bobench package, so that every fault is exactly the one named. hang-once hangs only in
the first process to reach AT (it creates the file MARKER), so a test waits out one
timeout, not one per process."""
import json
import os
import sys
import time

mode = sys.argv[1]
at = int(sys.argv[2]) if len(sys.argv) > 2 else 0  # 0: never (mode "well")
marker = sys.argv[3] if len(sys.argv) > 3 else None


def send(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


space = [{"name": "x0", "type": "real", "low": -5, "high": 10},
         {"name": "x1", "type": "real", "low": 0, "high": 15}]
evaluations = 0
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "close":
        break
    if message["type"] == "hello":
        if mode == "silent":
            time.sleep(3600)
        if mode == "exit-at-hello":
            print("ModuleNotFoundError: No module named 'nosuchmodule'", file=sys.stderr, flush=True)
            sys.exit(3)
        if mode == "bad-space":
            send(json.dumps({"type": "problem", "space": [{"name": "x0", "type": "real", "low": 1, "high": 0}]}))
        elif mode == "wrong-type":
            send(json.dumps({"type": "ready"}))
        else:
            send(json.dumps({"type": "problem", "space": space}))
        continue
    evaluations += 1
    if evaluations != at:
        send(json.dumps({"type": "value", "value": sum(message["x"])}))
        continue
    if mode == "crash":
        print("boom: the problem crashed", file=sys.stderr, flush=True)
        sys.exit(3)
    if mode == "hang" or (mode == "hang-once" and not os.path.exists(marker)):
        if mode == "hang-once":
            open(marker, "w").close()
        if "BOBENCH_TEST_MARKER" in os.environ:  # tells a test that it hangs now, and as which process
            with open(os.environ["BOBENCH_TEST_MARKER"], "w") as f:
                f.write(str(os.getpid()))
        time.sleep(3600)
    if mode == "hang-once":
        send(json.dumps({"type": "value", "value": sum(message["x"])}))
    if mode == "garbage":
        send("this is not JSON")
    if mode == "close":  # closes its output and lives on
        os.close(1)
        time.sleep(3600)
    if mode == "failed":
        send(json.dumps({"type": "failed", "reason": "the model diverged"}))
    if mode == "no-value":
        send(json.dumps({"type": "value", "cost": 1}))

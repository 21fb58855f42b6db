"""Ctrl-C stops bobench.run as it stops `bobench run`: at once, even while an external
optimizer is silent, with KeyboardInterrupt raised from bobench.run and the optimizer's
process ended. The test waits for conditions (the optimizer's marker file, the child's
exit), never for a time."""
import os
import signal
import subprocess
import sys
import textwrap
import time

from support import check, python_optimizer, temp_dir

CHILD = textwrap.dedent("""
    import sys
    import bobench
    try:
        bobench.run({"experiment": {"budget": 5, "replicates": 1, "output": sys.argv[1]},
                     "problems": {"branin": "branin"},
                     "optimizers": {"silent": sys.argv[2]}})
    except KeyboardInterrupt:
        print("KeyboardInterrupt from bobench.run", flush=True)
        sys.exit(7)
    print("bobench.run returned", flush=True)
""")


def wait_until(condition):
    """Polls the condition with no deadline of its own (CTest's timeout is the hang guard)."""
    while not condition():
        time.sleep(0.01)


def test_ctrl_c_stops_run():
    with temp_dir() as tmp:
        marker = os.path.join(tmp, "hanging")
        child = os.path.join(tmp, "child.py")
        with open(child, "w") as f:
            f.write(CHILD)
        # silent from its second ask on, for an hour: only a stop can end the run early
        optimizer = python_optimizer("misbehave.py", "hang", "2") + ",timeout=3600"
        env = dict(os.environ, BOBENCH_TEST_MARKER=marker)
        proc = subprocess.Popen([sys.executable, child, os.path.join(tmp, "r.h5"), optimizer], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        wait_until(lambda: os.path.exists(marker) and open(marker).read())
        optimizer_pid = int(open(marker).read())
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate()
        check(proc.returncode == 7 and "KeyboardInterrupt from bobench.run" in out,
              f"exit {proc.returncode}, stdout {out!r}, stderr {err[-2000:]!r}")
        try:
            os.kill(optimizer_pid, 0)
            alive = True
        except ProcessLookupError:
            alive = False
        check(not alive, f"the silent optimizer (pid {optimizer_pid}) outlived the interrupted run")


if __name__ == "__main__":
    test_ctrl_c_stops_run()
    print("ok")

"""What the Python tests share: the CLI under test, bit-for-bit comparison, temp folders."""
import math
import os
import struct
import subprocess
import sys
import tempfile

CLI = os.environ["BOBENCH_CLI"]
SOURCE_DIR = os.environ["BOBENCH_SOURCE_DIR"]
SCRIPTS = os.path.join(SOURCE_DIR, "tests", "python", "optimizers")


def cli(*args, input=None, check=True):
    """Runs `bobench ARGS` and returns its standard output."""
    r = subprocess.run([CLI, *args], input=input, capture_output=True, text=True)
    if check and r.returncode != 0:
        raise AssertionError(f"bobench {' '.join(args)} exited with {r.returncode}: {r.stderr}")
    return r.stdout


def python_optimizer(script, *args):
    """The identifier of an external optimizer running a test script with this interpreter."""
    return "external:command=" + " ".join([sys.executable, os.path.join(SCRIPTS, script), *args])


def same_bits(a, b):
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    return struct.pack("<d", a) == struct.pack("<d", b)


def temp_dir():
    return tempfile.TemporaryDirectory(prefix="bobench-python-test-")


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def check_raises(cases, error=ValueError):
    """Each (function, text): calling it raises `error` whose message contains text."""
    for call, text in cases:
        try:
            call()
        except error as e:
            check(text in str(e), f"message {str(e)!r} lacks {text!r}")
        else:
            raise AssertionError(f"no {error.__name__} ({text})")

"""The package without its compiled module (the plain-Python files alone, as
`cmake --build build --target bobench_python_sources` leaves them): the protocol part
imports, and what needs bobench._core says which command builds it."""
import glob
import os
import shutil
import subprocess
import sys

from support import SOURCE_DIR, check, temp_dir


def test_without_the_compiled_module():
    with temp_dir() as tmp:
        package = os.path.join(tmp, "bobench")
        shutil.copytree(os.path.join(SOURCE_DIR, "python", "bobench"), package)
        check(not glob.glob(os.path.join(package, "_core*")), "the copy holds no compiled module")
        code = ("import bobench\nassert bobench.Optimizer and bobench.serve\n"
                "try:\n    bobench.Problem\nexcept ImportError as e:\n    print(e)\n")
        r = subprocess.run([sys.executable, "-c", code], env={**os.environ, "PYTHONPATH": tmp},
                           capture_output=True, text=True)
        check(r.returncode == 0, f"exit {r.returncode}: {r.stderr}")
        check("bobench.Problem needs the compiled module bobench._core" in r.stdout, r.stdout)
        check("cmake --build build --target bobench_python" in r.stdout, r.stdout)


if __name__ == "__main__":
    test_without_the_compiled_module()
    print("ok")

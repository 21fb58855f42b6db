"""The README's "Rank your Python optimizer" does what it says, in at most 10 lines: its
Python block saved as my_opt.py, its commands run as written (build/ pointing at this
build), and the ranking lists the Python optimizer beside the C++ ones."""
import os
import re
import subprocess

from support import CLI, SOURCE_DIR, check, temp_dir


def test_readme_section():
    with open(os.path.join(SOURCE_DIR, "README.md")) as f:
        readme = f.read()
    section = readme.split("## Rank your Python optimizer\n", 1)[1].split("\n## ", 1)[0]
    python, shell = re.findall(r"```(?:python)?\n(.*?)```", section, re.S)[:2]
    lines = python.strip().splitlines() + shell.strip().splitlines()
    check(len(lines) <= 10, f"{len(lines)} lines")
    build = os.path.dirname(CLI)
    with temp_dir() as tmp:
        with open(os.path.join(tmp, "my_opt.py"), "w") as f:
            f.write(python)
        commands = shell.replace("build/", build + "/")
        r = subprocess.run(["bash", "-eo", "pipefail", "-c", commands], cwd=tmp, capture_output=True, text=True)
        check(r.returncode == 0, f"exit {r.returncode}\n{r.stdout}\n{r.stderr}")
        check("# Optimizer ranking" in r.stdout, r.stdout)
        for name in ("random-search", "tpe", "external:command=python3 my_opt.py"):
            check(re.search(r"\| \d \| " + re.escape(name) + r" \|", r.stdout), f"no row for {name}:\n{r.stdout}")


if __name__ == "__main__":
    test_readme_section()
    print("ok")

#!/usr/bin/env python3
"""Checks the bobench commands that docs/*.md show (#58: "check each document's commands").

Usage: doc_commands.py BUILD_DIR SOURCE_DIR
The README's examples run whole (readme_examples.py). The documents' commands are studies
of minutes to hours, so each is checked without running it:
- `bobench COMMAND ... --help`: the command and every option it names exist (an unknown or
  misspelt option exits 2), in code blocks and in inline `bobench ...` spans;
- `bobench reproduce NAME ...`: NAME is a reproduction (`bobench reproduce show NAME`);
- `bobench_bench --benchmark_filter=F`: F names at least one benchmark
  (--benchmark_list_tests), when bobench_bench is built.
A template (<...>, [...], "...", or a placeholder such as FILE or NAME) is
skipped and listed. Any other failure fails this test, naming the document and the command.
"""
import glob
import os
import re
import shlex
import subprocess
import sys

# the documents' placeholders (method names such as BO_Naiv or ERVFL1 are real words)
PLACEHOLDER = re.compile(r"(<[^>]*>|\[[^\]]*\]|\.\.\.|\b(FILE|NAME|SPEC|OUT|IN|DIR|PATH|METHOD|KEPT|REST|THAT)\b)")


def shell_commands(path):
    """(line, command) of each bobench or bobench_bench command of `path`'s shell blocks and
    inline spans, continuation lines joined, comments and `nice`/`time` prefixes dropped."""
    found, block, pending, start = [], None, "", 0
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if line.lstrip().startswith("```"):
            block = None if block is not None else line.strip()[3:].strip()
            continue
        if block is None:
            for span in re.findall(r"`((?:build/)?bobench [^`]+)`", line):
                found.append((number, span))
            continue
        if block not in ("", "sh", "bash", "console"):
            continue
        text = re.sub(r"(^|\s+)#.*$", "", line).strip()
        if not pending:
            start = number
        pending = (pending + " " + text).strip() if pending else text
        if pending.endswith("\\"):
            pending = pending[:-1].rstrip()
            continue
        command = re.sub(r"^(nice( -n ?\d+)? |/usr/bin/time( -v)? )+", "", pending)
        if re.match(r"(build/)?bobench(_bench)? ", command):
            found.append((start, command))
        pending = ""
    return found


def run(words, build):
    return subprocess.run(words, cwd=build, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          timeout=60)


def check(command, build):
    """None when `command` checks out, else why not; "skip: ..." when it is not checked."""
    words_text = command.replace("$R", "").strip()
    if PLACEHOLDER.search(re.sub(r"^(build/)?bobench(_bench)? ", "", words_text)):
        return "skip: a template, not a command"
    words_text = re.split(r"\s[|>]\s", words_text)[0]  # the bobench part of a pipe or redirection
    try:
        words = shlex.split(words_text)
    except ValueError as e:
        return f"does not parse as shell words: {e}"
    program, args = os.path.basename(words[0]), words[1:]
    if program == "bobench_bench":
        bench = os.path.join(build, "bobench_bench")
        if not os.path.exists(bench):
            return "skip: bobench_bench is not built here (Google Benchmark missing)"
        filters = [a for a in args if a.startswith("--benchmark_filter=")]
        if not filters:
            return "skip: no --benchmark_filter"
        r = run([bench, "--benchmark_list_tests", filters[-1]], build)
        if r.returncode != 0 or not r.stdout.strip():
            return f"{filters[-1]} names no benchmark (exit status {r.returncode})"
        return None
    bobench = os.path.join(build, "bobench")
    r = run([bobench] + args + ["--help"], build)
    if r.returncode != 0:
        return f"--help of it exits {r.returncode}: {r.stderr.strip()[-400:]}"
    if len(args) >= 2 and args[0] == "reproduce" and not args[1].startswith("-") and args[1] not in ("list", "show"):
        r = run([bobench, "reproduce", "show", args[1]], build)
        if r.returncode != 0:
            return f"'{args[1]}' is no reproduction: {r.stderr.strip()[-400:]}"
    return None


def main():
    build, source = os.path.abspath(sys.argv[1]), sys.argv[2]
    failures, checked = [], 0
    for doc in sorted(glob.glob(os.path.join(source, "docs", "*.md"))):
        name = os.path.relpath(doc, source)
        for line, command in shell_commands(doc):
            why = check(command, build)
            if why and why.startswith("skip: "):
                print(f"skipped {name}:{line}: {command}\n  ({why[6:]})")
                continue
            checked += 1
            print(f"{'FAILED' if why else 'ok'} {name}:{line}: {command}")
            if why:
                failures.append(f"{name}:{line}: {command}\n  {why}")
    print(f"{checked} commands of docs/*.md checked, {len(failures)} failed")
    for f in failures:
        print("FAILED: " + f)
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env bash
# Installs the build tree into a temporary prefix and builds the README's optimizer
# (build/readme/my_optimizer.cpp, its "Adding an optimizer" block) as a plugin in a folder
# outside the tree, with the README's CMakeLists.txt and my_plugin.cpp
# (tests/install/plugin/, which the README shows verbatim); the installed bobench runs it
# beside random-search and ranks it.
set -euo pipefail
build=$1 source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
mkdir "$work/mine"
for file in CMakeLists.txt my_plugin.cpp; do
  cp "$source/tests/install/plugin/$file" "$work/mine/"
  python3 - "$source/README.md" "$work/mine/$file" <<'PY'
import sys
readme, shown = open(sys.argv[1]).read(), open(sys.argv[2]).read()
if shown not in readme:
    sys.exit(f"README.md does not show {sys.argv[2]} as tests/install/plugin/ has it")
PY
done
cp "$build/readme/my_optimizer.cpp" "$work/mine/"
cmake -S "$work/mine" -B "$work/mine/build" -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/mine/build" >/dev/null
plugin=$work/mine/build/libmy_plugin.so

# the plugin calls into bobench; it holds no catalog of its own (it links no bobench library)
if nm -DC --defined-only "$plugin" | grep -q 'bobench::Registry<'; then
  echo "the plugin defines bobench's Registry itself: it linked a bobench library"; exit 1
fi

cd "$work"
bobench=$work/prefix/bin/bobench
"$bobench" list optimizers --plugin "$plugin" | grep -x my-optimizer
"$bobench" run --plugin "$plugin" --problem branin --problem hartmann3 --optimizer my-optimizer \
               --optimizer random-search --replicates 3 --budget 40 --output mine.h5 --quiet
ranking=$("$bobench" rank mine.h5 2>/dev/null)
echo "$ranking" | grep -E '^\| [0-9]+ \| '
# a row of the overall ranking: | place | optimizer | pairwise Borda | Firsts |
echo "$ranking" | grep -qE '^\| [12] \| my-optimizer \| [0-9]+ \| [0-9]+ \|$' || {
  echo "the ranking of the installed bobench does not rank my-optimizer"; exit 1; }

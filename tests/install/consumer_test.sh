#!/usr/bin/env bash
# Installs the build tree into a temporary prefix, builds tests/install/consumer against it
# with find_package(bobench), and checks that it computes what `bobench eval` computes; so
# does the installed Python package, when it was built.
set -euo pipefail
build=$1 source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
cmake -S "$source/tests/install/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$work/prefix" \
      -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/consumer" >/dev/null
got=$("$work/consumer/consumer")
want=$(echo "3.14159265358979,2.275" | "$work/prefix/bin/bobench" eval branin)
echo "consumer: $got  bobench eval: $want"
[ "$got" = "$want" ]

package=$(ls -d "$work"/prefix/lib/python3*/dist-packages 2>/dev/null | head -1)
if [ -n "$package" ] && [ -x /usr/bin/python3 ]; then
  py=$(PYTHONPATH="$package" /usr/bin/python3 -c \
       'import bobench; print("%.17g" % bobench.Problem("branin").evaluate([3.14159265358979, 2.275]))')
  echo "installed Python package: $py"
  [ "$py" = "$want" ]
fi

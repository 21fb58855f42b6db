"""bobench.load_plugin: a plugin's problem evaluates as `bobench eval --plugin` does, and its
optimizer runs from Python as `bobench run --plugin` runs it, to the last bit; a file that is
not a plugin is refused by name."""
import os

import bobench
from support import check, check_raises, cli, same_bits, temp_dir

PLUGIN = os.environ["BOBENCH_TEST_STEP_PLUGIN"]  # optimizer plugin-step, problem plugin-sphere


def test_plugin():
    check_raises([(lambda: bobench.Problem("plugin-sphere:d=3"), "unknown problem 'plugin-sphere'")])
    with temp_dir() as d:
        text = os.path.join(d, "text.so")
        with open(text, "w") as f:
            f.write("not a library\n")
        check_raises([(lambda: bobench.load_plugin(text), f"cannot load plugin '{text}'")])

        bobench.load_plugin(PLUGIN)
        bobench.load_plugin(PLUGIN)  # the same file again: loaded once
        check("plugin-step" in {name for name, _ in bobench.optimizer_names()}, "plugin-step is not listed")
        sphere = bobench.Problem("plugin-sphere:d=3")
        x = [0.5, -0.25, 0.125]
        expected = float(cli("eval", "plugin-sphere:d=3", "--plugin", PLUGIN, input=",".join(map(repr, x)) + "\n"))
        check(same_bits(sphere.evaluate(x), expected), f"Python {sphere.evaluate(x)!r}, CLI {expected!r}")
        check(sphere.evaluate(x) == 0.25 + 0.0625 + 0.015625, "the sphere's value")

        # the plugin's optimizer from Python, and from the CLI: the same traces
        ours, theirs = os.path.join(d, "py.h5"), os.path.join(d, "cli.h5")
        spec = {"experiment": {"budget": 15, "replicates": 2, "output": ours},
                "problems": {"sphere": "plugin-sphere:d=3"}, "optimizers": {"step": "plugin-step"}}
        check(bobench.run(spec)["completed"] == 2, "two runs")
        cli("run", "--problem", "sphere=plugin-sphere:d=3", "--optimizer", "step=plugin-step", "--budget", "15",
            "--replicates", "2", "--quiet", "--plugin", PLUGIN, "--output", theirs)
        check(cli("export", ours) == cli("export", theirs), "Python's and the CLI's traces differ")


if __name__ == "__main__":
    test_plugin()
    print("ok")

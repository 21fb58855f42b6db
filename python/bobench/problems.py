"""Problems by identifier, evaluated by bobench's C++ code."""

import json
import os

from . import _core
from .protocol import Space

version = _core.version


class Problem(_core.Problem):
    """A bobench problem: Problem("bbob:f=3,i=2,d=10"), Problem("branin"), ...

    evaluate(x) takes one point (a sequence of d numbers in native units, a categorical
    parameter as its choice's index) and returns a float, or an (n, d) array and returns
    n values. Noisy problems draw from the problem's own stream, seeded like
    `bobench eval --seed` (default 1), so the same points in the same order give the
    CLI's values bit for bit. Tabular problems read their files from data_dir (default:
    $BOBENCH_DATA, else ./data), as `bobench eval --data-dir`. Bad identifiers and points
    raise ValueError."""

    def __init__(self, id, seed=1, data_dir=""):
        super().__init__(id, seed, data_dir or "")
        self._space = Space(json.loads(self._space_json))

    @property
    def space(self):
        """The parameters (bobench.Param: name, type, low, high, log, values, choices),
        as the protocol's hello describes them."""
        return self._space

    def __repr__(self):
        return f"Problem({self.id!r})"


def problem_names():
    """(name, description) of every problem family the CLI knows."""
    return _core.problem_names()


def optimizer_names():
    """(name, description) of every optimizer the CLI knows."""
    return _core.optimizer_names()


def load_plugin(path):
    """Loads a bobench plugin: a shared library built against this bobench's installed
    package (README, "As a plugin"). Its problems and optimizers join every other: Problem,
    problem_names, optimizer_names and run know them from then on (a spec's `plugins =`
    loads its plugins itself). Loading the same file twice loads it once; a file that is not
    a plugin of this build raises ValueError naming it."""
    _core.load_plugins([os.fspath(path)])

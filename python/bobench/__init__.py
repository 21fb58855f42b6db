"""bobench from Python.

    bobench.Problem("bbob:f=3,i=2,d=10")   a problem by identifier (every one the CLI knows)
    bobench.load_plugin(path)              a plugin's problems and optimizers, as --plugin
    bobench.Optimizer, bobench.serve       write an optimizer that bobench runs and ranks
    bobench.serve_problem                  serve a problem that bobench's optimizers solve
    python3 -m bobench.sklearn_tasks TASK  scikit-learn tuning tasks served as problems (--list)
    bobench.run(spec)                      run an experiment, as `bobench run` does
    bobench.read_results(path)             a results file as a tidy pandas DataFrame
    bobench.rank(path), bobench.table(path)  `bobench rank` and `bobench table` as DataFrames

The protocol part (Optimizer, serve, serve_problem, Space) is plain Python: an optimizer script runs
under any Python 3. Problem, run, read_results, rank and table load the compiled module
(bobench._core, built with the C++ code) and NumPy; read_results, rank and table need pandas.
"""

from .protocol import PROTOCOL_VERSION, Optimizer, Param, Space, Trial, serve, serve_problem

__all__ = ["PROTOCOL_VERSION", "Optimizer", "Param", "Space", "Trial", "serve", "serve_problem",
           "Problem", "problem_names", "optimizer_names", "load_plugin", "run", "read_results", "read_runs", "rank",
           "table", "version"]

_LAZY = {"Problem": "problems", "problem_names": "problems", "optimizer_names": "problems",
         "load_plugin": "problems", "run": "results", "read_results": "results", "read_runs": "results", "rank": "results",
         "table": "results", "version": "problems"}


def __getattr__(name):  # PEP 562: load the compiled module only when it is used
    if name in _LAZY:
        import importlib
        import importlib.util
        if importlib.util.find_spec("._core", __name__) is None:
            raise ImportError(f"bobench.{name} needs the compiled module bobench._core, which is not built here "
                              f"({__path__[0]}): build it with `cmake --build build --target bobench_python` "
                              "(or ./scripts/build, everything); Optimizer and serve work without it")
        return getattr(importlib.import_module("." + _LAZY[name], __name__), name)
    raise AttributeError(f"module 'bobench' has no attribute {name!r}")

"""An HPOBench benchmark (github.com/automl/HPOBench) served as a bobench problem:

    python3 -m bobench.adapters.hpobench CLASS [--args JSON] [--fidelity JSON] [--test]

    bobench run --optimizer random-search --optimizer tpe \\
        --problem "external:command=python3 -m bobench.adapters.hpobench hpobench.benchmarks.ml.svm_benchmark.SVMBenchmark --args '{\\"task_id\\": 31}'"

CLASS is the benchmark by import path (package.module.Class or package.module:Class), a
local benchmark or one of HPOBench's container clients (hpobench.container.benchmarks...).
--args: its constructor's keyword arguments as a JSON object (e.g. {"task_id": 31}); the
benchmark's own rng is 0 unless --args sets it, so every process bobench starts holds the
same benchmark (its data split, its space). --fidelity: a JSON object of fidelity values
passed to every evaluation; without it HPOBench evaluates at the benchmark's highest
fidelity. --test: evaluate objective_function_test (the held-out score) instead.

HPOBench's interface (hpobench/abstract_benchmark.py, AbstractBenchmark):
get_configuration_space(seed=None) returns a ConfigSpace.ConfigurationSpace;
objective_function(configuration, fidelity=None, rng=None, **kwargs) takes a Configuration
or dict and returns a dict whose 'function_value' is minimised and whose 'cost' is the
evaluation's cost (seconds). The space is translated as bobench.adapters._configspace says
(floats, integers, log scales, categoricals, ordinals, constants); each evaluation passes
bobench's seed as rng=, so a noisy benchmark's run is reproducible. The optimum is unknown
to the adapter. The value is 'function_value', the cost 'cost' when the result has one.

Needs HPOBench and its benchmark's extras (a clone of github.com/automl/HPOBench, pip
install . or .[svm] etc., as its README says). Without them this script says
what to install and exits with status 2, and bobench refuses the experiment at planning
with that message. Not installed on bobench's build machines: the adapter is checked
against a stand-in module (tests/python/test_benchmark_adapters.py).
"""

import argparse
import inspect

from bobench.adapters._configspace import Translation, configuration, json_object, load_class, reply_of
from bobench.protocol import serve_problem

PROG = "bobench.adapters.hpobench"
INSTALL = ("install HPOBench (git clone github.com/automl/HPOBench && pip install ./HPOBench, with the "
           "benchmark's extra, e.g. './HPOBench[svm]') in the python3 that runs this script")


class Adapter:
    def __init__(self, cls, kwargs, fidelity=None, test=False):
        if "rng" not in kwargs and "rng" in inspect.signature(cls).parameters:
            kwargs = dict(kwargs, rng=0)  # the same benchmark in every process bobench starts
        self.benchmark = cls(**kwargs)
        self.cs = self.benchmark.get_configuration_space()
        self.translation = Translation(self.cs, PROG)
        self.fidelity = fidelity
        self.function = self.benchmark.objective_function_test if test else self.benchmark.objective_function

    def evaluate(self, x, seed):
        config = configuration(self.cs, self.translation.values(x))
        result = self.function(config, fidelity=self.fidelity, rng=seed)
        return reply_of(result)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m " + PROG,
                                     description="Serves an HPOBench benchmark over bobench's problem protocol.")
    parser.add_argument("benchmark", help="the benchmark class by import path, e.g. "
                                          "hpobench.benchmarks.ml.svm_benchmark.SVMBenchmark")
    parser.add_argument("--args", default="{}", help="its constructor's keyword arguments, a JSON object")
    parser.add_argument("--fidelity", help="fidelity values for every evaluation, a JSON object "
                                           "(default: the benchmark's highest fidelity)")
    parser.add_argument("--test", action="store_true", help="minimise objective_function_test's value")
    args = parser.parse_args(argv)
    kwargs = json_object(args.args, "--args", PROG)
    fidelity = json_object(args.fidelity, "--fidelity", PROG) if args.fidelity else None
    cls = load_class(args.benchmark, PROG, INSTALL)
    adapter = Adapter(cls, kwargs, fidelity, args.test)
    serve_problem(adapter.translation.space, adapter.evaluate,
                  name=f"HPOBench {args.benchmark}({args.args})" + (" test" if args.test else ""))


if __name__ == "__main__":
    main()

"""An HPOlib2 surrogate benchmark served as a bobench problem: the Paramnet, SVM, CNN and
Wide ResNet surrogates of Aryan 2020 ch. 4 (Tables 4.11-4.13), ch. 5 (Table 5.1) and ch. 6
(Tables 6.2-6.4).

    python3 -m bobench.adapters.hpolib2 CLASS [--args JSON] [--test]

    bobench run --optimizer robo-gp --problem \\
        "external:command=python3 -m bobench.adapters.hpolib2 hpolib.benchmarks.surrogates.paramnet.SurrogateParamNet --args '{\\"dataset\\": \\"adult\\", \\"path\\": \\"/data/surrogates\\"}'"

CLASS: the benchmark by import path. HPOlib2's surrogates (github.com/automl/HPOlib1.5,
hpolib/benchmarks/surrogates/; HPOlib2 became HPOBench later, whose hpolib package is gone):
    hpolib.benchmarks.surrogates.paramnet.SurrogateParamNet   --args '{"dataset": D}', D one of
        adult, higgs, letter, mnist, optdigits, poker (8 parameters, log10/log2 scales)
    hpolib.benchmarks.surrogates.svm.SurrogateSVM             (C and gamma, log2 in [-10, 10])
    hpolib.benchmarks.surrogates.cnn.SurrogateCNN             (CIFAR-10 convnet)
    hpolib.benchmarks.surrogates.wide_resnet_2d.Surrogate2DWideResNet   (log10 lr, depth)
Each takes path= (the folder holding its rf_surrogate_*.pkl files; without it some
versions download them): give it in --args. --test: minimise objective_function_test.

HPOlib2's interface (hpolib/abstract_benchmark.py, AbstractBenchmark): the static
get_configuration_space() returns a ConfigSpace.ConfigurationSpace (the surrogates': all
UniformFloat, named x0, x1, ... from their bounds); objective_function(configuration) returns
a dict whose 'function_value' is minimised (a validation error) with a 'cost'. Its
_check_configuration decorator turns a list into a configuration by the space's iteration
order, so the adapter always passes a ConfigSpace.Configuration, never a list. The
surrogates are random forests' predictions: deterministic, so bobench's seed is not used.

Needs HPOlib2 (the hpolib package: pip install from a clone of github.com/automl/HPOlib1.5 or
HPOlib2's development branch of 2017-2019) and the surrogates' data. Without hpolib this
script says what to install and exits with status 2, and bobench refuses the experiment at
planning with that message. Not installed on bobench's build machines: the adapter is
checked against a stand-in module (tests/python/test_benchmark_adapters.py).
"""

import argparse

from bobench.adapters._configspace import Translation, configuration, json_object, load_class, reply_of, require
from bobench.protocol import serve_problem

PROG = "bobench.adapters.hpolib2"
INSTALL = ("install HPOlib2, the hpolib package (git clone github.com/automl/HPOlib1.5 && pip install .), "
           "and download its surrogates' data (rf_surrogate_*.pkl; --args '{\"path\": FOLDER}')")


class Adapter:
    def __init__(self, cls, kwargs, test=False):
        self.benchmark = cls(**kwargs)
        self.cs = self.benchmark.get_configuration_space()
        self.translation = Translation(self.cs, PROG)
        self.function = self.benchmark.objective_function_test if test else self.benchmark.objective_function

    def evaluate(self, x, seed=None):
        result = self.function(configuration(self.cs, self.translation.values(x)))
        return reply_of(result)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m " + PROG,
                                     description="Serves an HPOlib2 benchmark over bobench's problem protocol.")
    parser.add_argument("benchmark", help="the benchmark class by import path, e.g. "
                                          "hpolib.benchmarks.surrogates.svm.SurrogateSVM")
    parser.add_argument("--args", default="{}", help="its constructor's keyword arguments, a JSON object")
    parser.add_argument("--test", action="store_true", help="minimise objective_function_test's value")
    args = parser.parse_args(argv)
    kwargs = json_object(args.args, "--args", PROG)
    require("hpolib", PROG, INSTALL)  # named first: a missing hpolib is the usual case
    adapter = Adapter(load_class(args.benchmark, PROG, INSTALL), kwargs, args.test)
    serve_problem(adapter.translation.space, adapter.evaluate,
                  name=f"HPOlib2 {args.benchmark}({args.args})" + (" test" if args.test else ""))


if __name__ == "__main__":
    main()

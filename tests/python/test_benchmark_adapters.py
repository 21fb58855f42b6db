"""The benchmark adapters (bobench.adapters.hpobench, .yahpo, .hpolib2) against STAND-IN
modules written for this test: HPOBench, YAHPO Gym, HPOlib2 and ConfigSpace cannot be
installed on bobench's build machines, so a temporary folder on PYTHONPATH holds minimal
fakes of them: a ConfigSpace with the hyperparameter classes, Configuration, a condition and
util.deactivate_inactive_hyperparameters, and one benchmark class per package with its
package's method names and result keys. They check the adapters' shape only: the space
each declares (types, bounds, log scales, choices, constants and fidelities left out), the
configuration each hands its benchmark for a point, the value and cost it returns, one
short run through `bobench run` per adapter, and the exit status 2 with a message naming
what to install when the package is missing (the ch. 5 spec included). Whether the real
packages behave as their documentation (cited in each adapter) says is not checked here."""
import csv
import io
import os
import subprocess
import sys
import textwrap

from support import SOURCE_DIR, check, cli, temp_dir

CONFIGSPACE = '''
class _HP:
    def __init__(self, name, **kw):
        self.name = name
        self.__dict__.update(kw)

class UniformFloatHyperparameter(_HP):
    def __init__(self, name, lower, upper, log=False):
        super().__init__(name, lower=lower, upper=upper, log=log)
    def legal(self, v):
        return isinstance(v, float) and self.lower <= v <= self.upper

class UniformIntegerHyperparameter(UniformFloatHyperparameter):
    def legal(self, v):
        return type(v) is int and self.lower <= v <= self.upper

class CategoricalHyperparameter(_HP):
    def __init__(self, name, choices):
        super().__init__(name, choices=list(choices))
    def legal(self, v):
        return any(v is c or (type(v) is type(c) and v == c) for c in self.choices)

class OrdinalHyperparameter(_HP):
    def __init__(self, name, sequence):
        super().__init__(name, sequence=list(sequence))
    def legal(self, v):
        return any(type(v) is type(s) and v == s for s in self.sequence)

class Constant(_HP):
    def __init__(self, name, value):
        super().__init__(name, value=value)
    def legal(self, v):
        return v == self.value

class EqualsCondition:
    def __init__(self, child, parent, value):
        self.child, self.parent, self.value = child, parent, value

class ConfigurationSpace:
    def __init__(self):
        self._hps, self._conditions = [], []
    def add_hyperparameters(self, hps):
        self._hps += hps
    def add_condition(self, condition):
        self._conditions.append(condition)
    def get_hyperparameters(self):
        return list(self._hps)
    def get_conditions(self):
        return list(self._conditions)

class Configuration:
    """Refuses what the real one refuses: an unknown name, a missing or inactive
    parameter, a value of the wrong type or outside the domain."""
    def __init__(self, configuration_space, values):
        hps = {hp.name: hp for hp in configuration_space.get_hyperparameters()}
        inactive = {c.child.name for c in configuration_space.get_conditions()
                    if values.get(c.parent.name) != c.value}
        for name, value in values.items():
            if name not in hps or name in inactive or not hps[name].legal(value):
                raise ValueError(f"illegal value {name}={value!r}")
        missing = set(hps) - set(values) - inactive
        if missing:
            raise ValueError(f"missing {sorted(missing)}")
        self.configuration_space, self._values = configuration_space, dict(values)
    def get_dictionary(self):
        return dict(self._values)
'''

CONFIGSPACE_UTIL = '''
from ConfigSpace import Configuration

def deactivate_inactive_hyperparameters(configuration, configuration_space):
    values = dict(configuration)
    for c in configuration_space.get_conditions():
        if values.get(c.parent.name) != c.value:
            values.pop(c.child.name, None)
    return Configuration(configuration_space, values=values)
'''

# One space with every translated type: HPOBench's fake uses it whole.
SPACE = '''
import ConfigSpace as CS

def mixed_space():
    cs = CS.ConfigurationSpace()
    cs.add_hyperparameters([
        CS.UniformFloatHyperparameter("lr", 1e-4, 1.0, log=True),
        CS.UniformFloatHyperparameter("dropout", 0.0, 0.5),
        CS.UniformIntegerHyperparameter("depth", 1, 8),
        CS.UniformIntegerHyperparameter("units", 16, 1024, log=True),
        CS.CategoricalHyperparameter("act", ["relu", "tanh"]),
        CS.CategoricalHyperparameter("bias", [True, False]),
        CS.OrdinalHyperparameter("batch", [16, 32, 64]),
        CS.OrdinalHyperparameter("size", ["small", "medium", "large"]),
        CS.Constant("task", "adult"),
    ])
    return cs

def score(config):
    """A value that depends on every parameter (the test recomputes it)."""
    c = config.get_dictionary() if hasattr(config, "get_dictionary") else config
    return (c["lr"] + c["dropout"] + c["depth"] + c["units"] / 1000 + (c["act"] == "tanh")
            + (c["bias"] is True) + c["batch"] / 100 + ["small", "medium", "large"].index(c["size"]))
'''

HPOBENCH = '''
import ConfigSpace
from fake_space import mixed_space, score

class FakeBenchmark:
    """HPOBench's AbstractBenchmark shape: __init__(rng=None, **kwargs),
    get_configuration_space(seed=None), objective_function(configuration, fidelity=None,
    rng=None) -> {'function_value', 'cost'}."""
    def __init__(self, rng=None, offset=0.0):
        self.rng, self.offset, self.calls = rng, offset, []
    @staticmethod
    def get_configuration_space(seed=None):
        return mixed_space()
    def objective_function(self, configuration, fidelity=None, rng=None, **kwargs):
        assert isinstance(configuration, ConfigSpace.Configuration), type(configuration)
        self.calls.append((configuration.get_dictionary(), fidelity, rng))
        return {"function_value": score(configuration) + self.offset, "cost": 2.5}
    def objective_function_test(self, configuration, fidelity=None, rng=None, **kwargs):
        return {"function_value": -1.0, "cost": 0.0}
'''

HPOLIB = '''
import numbers
import ConfigSpace as CS

class SurrogateSVM:
    """HPOlib2's surrogate shape: a static get_configuration_space() of UniformFloats
    x0, x1 from bounds, objective_function(configuration) -> {'function_value', 'cost'}."""
    def __init__(self, path=None, rng=None):
        if path is None:
            raise ValueError("no surrogate data: give path")
        self.calls = []
    @staticmethod
    def get_configuration_space():
        cs = CS.ConfigurationSpace()
        cs.add_hyperparameters([CS.UniformFloatHyperparameter("x0", -10, 10),
                                CS.UniformFloatHyperparameter("x1", -10, 10)])
        return cs
    def objective_function(self, configuration, **kwargs):
        assert isinstance(configuration, CS.Configuration), type(configuration)
        c = configuration.get_dictionary()
        self.calls.append(c)
        return {"function_value": (c["x0"] - 1) ** 2 + c["x1"] ** 2, "cost": 1.0}
    objective_function_test = objective_function
'''

YAHPO = '''
import ConfigSpace as CS

class BenchmarkSet:
    """YAHPO Gym's shape: BenchmarkSet(scenario, instance=...), targets,
    get_opt_space(drop_fidelity_params=True) with the instance as a Constant,
    get_fidelity_space(), objective_function(dict, seed=None) -> [dict of targets]."""
    last = None
    def __init__(self, scenario, instance=None, noisy=False):
        assert scenario == "rbv2_svm", scenario
        self.instance, self.noisy, self.calls = instance, noisy, []
        self.targets = ["acc", "auc", "timetrain"]
        BenchmarkSet.last = self
    def get_opt_space(self, drop_fidelity_params=False, seed=None):
        assert drop_fidelity_params
        cs = CS.ConfigurationSpace()
        kernel = CS.CategoricalHyperparameter("kernel", ["linear", "radial"])
        gamma = CS.UniformFloatHyperparameter("gamma", 1e-4, 1e4, log=True)
        cs.add_hyperparameters([CS.UniformFloatHyperparameter("cost", 1e-4, 1e4, log=True), kernel, gamma,
                                CS.Constant("task_id", self.instance)])
        cs.add_condition(CS.EqualsCondition(gamma, kernel, "radial"))
        return cs
    def get_fidelity_space(self, seed=None):
        cs = CS.ConfigurationSpace()
        cs.add_hyperparameters([CS.UniformFloatHyperparameter("trainsize", 0.03, 1.0),
                                CS.OrdinalHyperparameter("repl", [1, 2, 3])])
        return cs
    def objective_function(self, configuration, seed=None, logging=False, multithread=True):
        assert isinstance(configuration, dict), type(configuration)
        self.calls.append((dict(configuration), seed))
        acc = 0.5 + 0.1 * (configuration["kernel"] == "radial") + configuration["cost"] / 1e5
        return [{"acc": acc, "auc": 0.9, "timetrain": 12.0}]
'''


def write(root, files):
    for path, text in files.items():
        os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
        with open(os.path.join(root, path), "w") as f:
            f.write(textwrap.dedent(text))


def stand_ins(root):
    """The fake packages under root (written for this test: see the module's docstring)."""
    write(root, {"ConfigSpace/__init__.py": CONFIGSPACE, "ConfigSpace/util.py": CONFIGSPACE_UTIL,
                 "fake_space.py": SPACE,
                 "hpobench/__init__.py": "", "hpobench/benchmarks/__init__.py": "",
                 "hpobench/benchmarks/fake.py": HPOBENCH,
                 "hpolib/__init__.py": "", "hpolib/benchmarks/__init__.py": "",
                 "hpolib/benchmarks/surrogates/__init__.py": "", "hpolib/benchmarks/surrogates/svm.py": HPOLIB,
                 "yahpo_gym/__init__.py": "", "yahpo_gym/benchmark_set.py": YAHPO})


def test_hpobench_space_and_evaluate(root):
    from bobench.adapters import hpobench
    from hpobench.benchmarks.fake import FakeBenchmark
    from fake_space import score
    adapter = hpobench.Adapter(FakeBenchmark, {"offset": 10.0}, fidelity={"budget": 3})
    check(adapter.benchmark.rng == 0 and adapter.benchmark.offset == 10.0,
          "the constructor gets --args and rng=0 by default")
    expected = [
        {"name": "lr", "type": "real", "low": 1e-4, "high": 1.0, "log": True},
        {"name": "dropout", "type": "real", "low": 0.0, "high": 0.5, "log": False},
        {"name": "depth", "type": "integer", "low": 1, "high": 8},
        {"name": "units", "type": "real", "low": 16.0, "high": 1024.0, "log": True},  # a log integer
        {"name": "act", "type": "categorical", "choices": ["relu", "tanh"]},
        {"name": "bias", "type": "categorical", "choices": ["True", "False"]},
        {"name": "batch", "type": "ordinal", "values": [16, 32, 64]},
        {"name": "size", "type": "integer", "low": 0, "high": 2},  # a non-numeric ordinal: its index
    ]  # the Constant is not shown to the optimizer
    check(adapter.translation.space == expected, f"space {adapter.translation.space}")
    reply = adapter.evaluate([0.01, 0.25, 3, 99.6, "tanh", "True", 32, 1], 1234)
    config, fidelity, rng = adapter.benchmark.calls[-1]
    want = {"lr": 0.01, "dropout": 0.25, "depth": 3, "units": 100, "act": "tanh", "bias": True, "batch": 32,
            "size": "medium", "task": "adult"}
    check(config == want and type(config["units"]) is int and config["bias"] is True,
          f"the benchmark got {config}, expected {want}")
    check(fidelity == {"budget": 3} and rng == 1234, f"fidelity {fidelity}, rng {rng}")
    check(reply == {"value": score(want) + 10.0, "cost": 2.5}, f"reply {reply}")
    test = hpobench.Adapter(FakeBenchmark, {}, test=True).evaluate([0.01, 0.25, 3, 99.6, "tanh", "True", 32, 1], 1)
    check(test["value"] == -1.0, f"--test evaluates objective_function_test: {test}")


def test_hpolib2_space_and_evaluate(root):
    from bobench.adapters import hpolib2
    from hpolib.benchmarks.surrogates.svm import SurrogateSVM
    adapter = hpolib2.Adapter(SurrogateSVM, {"path": "/data"})
    check(adapter.translation.space == [{"name": "x0", "type": "real", "low": -10.0, "high": 10.0, "log": False},
                                        {"name": "x1", "type": "real", "low": -10.0, "high": 10.0, "log": False}],
          f"space {adapter.translation.space}")
    reply = adapter.evaluate([3.0, -2.0], 7)
    check(adapter.benchmark.calls == [{"x0": 3.0, "x1": -2.0}], f"calls {adapter.benchmark.calls}")
    check(reply == {"value": 8.0, "cost": 1.0}, f"reply {reply}")


def test_yahpo_space_and_evaluate(root):
    from bobench.adapters import yahpo
    from yahpo_gym.benchmark_set import BenchmarkSet
    adapter = yahpo.Adapter(BenchmarkSet, "rbv2_svm", "1040", "acc", maximize=True, fidelity={"repl": 2},
                            kwargs={"noisy": True})
    bench = BenchmarkSet.last
    check(bench.instance == "1040" and bench.noisy, "BenchmarkSet gets the instance and --args")
    check(adapter.translation.space == [
        {"name": "cost", "type": "real", "low": 1e-4, "high": 1e4, "log": True},
        {"name": "kernel", "type": "categorical", "choices": ["linear", "radial"]},
        {"name": "gamma", "type": "real", "low": 1e-4, "high": 1e4, "log": True}],
        f"space {adapter.translation.space}")  # no fidelity, no instance
    reply = adapter.evaluate([10.0, "linear", 5.0], 99)  # gamma is inactive with a linear kernel
    config, seed = bench.calls[-1]
    check(config == {"cost": 10.0, "kernel": "linear", "task_id": "1040", "trainsize": 1.0, "repl": 2} and seed == 99,
          f"YAHPO got {config}, seed {seed}: no inactive gamma, fidelities at their highest unless named")
    check(reply == {"value": -(0.5 + 10.0 / 1e5), "cost": 12.0}, f"reply {reply} (maximised: the negative)")
    adapter.evaluate([10.0, "radial", 5.0], 1)
    check(bench.calls[-1][0]["gamma"] == 5.0, f"an active gamma is sent: {bench.calls[-1]}")


def run_module(module, *args, pythonpath):
    env = dict(os.environ, PYTHONPATH=pythonpath)
    return subprocess.run([sys.executable, "-m", module, *args], capture_output=True, text=True, env=env)


def test_bad_arguments_exit_2(root, path):
    r = run_module("bobench.adapters.yahpo", "rbv2_svm", "1040", "--metric", "f1", pythonpath=path)
    check(r.returncode == 2 and "no target 'f1'; its targets: acc, auc, timetrain" in r.stderr,
          f"exit {r.returncode}: {r.stderr}")
    r = run_module("bobench.adapters.hpobench", "hpobench.benchmarks.fake.Nope", pythonpath=path)
    check(r.returncode == 2 and "has no 'Nope'" in r.stderr, f"exit {r.returncode}: {r.stderr}")
    r = run_module("bobench.adapters.hpobench", "hpobench.benchmarks.fake.FakeBenchmark", "--args", "[1]",
                   pythonpath=path)
    check(r.returncode == 2 and "--args must be a JSON object" in r.stderr, f"exit {r.returncode}: {r.stderr}")


def test_missing_packages(package_path):
    """Without the packages (the package's own PYTHONPATH only): exit 2, naming what to install."""
    for module, args, names in (
            ("bobench.adapters.hpobench", ["hpobench.benchmarks.ml.svm_benchmark.SVMBenchmark"], "install HPOBench"),
            ("bobench.adapters.yahpo", ["lcbench", "3945", "--metric", "val_accuracy"], "install YAHPO Gym"),
            ("bobench.adapters.hpolib2", ["hpolib.benchmarks.surrogates.svm.SurrogateSVM"], "install HPOlib2")):
        r = run_module(module, *args, pythonpath=package_path)
        check(r.returncode == 2 and names in r.stderr and "Traceback" not in r.stderr,
              f"{module}: exit {r.returncode}: {r.stderr}")


def test_through_bobench(tmp, path):
    """Each adapter served to `bobench run`: three random points, none failed."""
    py = sys.executable
    problems = {
        "hpobench": f"{py} -m bobench.adapters.hpobench hpobench.benchmarks.fake.FakeBenchmark",
        "hpolib2": f"{py} -m bobench.adapters.hpolib2 hpolib.benchmarks.surrogates.svm.SurrogateSVM "
                   "--args '{\"path\": \"/data\"}'",
        "yahpo": f"{py} -m bobench.adapters.yahpo rbv2_svm 1040 --metric acc --maximize",
    }
    out = os.path.join(tmp, "adapters.h5")
    env_path = os.environ.get("PYTHONPATH", "")
    os.environ["PYTHONPATH"] = path  # bobench passes its environment on to the problems
    try:
        args = []
        for name, command in problems.items():
            args += ["--problem", f"{name}=external:command={command}"]
        cli("run", *args, "--optimizer", "random-search", "--budget", "3", "--replicates", "1",
            "--output", out, "--quiet")
    finally:
        os.environ["PYTHONPATH"] = env_path
    rows = list(csv.DictReader(io.StringIO(cli("export", out))))
    check(len(rows) == 9 and all(r["failed"] == "0" for r in rows), f"rows {rows}")
    for r in rows:
        value = float(r["value"])
        ok = {"hpobench": value > 1.0, "hpolib2": 0 <= value <= 221, "yahpo": -0.7 < value < -0.5}[r["problem"]]
        check(ok, f"{r['problem']}: value {value}")


def test_ch5_spec_says_what_it_needs(tmp, package_path):
    """experiments/aryan-ch5-table5.1.ini without HPOlib2: refused at planning (status 2),
    with the adapter's message naming HPOlib2."""
    env = dict(os.environ, PYTHONPATH=package_path)
    r = subprocess.run([os.environ["BOBENCH_CLI"], "run", "experiments/aryan-ch5-table5.1.ini", "--budget", "2",
                        "--replicates", "1", "--output", os.path.join(tmp, "ch5.h5")],
                       cwd=SOURCE_DIR, capture_output=True, text=True, env=env)
    check(r.returncode == 2 and "HPOlib2" in r.stderr and "cannot describe itself" in r.stderr,
          f"exit {r.returncode}: {r.stderr}")


if __name__ == "__main__":
    package_path = os.environ.get("PYTHONPATH", os.path.join(SOURCE_DIR, "python"))
    with temp_dir() as tmp:
        fakes = os.path.join(tmp, "fakes")
        stand_ins(fakes)
        path = os.pathsep.join([fakes, package_path])
        sys.path[:0] = [fakes]
        test_hpobench_space_and_evaluate(fakes)
        test_hpolib2_space_and_evaluate(fakes)
        test_yahpo_space_and_evaluate(fakes)
        test_bad_arguments_exit_2(fakes, path)
        test_missing_packages(package_path)
        test_through_bobench(tmp, path)
        test_ch5_spec_says_what_it_needs(tmp, package_path)
    print("ok")

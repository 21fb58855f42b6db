"""A YAHPO Gym scenario (github.com/slds-lmu/yahpo_gym) served as a bobench problem:

    python3 -m bobench.adapters.yahpo SCENARIO INSTANCE --metric NAME [--maximize]
                                      [--fidelity JSON] [--data-path DIR] [--args JSON]

    bobench run --optimizer random-search --optimizer tpe --problem \\
        'external:command=python3 -m bobench.adapters.yahpo lcbench 3945 --metric val_accuracy --maximize'

SCENARIO and INSTANCE: e.g. lcbench 3945, rbv2_svm 1040, nb301 CIFAR10 (BenchmarkSet(SCENARIO).
instances lists a scenario's instances). --metric: the target to optimise, one of the
scenario's targets (BenchmarkSet.targets; the script names them when it is missing or
wrong), minimised, or maximised with --maximize (bobench then minimises its negative).
--fidelity: fidelity values as a JSON object (e.g. {"epoch": 20}); every fidelity parameter
it leaves out is set to its highest value. --data-path: the folder of YAHPO's surrogate
data (yahpo_data), set once with local_config.set_data_path; omit it when YAHPO's local
config already names it. --args: more keyword arguments of BenchmarkSet (e.g. {"noisy": true}).

YAHPO Gym's interface (yahpo_gym/benchmark_set.py, BenchmarkSet(scenario, instance=...)):
get_opt_space(drop_fidelity_params=True) is the ConfigSpace space to search, the instance
held as a Constant; get_fidelity_space() holds the fidelity parameters;
objective_function(configuration, seed=None) takes a dict (or a list of them) and returns a
list of dicts, one per configuration, of every target's value. The space is translated as
bobench.adapters._configspace says; conditional parameters (rbv2_*'s) are sent only when
active. bobench's seed is passed as seed= (it matters for noisy=True). The cost reported is
the scenario's time target when it has one (time, timetrain, runtime; the surrogate's
predicted training time), else none. The optimum is unknown to the adapter.

Needs yahpo_gym and its surrogate data (pip install yahpo-gym; git clone
github.com/slds-lmu/yahpo_data). Without yahpo_gym this script says what to install and
exits with status 2, and bobench refuses the experiment at planning with that message. Not
installed on bobench's build machines: the adapter is checked against a stand-in module
(tests/python/test_benchmark_adapters.py).
"""

import argparse

from bobench.adapters._configspace import (Translation, as_dict, configuration, fail, hyperparameters,
                                           json_object, number, require)
from bobench.protocol import serve_problem

PROG = "bobench.adapters.yahpo"
INSTALL = ("install YAHPO Gym (pip install yahpo-gym) and its surrogate data "
           "(git clone github.com/slds-lmu/yahpo_data; --data-path DIR)")
COST_TARGETS = ("time", "timetrain", "runtime")  # the scenarios' predicted training times


class Adapter:
    def __init__(self, benchmark_set, scenario, instance, metric, maximize=False, fidelity=None, kwargs=None):
        self.bench = benchmark_set(scenario, instance=instance, **(kwargs or {}))
        targets = list(self.bench.targets)
        if metric not in targets:
            fail(PROG, f"scenario {scenario} has no target {metric!r}; its targets: {', '.join(targets)}")
        self.metric, self.sign = metric, -1.0 if maximize else 1.0
        self.cost = next((t for t in COST_TARGETS if t in targets and t != metric), None)
        # every fidelity at its highest value unless named: the full-budget evaluation
        self.fidelity = {hp.name: hp.upper if hasattr(hp, "upper") else hp.sequence[-1]
                         for hp in hyperparameters(self.bench.get_fidelity_space())}
        unknown = set(fidelity or {}) - set(self.fidelity)
        if unknown:
            fail(PROG, f"--fidelity names {', '.join(sorted(unknown))}, not fidelity parameters of {scenario} "
                       f"(those are: {', '.join(self.fidelity) or 'none'})")
        self.fidelity.update(fidelity or {})
        self.cs = self.bench.get_opt_space(drop_fidelity_params=True)
        self.translation = Translation(self.cs, PROG)

    def evaluate(self, x, seed):
        # the opt space drops inactive parameters and checks the point; YAHPO itself does not
        values = as_dict(configuration(self.cs, self.translation.values(x)))
        values.update(self.fidelity)
        result = self.bench.objective_function(values, seed=seed)[0]
        reply = {"value": self.sign * number(result[self.metric], repr(self.metric))}
        if self.cost is not None:
            reply["cost"] = number(result[self.cost], repr(self.cost))
        return reply


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m " + PROG,
                                     description="Serves a YAHPO Gym scenario over bobench's problem protocol.")
    parser.add_argument("scenario", help="e.g. lcbench, rbv2_svm, nb301")
    parser.add_argument("instance", help="e.g. 3945 (BenchmarkSet(SCENARIO).instances)")
    parser.add_argument("--metric", required=True, help="the target to optimise (BenchmarkSet.targets)")
    parser.add_argument("--maximize", action="store_true", help="maximise the metric (bobench minimises its negative)")
    parser.add_argument("--fidelity", help="fidelity values, a JSON object (default: each at its highest)")
    parser.add_argument("--data-path", help="the folder of YAHPO's surrogate data (yahpo_data)")
    parser.add_argument("--args", default="{}", help="more keyword arguments of BenchmarkSet, a JSON object")
    args = parser.parse_args(argv)
    kwargs = json_object(args.args, "--args", PROG)
    fidelity = json_object(args.fidelity, "--fidelity", PROG) if args.fidelity else None
    benchmark_set = require("yahpo_gym.benchmark_set", PROG, INSTALL).BenchmarkSet
    if args.data_path:
        local_config = require("yahpo_gym", PROG, INSTALL).local_config
        local_config.init_config()
        local_config.set_data_path(args.data_path)
    adapter = Adapter(benchmark_set, args.scenario, args.instance, args.metric, args.maximize, fidelity, kwargs)
    sense = "max" if args.maximize else "min"
    serve_problem(adapter.translation.space, adapter.evaluate,
                  name=f"YAHPO Gym {args.scenario}/{args.instance} {sense} {args.metric}")


if __name__ == "__main__":
    main()

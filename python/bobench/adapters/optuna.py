"""Optuna's samplers as bobench optimizers:

    bobench run --problem branin \\
        --optimizer 'external:command=python3 -m bobench.adapters.optuna --sampler tpe'

One Optuna study per run, driven with Optuna's ask-and-tell interface; the sampler is
built with the run's seed, so a run suggests exactly what the same sampler suggests when
driven directly with that seed (tests/python/test_optuna_adapter.py checks it). Failed
evaluations are told as failed trials under on_failure=skip, and as the penalty value
under on_failure=penalty (what bobench's own optimizers see).
"""

import argparse

import optuna

from bobench.protocol import Optimizer, serve

SAMPLERS = {
    "tpe": lambda seed: optuna.samplers.TPESampler(seed=seed),
    "cmaes": lambda seed: optuna.samplers.CmaEsSampler(seed=seed),
    "random": lambda seed: optuna.samplers.RandomSampler(seed=seed),
}


def distributions(space):
    """Optuna distributions of a bobench space (ordinal values as categorical choices)."""
    out = {}
    for p in space:
        if p.type == "real":
            out[p.name] = optuna.distributions.FloatDistribution(p.low, p.high, log=p.log)
        elif p.type == "integer":
            out[p.name] = optuna.distributions.IntDistribution(p.low, p.high)
        else:
            out[p.name] = optuna.distributions.CategoricalDistribution(p.values if p.type == "ordinal" else p.choices)
    return out


class OptunaOptimizer(Optimizer):
    def __init__(self, space, seed, budget, sampler):
        super().__init__(space, seed, budget)
        self.study = optuna.create_study(sampler=SAMPLERS[sampler](seed))
        self.distributions = distributions(space)
        self.pending = []  # trials asked and not yet told, in the order bobench tells them

    def ask(self):
        trial = self.study.ask(self.distributions)
        self.pending.append(trial)
        return [trial.params[p.name] for p in self.space]

    def tell(self, x, value):
        self.study.tell(self.pending.pop(0), value)

    def tell_failure(self, x, penalty):
        if penalty is None:
            self.study.tell(self.pending.pop(0), state=optuna.trial.TrialState.FAIL)
        else:
            self.tell(x, penalty)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m bobench.adapters.optuna", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sampler", choices=sorted(SAMPLERS), default="tpe", help="Optuna sampler (default: tpe)")
    args = parser.parse_args(argv)
    optuna.logging.set_verbosity(optuna.logging.WARNING)  # no line per trial on standard error
    serve(lambda space, seed, budget: OptunaOptimizer(space, seed, budget, args.sampler))


if __name__ == "__main__":
    main()

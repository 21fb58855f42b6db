"""Adapters: third-party optimizers (optuna) and benchmarks (hpobench, yahpo, hpolib2) served
through bobench's protocols."""

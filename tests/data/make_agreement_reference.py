#!/usr/bin/python3
"""Writes agreement_reference.json: what `bobench reproduce`'s agreement test must reproduce.

Run with Debian 12's python3-scipy (1.10.1) and python3-numpy (1.24.2):
    /usr/bin/python3 tests/data/make_agreement_reference.py > tests/data/agreement_reference.json

- welch: scipy.stats.ttest_ind_from_stats(..., equal_var=False), two-sided, on summary statistics
  like the papers' (mean, sd, n); df is the Welch-Satterthwaite formula.
- sampling: the exact two-sided p of a paper's number against the sampling distribution of the
  mean of k runs drawn with replacement from ours (every k-tuple enumerated).
- perfect_welch: the share of cells a perfect reproduction passes under the Welch test, both
  sides drawn from the log-normal with the paper's mean and sd (Monte Carlo, 200,000 rounds).
- perfect_sampling: the same for the sampling test, the truth being our own runs (Monte Carlo,
  20,000 rounds of 1,000 resamples).
"""
import itertools
import json

import numpy as np
from scipy import stats

rng = np.random.default_rng(20261125)


def welch_df(m1, s1, n1, m2, s2, n2):
    a, b = s1 * s1 / n1, s2 * s2 / n2
    return (a + b) ** 2 / (a * a / (n1 - 1) + b * b / (n2 - 1))


welch = []
cases = [
    (0.15, 0.12, 30, 0.12, 0.1, 30),        # random search-like cells, equal n
    (0.83, 0.4, 10, 0.00286, 0.00219, 30),  # far apart
    (1.0, 0.5, 3, 1.3, 0.9, 30),            # 3 replicates against 30 runs
    (7.85, 13.5, 30, 6.71, 12.8, 30),       # heavy spread
    (2.0, 0.1, 5, 2.0, 3.0, 40),            # equal means
    (5.0, 0.0, 30, 4.0, 1.0, 30),           # one side without spread
    (1e-4, 2e-4, 30, 3e-3, 1e-2, 30),       # small values
]
for _ in range(8):
    m1, m2 = np.exp(rng.normal(0, 2, 2))
    s1, s2 = np.exp(rng.normal(0, 1.5, 2))
    n1, n2 = rng.integers(2, 60, 2)
    cases.append((float(m1), float(s1), int(n1), float(m2), float(s2), int(n2)))
for m1, s1, n1, m2, s2, n2 in cases:
    r = stats.ttest_ind_from_stats(m1, s1, n1, m2, s2, n2, equal_var=False)
    welch.append(dict(a=[m1, s1, n1], b=[m2, s2, n2], t=float(r.statistic), p=float(r.pvalue),
                      df=float(welch_df(m1, s1, n1, m2, s2, n2))))


def sampling_p(ours, theirs, k):
    means = np.array([np.mean(t) for t in itertools.product(ours, repeat=k)])
    below, above = np.mean(means <= theirs), np.mean(means >= theirs)
    return float(min(1.0, 2 * min(below, above)))


ours = [float(x) for x in np.round(np.exp(rng.normal(0, 1, 20)), 4)]
sampling = [dict(ours=ours, theirs=t, k=2, p=sampling_p(ours, t, 2)) for t in (0.3, 1.0, 2.5, 6.0)]
few = ours[:8]
sampling += [dict(ours=few, theirs=t, k=3, p=sampling_p(few, t, 3)) for t in (0.5, 1.5)]


def lognormal(mean, sd, size):
    s2 = np.log1p((sd / mean) ** 2)
    return rng.lognormal(np.log(mean) - s2 / 2, np.sqrt(s2), size)


perfect_welch = []
rounds = 200_000
for mean, sd, n_ref, n_ours in [(0.15, 0.12, 30, 30), (0.15, 0.12, 30, 3), (7.85, 13.5, 30, 30), (1.0, 2.0, 30, 10)]:
    paper = lognormal(mean, sd, (rounds, n_ref))
    ours_ = lognormal(mean, sd, (rounds, n_ours))
    r = stats.ttest_ind_from_stats(ours_.mean(1), ours_.std(1, ddof=1), n_ours,
                                   paper.mean(1), paper.std(1, ddof=1), n_ref, equal_var=False)
    perfect_welch.append(dict(mean=mean, sd=sd, reference_runs=n_ref, our_runs=n_ours,
                              share=float(np.mean(r.pvalue >= 0.05))))

perfect_sampling = []
rounds, resamples = 20_000, 1_000
for k in (2, 5):
    truth = np.array(ours)
    paper = rng.choice(truth, (rounds, k)).mean(1)
    sim_ours = rng.choice(truth, (rounds, len(truth)))
    idx = rng.integers(0, len(truth), (rounds, resamples, k))
    boot = np.take_along_axis(sim_ours[:, None, :].repeat(resamples, 1), idx, 2).mean(2)
    below = (boot <= paper[:, None]).mean(1)
    above = (boot >= paper[:, None]).mean(1)
    p = np.minimum(1.0, 2 * np.minimum(below, above))
    perfect_sampling.append(dict(ours=ours, reference_runs=k, share=float(np.mean(p >= 0.05))))

json.dump(dict(generator="scipy 1.10.1 ttest_ind_from_stats(equal_var=False); numpy 1.24.2 (make_agreement_reference.py)",
               welch=welch, sampling=sampling, perfect_welch=perfect_welch, perfect_sampling=perfect_sampling),
          __import__("sys").stdout, indent=1)

"""The readout's statistics (Semantics §15) by statsmodels and scipy, for ReadoutStatisticsTests.

Reads a JSON file of cases and prints one JSON object per case with the reference figures:
  {"kind": "two", "x1", "n1", "x2", "n2", "effect", "ratio"} -> newcombe interval, pooled z p-value,
      and the sample size of samplesize_proportions_2indep_onetail(effect, x2/n2, 0.8, ratio);
  {"kind": "fit", "observed", "shares"} -> chisquare's p-value;
  {"kind": "table", "yes", "no"} -> chi2_contingency(correction=False)'s p-value.
"""
import json
import math
import sys

from scipy.stats import chi2_contingency, chisquare
from statsmodels.stats.proportion import (
    confint_proportions_2indep,
    proportions_ztest,
    samplesize_proportions_2indep_onetail,
)


def number(value):
    value = float(value)
    return None if math.isnan(value) or math.isinf(value) else value


def two(case):
    x1, n1, x2, n2 = case["x1"], case["n1"], case["x2"], case["n2"]
    low, high = confint_proportions_2indep(x1, n1, x2, n2, method="newcomb", compare="diff")
    pooled = (x1 + x2) / (n1 + n2)
    p = None
    if 0 < pooled < 1:
        p = number(proportions_ztest([x1, x2], [n1, n2])[1])
    base = x2 / n2
    size = None
    if 0 <= base <= 1 and 0 < base + case["effect"] < 1:
        size = number(samplesize_proportions_2indep_onetail(case["effect"], base, 0.8, ratio=case["ratio"]))
    return {"low": number(low), "high": number(high), "p": p, "size": size}


def fit(case):
    total = sum(case["observed"])
    expected = [total * share for share in case["shares"]]
    return {"p": number(chisquare(case["observed"], f_exp=expected).pvalue)}


def table(case):
    return {"p": number(chi2_contingency([case["yes"], case["no"]], correction=False)[1])}


with open(sys.argv[1]) as file:
    cases = json.load(file)
for case in cases:
    print(json.dumps({"two": two, "fit": fit, "table": table}[case["kind"]](case)))

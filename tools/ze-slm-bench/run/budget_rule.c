/* SPDX-License-Identifier: MIT */
#include "run/budget_rule.h"

double run_budget_clamp(double s, bool quick)
{
    double least = quick ? RUN_CONVERGE_QUICK_MIN_S : RUN_CONVERGE_MIN_S;
    double most = quick ? RUN_CONVERGE_QUICK_MAX_S : RUN_CONVERGE_MAX_S;
    return s < least ? least : s > most ? most : s;
}

double run_budget_share(double left, double weight, double weight_rest, double results, bool quick)
{
    if (left <= 0 || weight_rest <= 0 || results <= 0)
        return run_budget_clamp(0, quick);
    return run_budget_clamp(left * weight / weight_rest / results, quick);
}

"""holm.py: Holm's step-down correction written out, for the independent
readings of docs/analysis.md (stats_crosscheck.py, sweep/check.py)."""


def holm(ps):
    """The Holm-adjusted p-value of each of ps, in ps's order."""
    order = sorted(range(len(ps)), key=lambda i: ps[i])
    adj, run = [0.0] * len(ps), 0.0
    for rank, i in enumerate(order):
        run = max(run, min(1.0, ps[i] * (len(ps) - rank)))
        adj[i] = run
    return adj

"""Small helpers shared by the benchmarks."""


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[k]


def ms(seconds: float) -> float:
    return round(seconds * 1000, 4)

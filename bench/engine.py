"""Engine benchmarks: the worst chain reaction we can build, and effects per second.

The worst chain: every Mine and Oil Drum of the box packed round a blast hex with worms among
them, searched over seeds for the one whose Blast sets off the most (the number of chain
Blasts and bursts is reported), then timed again and again.
"""

import random
import statistics
import time

from stats import ms, percentile

from table.engine import entering
from table.engine import Board, CounterRandom, Resolver, Thing
from table.hexgrid import hexagon

CENTRE = (0, 0)


def packed_board() -> Board:
    land = set(hexagon(CENTRE, 3))
    board = Board(land=land, wind=3)
    spots = hexagon(CENTRE, 1) + hexagon(CENTRE, 2)[:6]
    kinds = ["mine", "oil_drum"] * 6
    for i, kind in enumerate(kinds):
        at = spots[i % len(spots)]
        board.add(Thing(board.new_id(kind), kind, at))
    for i, team in enumerate(["blue", "red", "green", "yellow"] * 2):
        at = spots[(i * 5) % len(spots)]
        if board.count(at) < 3:
            board.add(Thing(board.new_id("worm"), "worm", at, team))
    return board


def chain_size(events) -> int:
    return sum(1 for e in events if e["event"] in ("blast", "oil_drum"))


def worst_seed(template: Board, tries: int = 3000) -> tuple[int, int]:
    best = (0, -1)
    for seed in range(tries):
        r = Resolver(template.copy(), CounterRandom(seed))
        r.blast(CENTRE)
        size = chain_size(r.events)
        if size > best[1]:
            best = (seed, size)
    return best


def time_chain(template: Board, seed: int, runs: int = 2000) -> list[float]:
    boards = [template.copy() for _ in range(runs)]
    times = []
    for board in boards:
        r = Resolver(board, CounterRandom(seed))
        t0 = time.perf_counter()
        r.blast(CENTRE)
        times.append(time.perf_counter() - t0)
    return times


def effects_per_second(seconds: float = 2.0) -> float:
    g = random.Random(1)
    land = set(hexagon(CENTRE, 4))
    done = 0
    t_end = time.perf_counter() + seconds
    elapsed = 0.0
    while time.perf_counter() < t_end:
        board = Board(land=set(land), wind=g.randint(1, 6))
        for kind in ["worm"] * 8 + ["mine", "oil_drum", "crate"] * 3:
            at = g.choice(sorted(land))
            if board.count(at) < 3:
                board.add(Thing(board.new_id(kind), kind, at, "blue" if kind == "worm" else None))
        r = Resolver(board, CounterRandom(g.random()))
        t0 = time.perf_counter()
        for _ in range(40):
            h = (g.randint(-4, 4), g.randint(-4, 4))
            op = g.randrange(4)
            if op == 0:
                r.blast(h)
            elif op == 1 and board.things:
                r.scatter(board.things[g.choice(sorted(board.things))])
            elif op == 2:
                r.change_wind()
            else:
                r.place("crater", h)
                entering.full_hex(r, h)
            done += 1
        elapsed += time.perf_counter() - t0
    return done / elapsed


def main() -> dict:
    template = packed_board()
    seed, size = worst_seed(template)
    times = time_chain(template, seed)
    return {
        "worst_chain_blasts_and_bursts": size,
        "worst_chain_events": len(_events(template, seed)),
        "worst_chain_median_ms": ms(statistics.median(times)),
        "worst_chain_p99_ms": ms(percentile(times, 99)),
        "worst_chain_goal": "median < 1 ms, p99 < 5 ms",
        "effects_per_second": round(effects_per_second()),
    }


def _events(template, seed):
    r = Resolver(template.copy(), CounterRandom(seed))
    r.blast(CENTRE)
    return r.events


if __name__ == "__main__":
    import json
    print(json.dumps(main(), indent=2))

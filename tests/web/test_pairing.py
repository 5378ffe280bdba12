"""Pairing's bookkeeping (issue 24, items 3 and 8), on a clock of the test's own: budgets no
one else can spend, an opening that says nothing of itself to strangers, sessions that end."""

import pytest

from .conftest import Clock

from table.web.pairing import (MAX_SESSIONS, MAX_WRONG_CODES, OPEN_S, SESSION_IDLE_S,
                               SESSION_MAX_S, SESSIONS_PER_ADDRESS, SOURCE_BUDGET,
                               SOURCE_REFILL_S, Denied, Pairing)


@pytest.fixture
def pairing(clock):
    p = Pairing(clock=clock)
    p.open()
    return p


def wrong(p: Pairing) -> str:
    return "000000" if p.code != "000000" else "111111"


def answer(p: Pairing, client: str, code: str | None, session: str | None = None):
    """The reason of a refusal, or the session handed over."""
    try:
        return p.admit(client, session, code)
    except Denied as err:
        return err.reason


def test_a_source_has_its_own_budget_refilled_slowly(pairing, clock):
    bad = wrong(pairing)
    assert [answer(pairing, "10.0.0.1", bad) for _ in range(SOURCE_BUDGET + 2)] == \
        ["wrong"] * SOURCE_BUDGET + ["wait", "wait"]
    assert pairing.evaluated == SOURCE_BUDGET
    clock.now += SOURCE_REFILL_S
    assert answer(pairing, "10.0.0.1", bad) == "wrong"             # one more, no more
    assert answer(pairing, "10.0.0.1", bad) == "wait"
    # a reopening does not refill a guesser
    pairing.open()
    assert answer(pairing, "10.0.0.1", pairing.code) == "wait"
    assert isinstance(answer(pairing, "10.0.0.2", pairing.code), str)


def test_an_ipv6_neighbour_cannot_spend_my_budget(pairing):
    """Issue 38, item 7: one stranger's wrong codes locked a whole /64 (every client of a
    SLAAC network); now the budget is the address's own."""
    bad = wrong(pairing)
    assert [answer(pairing, "2001:db8::1", bad) for _ in range(SOURCE_BUDGET + 1)] == \
        ["wrong"] * SOURCE_BUDGET + ["wait"]
    assert len(answer(pairing, "2001:db8::2", pairing.code)) > 20      # the neighbour pairs


def test_an_ipv6_network_gets_no_more_chances_than_one_address(pairing):
    """A guesser holding a whole /64 rotates addresses: once the opening's wrong codes are
    spent, its network is not clean and none of its addresses is heard; another network is."""
    bad = wrong(pairing)
    for n in range(200):
        answer(pairing, f"2001:db8::{n + 1}", bad)
    assert pairing.evaluated == MAX_WRONG_CODES
    assert answer(pairing, "2001:db8::ffff:1", pairing.code) == "wrong"   # not looked at
    assert len(answer(pairing, "2001:db8:0:1::1", pairing.code)) > 20     # another /64
    pairing.open()                            # a new opening at the table: heard again
    assert len(answer(pairing, "2001:db8::ffff:2", pairing.code)) > 20


def test_many_guessers_cannot_spend_the_chance_of_the_person_at_the_table(pairing):
    bad = wrong(pairing)
    for n in range(200):
        for _ in range(SOURCE_BUDGET):
            answer(pairing, f"10.0.{n // 250}.{n % 250 + 1}", bad)
    # the opening's budget, then one code from each address
    assert pairing.evaluated == MAX_WRONG_CODES + 200 - (MAX_WRONG_CODES // SOURCE_BUDGET
                                                        + (MAX_WRONG_CODES % SOURCE_BUDGET > 0))
    assert len(answer(pairing, "10.9.9.9", pairing.code)) > 20


def test_closed_or_wrong_look_the_same_to_a_stranger(pairing, clock):
    code = pairing.code
    open_answer = answer(pairing, "10.0.0.1", wrong(pairing))
    clock.now += OPEN_S                                   # the opening ends by itself
    assert pairing.code is None
    evaluated = pairing.evaluated
    assert answer(pairing, "10.0.0.2", code) == open_answer == "wrong"
    assert pairing.evaluated == evaluated                 # not looked at, but paid for
    assert [answer(pairing, "10.0.0.2", code) for _ in range(SOURCE_BUDGET)][-1] == "wait"


def test_a_session_is_bound_to_its_source_and_expires(pairing, clock):
    token = answer(pairing, "10.0.0.1", pairing.code)
    assert answer(pairing, "10.0.0.1", None, token) is None
    assert answer(pairing, "10.0.0.7", None, token) == "needed"    # a copied cookie elsewhere
    clock.now += SESSION_IDLE_S - 1
    assert answer(pairing, "10.0.0.1", None, token) is None        # used: kept
    clock.now += SESSION_IDLE_S
    assert answer(pairing, "10.0.0.1", None, token) == "needed"    # idle too long
    pairing.open()
    token = answer(pairing, "10.0.0.1", pairing.code)
    for _ in range(int(SESSION_MAX_S // (SESSION_IDLE_S / 2))):
        clock.now += SESSION_IDLE_S / 2
        answer(pairing, "10.0.0.1", None, token)
    assert answer(pairing, "10.0.0.1", None, token) == "needed"    # and old enough


def test_a_dual_stack_browser_keeps_its_session(pairing):
    """Paired over IPv4, the same browser may come back over IPv6 (one address of the other
    family, learned at its first use); a third address is refused."""
    token = answer(pairing, "192.0.2.7", pairing.code)
    assert answer(pairing, "2001:db8::7", None, token) is None
    assert answer(pairing, "192.0.2.7", None, token) is None
    assert answer(pairing, "2001:db8:0:9::1", None, token) == "needed"
    assert answer(pairing, "192.0.2.8", None, token) == "needed"


def test_pairing_again_and_again_forgets_only_one_s_own_sessions(pairing):
    """Issue 38, item 7: one address pairing 32 more times forgot every other page."""
    others = [answer(pairing, f"10.0.1.{n}", pairing.code) for n in range(1, 9)]
    mine = [answer(pairing, "10.0.0.66", pairing.code) for _ in range(40)]
    assert all(answer(pairing, f"10.0.1.{n}", None, t) is None
               for n, t in zip(range(1, 9), others))
    assert [answer(pairing, "10.0.0.66", None, t) is None for t in mine[-6:]] == \
        [False] * (6 - SESSIONS_PER_ADDRESS) + [True] * SESSIONS_PER_ADDRESS
    # many addresses of one network pairing: the network's own sessions make room
    for n in range(MAX_SESSIONS):
        answer(pairing, f"2001:db8::{n + 1}", pairing.code)
    assert all(answer(pairing, f"10.0.1.{n}", None, t) is None
               for n, t in zip(range(1, 9), others))


def test_unpair_all_forgets_every_page_and_closes_pairing(pairing):
    tokens = [answer(pairing, f"10.0.0.{n}", pairing.code) for n in (1, 2, 3)]
    assert pairing.unpair_all() == 3
    assert [answer(pairing, f"10.0.0.{n}", None, t) for n, t in zip((1, 2, 3), tokens)] == \
        ["needed"] * 3
    assert pairing.code is None


@pytest.mark.parametrize("start", [0.0, 0.25, 7.0])
def test_pairing_works_with_the_monotonic_clock_near_zero(start):
    """A freshly booted box (or CI machine) reads time.monotonic() near zero: an opening, a
    session and a budget all work from there, and the opening still ends after OPEN_S."""
    clock = Clock()
    clock.now = start
    p = Pairing(clock=clock)
    assert p.code is None
    code = p.open()
    assert p.code == code
    assert answer(p, "127.0.0.1", wrong(p)) == "wrong"
    session = answer(p, "127.0.0.2", code)
    assert isinstance(session, str) and p.paired(session, "127.0.0.2")
    clock.now = start + OPEN_S - 0.001
    assert p.code == code
    clock.now = start + OPEN_S
    assert p.code is None and p.paired(session, "127.0.0.2")

import pytest
from hypothesis import given
from hypothesis import strategies as st

from table.journal.codec import NotPlainData, decode, encode, entry_kind

plain = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text()
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=4)
    | st.lists(inner, max_size=4).map(tuple)
    | st.dictionaries(st.text().filter(lambda k: k != "__tuple__"), inner, max_size=4),
    max_leaves=20,
)


def _same(a, b):
    """Equal, and of the same types all the way down (a tuple is not a list)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return a == b


@given(plain)
def test_round_trip_keeps_values_and_types(value):
    assert _same(decode(encode(value)), value)


def test_hex_answers_come_back_as_tuples():
    entry = ("answer", ((2, -1), [(0, 0)]))
    back = decode(encode(entry))
    assert back == entry
    assert isinstance(back[1][0], tuple) and isinstance(back[1][1][0], tuple)


@pytest.mark.parametrize("bad", [{1, 2}, {3: "x"}, object(), {"__tuple__": [1]}, float("nan")])
def test_what_cannot_be_stored_exactly_is_refused(bad):
    with pytest.raises((NotPlainData, ValueError)):
        encode(bad)


def test_entry_kind_labels():
    assert entry_kind(("die", "3")) == "die"
    assert entry_kind({"chance": "die", "value": "3"}) == "chance:die"
    assert entry_kind({"answer": [0, 1], "kind": "hex"}) == "answer"
    assert entry_kind({"timeout": True}) == "timeout"
    assert entry_kind(7) == ""

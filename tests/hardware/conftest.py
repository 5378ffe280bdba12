import tomllib

import pytest

from table import profiles as hp


@pytest.fixture
def reference_data() -> dict:
    """The reference profile as a plain dict, to change and parse again."""
    return tomllib.loads(hp.REFERENCE.read_text())

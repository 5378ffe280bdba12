import doctest

import table.journal
import table.journal.codec


def test_the_examples_in_the_docs_run():
    for module in (table.journal, table.journal.codec):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0

"""Every Python example in the README and docs/ runs as written (doctest)."""

import doctest
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")),
         *sorted((ROOT / "hardware").glob("*.md")), *sorted((ROOT / "firmware").glob("*.md"))]
WITH_EXAMPLES = [p for p in PAGES if "```python\n" in p.read_text(encoding="utf-8")]


def test_the_docs_have_examples():
    names = {p.name for p in WITH_EXAMPLES}
    assert {"README.md", "game.md"} <= names


@pytest.mark.parametrize("page", WITH_EXAMPLES, ids=lambda p: str(p.relative_to(ROOT)))
def test_examples_run(page):
    text = page.read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in text.split("```python\n")[1:]]
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs: dict = {}
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, globs, f"{page.name}[{i}]", str(page), 0)
        assert test.examples, f"{page.name}: python block {i} has no >>> example to run"
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0

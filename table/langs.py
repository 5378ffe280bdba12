"""The languages the table speaks (screens, card names, the page): one list, imported by both
the rules side (card names) and the screens and the page.

>>> LANGS
('en', 'cs', 'uk')
"""

LANGS = ("en", "cs", "uk")

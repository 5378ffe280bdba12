"""The translators' review sheet (``worms-table screens``): every screen the box can show, drawn
with the widest words.
"""

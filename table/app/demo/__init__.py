"""The shop demo: the show with the box in every seat, what it says to a visitor, a visitor's short
game against the box.
"""

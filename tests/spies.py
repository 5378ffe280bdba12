"""Spies on devices for tests: what a device was handed, counted by the test itself (the
devices keep no counters for tests)."""

from __future__ import annotations


def posts(display) -> list:
    """The images handed to ``display.post`` from now on (a list that grows as they come)."""
    seen: list = []
    real = display.post

    def post(image):
        seen.append(image)
        return real(image)

    display.post = post
    return seen

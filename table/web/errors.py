"""The web layer's one exception root: :class:`WebError`, for a request the page's server
answers with an HTTP status instead of the table's state (limits.HttpError, pairing.Denied,
view.InputError)."""


class WebError(Exception):
    """A request the server refuses; ``status`` is the HTTP status it answers with."""

    status: int

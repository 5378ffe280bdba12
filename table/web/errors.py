"""The web layer's one exception root: :class:`WebError`, for a request the page's server
answers with an HTTP status instead of the table's state (limits.HttpError, pairing.Denied,
:class:`InputError`)."""


class WebError(Exception):
    """A request the server refuses; ``status`` is the HTTP status it answers with."""

    status: int


class InputError(WebError):
    """A request the table cannot take (an input, a card of the form); ``status`` is the HTTP
    status to answer with."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status

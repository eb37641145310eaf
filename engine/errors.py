"""The exceptions the engine raises for bad input and illegal moves."""


class InvalidInputError(ValueError):
    """Text, options or data that cannot be understood: bad card text, an
    unknown preset, an inconsistent rule set, broken saved data."""


class IllegalActionError(ValueError):
    """A well-formed action that the rules do not allow in this situation."""

"""The two error kinds of the pairing engines.

``NoValidPairing`` is a *user* error: the request is well formed but the rules admit no draw (every
pairing would repeat a match, nobody may take the bye, ...). The message is meant for the secretary.
The CLI answers ``{"error": message, "kind": "no_valid_pairing"}`` on stdout and exits with 1.

``BadRequest`` is a *malformed request* (unknown key, wrong type, a result for a match that is not
ready, a value over a limit, ...): a bug in the caller, never translated. The CLI answers
``{"error": message, "kind": "bad_request"}`` on stdout (and the message on stderr) and exits with 2.
"""

from __future__ import annotations


class PairingError(Exception):
    """Base class of the pairing engines' errors."""


class NoValidPairing(PairingError):
    """The rules admit no pairing for this (valid) request; the message says why."""


class BadRequest(PairingError, ValueError):
    """The request is malformed; the message names the offending key or value."""

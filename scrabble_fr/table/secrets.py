"""Secrets a table derives from a code, so that only whoever holds the code can know them.

    >>> a = derive_secret("abcd-efgh", "join code", "t1"); len(a)
    32
    >>> a == derive_secret("ABCD EFGH", "join code", "t1")  # typed as it is typed: case, dashes aside
    True
    >>> a == derive_secret("abcd-efgh", "seed", "t1") or a == derive_secret("abcd-efgh", "join code", "t2")
    False

The store keeps a code as a plain SHA-256 (:func:`scrabble_fr.table.store.code_hash`); a secret
here is an HMAC-SHA256 keyed by the code itself, so neither the hash nor anything else in the
database gives it. The label separates the uses (a join code, a sealed seed…) and the table's id
separates the tables: one code never yields the same secret twice.
"""

from __future__ import annotations

import hashlib
import hmac


def clean_code(code: str) -> str:
    """A code as it is read, however it was typed: its letters and digits, in lower case (spaces,
    dashes and case aside). Its hash (:func:`~scrabble_fr.table.store.code_hash`) and the secrets
    it gives are of this."""
    return "".join(ch for ch in code.lower() if ch.isalnum())


def derive_secret(code: str, label: str, table_id: str) -> bytes:
    """32 bytes only ``code`` gives, for the use ``label`` at table ``table_id``; the code is
    read as :func:`~scrabble_fr.table.store.code_hash` reads it (:func:`clean_code`)."""
    key = clean_code(code).encode("utf-8")
    # The NUL byte cannot occur in a label or a table id: "a" + "bc" and "ab" + "c" differ.
    message = b"scrabble_fr\0" + label.encode("utf-8") + b"\0" + table_id.encode("utf-8")
    return hmac.new(key, message, hashlib.sha256).digest()

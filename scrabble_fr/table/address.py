"""A table store's address: which backend it names, and how it is said without its password.

    >>> shown_text("postgresql://club:SECRET@db.local/scrabble")
    'postgresql://club@db.local/scrabble'
    >>> parse_address("tables.sqlite3").backend
    <Backend.SQLITE: 'sqlite'>
    >>> parse_address("postgresq://club:SECRET@db/x")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scrabble_fr.table.errors.TableError: postgresq://… is not a table store address: ...

``postgresql://`` (or ``postgres://``) names a PostgreSQL server; any other ``scheme:/…`` is a
mistyped address, refused rather than taken for a file name (it would make a SQLite file whose path
holds the password); libpq's ``key=value`` form is refused the same way; anything else is a SQLite
file's path (``:memory:``: a store of one process). Every message that names a store names it by
:func:`shown_text`, and :meth:`StoreAddress.redact` takes the password out of a server's or
a library's text (libpq quotes a malformed address whole, password included).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from urllib.parse import unquote

from scrabble_fr.table.errors import TableError

MEMORY = ":memory:"
_POSTGRES_SCHEMES = ("postgresql", "postgres")
# A scheme and a slash: "postgresq://", "sqlite:///", "http:/". One letter before the colon is a
# Windows drive ("C:/…"), a path.
_SCHEME = re.compile(r"\A([A-Za-z][A-Za-z0-9+.\-]+):/+")
# libpq's keyword form ("host=db user=club password=…"), which is no file's name either.
_KEYWORDS = re.compile(r"\A\s*(host|hostaddr|port|dbname|user|password|passfile|service|sslmode)\s*=", re.I)
# The password wherever an address holds one: "user:PASSWORD@" after the scheme, up to the last
# "@" (a password with a bare "@" is refused: libpq would end it at the first one), and
# "password=…" in the query or keyword form.
_USERINFO_PASSWORD = re.compile(r"\A(\s*[A-Za-z][A-Za-z0-9+.\-]*://[^:@/?#]*):(.*)@")
# The same, anywhere in a text: an address among other words, its password up to the word's last "@".
_ANY_USERINFO_PASSWORD = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*://[^:@/?#\s]*):\S*@")
_PASSWORD_PARAM = re.compile(r"(password\s*=\s*)('(?:[^'\\]|\\.)*'|[^&\s]*)", re.I)


# A served visitor's process: its messages reach a stranger's browser, which learns no address
# (user, host, database, path) and no server's reason (it names the host) from them.
_concealed = False
CONCEALED = "…"


def conceal_addresses() -> None:
    """From now on this process names no store in its messages (:func:`shown_text` and
    :meth:`StoreAddress.redact` say ``…``): the process of a stranger's browser tab."""
    global _concealed
    _concealed = True


class Backend(StrEnum):
    SQLITE = "sqlite"
    POSTGRESQL = "postgresql"


@dataclass(frozen=True)
class StoreAddress:
    """An address as given (:attr:`text`), the backend it names, and its secrets."""

    text: str
    backend: Backend

    @property
    def secrets(self) -> tuple[str, ...]:
        """The password as written and as decoded (longest first), wherever the address holds one."""
        found = {match.group(2).strip("'") for match in _PASSWORD_PARAM.finditer(self.text)}
        userinfo = _USERINFO_PASSWORD.match(self.text)
        if userinfo is not None:
            found.add(userinfo.group(2))
        found |= {unquote(secret) for secret in found}
        return tuple(sorted((s for s in found if s), key=len, reverse=True))

    def redact(self, text: str) -> str:
        """``text`` (a library's or a server's message about this store) without the password:
        the address it quotes said as :func:`shown_text`, the password itself wherever it appears."""
        if _concealed:
            return CONCEALED
        text = text.replace(self.text, shown_text(self.text))
        for secret in self.secrets:
            text = text.replace(secret, "***")
        return _escaped(text)

    @property
    def folder(self) -> Path | None:
        """A SQLite file's folder (None: a server, or a store in memory)."""
        if self.backend is not Backend.SQLITE or self.text == MEMORY:
            return None
        return Path(self.text).absolute().parent


def unreachable(address: str, detail: str) -> TableError:
    """``base_unreachable`` for the store ``address``, said without its password; in a served
    visitor's process (:func:`conceal_addresses`) without the address or the reason."""
    if _concealed:
        return TableError("base_unreachable_served")
    return TableError("base_unreachable", base=shown_text(address), detail=parse_address(address).redact(detail))


def shown_text(address: str) -> str:
    """Any store address without its password, control characters escaped.

        >>> shown_text("postgresql://club:p%40ss@[::1/db?password=x&sslmode=require")
        'postgresql://club@[::1/db?sslmode=require'
    """
    if _concealed:
        return CONCEALED
    text = _USERINFO_PASSWORD.sub(r"\1@", address, count=1)
    text = re.sub(r"([?&])password\s*=[^&]*(&|\Z)", lambda m: m.group(1) if m.group(2) else "", text, flags=re.I)
    text = text.rstrip("?&")
    text = _PASSWORD_PARAM.sub(r"\1***", text)
    return _escaped(text)


def without_passwords(text: str) -> str:
    """``text`` with the password of every address written in it taken out: a usage error quotes
    the words a player typed, an address among them (an option misplaced, a scheme mistyped).

        >>> without_passwords("« postgressql://bob:s3cret@db/club » is not a command")
        '« postgressql://bob@db/club » is not a command'
    """
    return _PASSWORD_PARAM.sub(r"\1***", _ANY_USERINFO_PASSWORD.sub(r"\1@", text))


def _escaped(text: str) -> str:
    # A control character in an address or a message would reach the terminal that prints it.
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


def parse_address(address: str) -> StoreAddress:
    """The backend ``address`` names; raises ``base_unknown`` (said without the password) for a
    scheme that is not PostgreSQL's, for libpq's keyword form, and for an empty address, and
    ``base_password_at`` for a password written with a bare ``@`` (libpq would misread it)."""
    address = address.strip()
    scheme = _SCHEME.match(address)
    if scheme is not None:
        if scheme.group(1).lower() in _POSTGRES_SCHEMES and address[len(scheme.group(1)):].startswith("://"):
            if re.split(r"[/?#]", address[scheme.end():], maxsplit=1)[0].count("@") > 1:
                # A bare "@" in the password: libpq ends the password at the first "@" and takes
                # the rest for the host, which its message would quote (a part of the password).
                raise TableError("base_password_at", base=shown_text(address))
            return StoreAddress(address, Backend.POSTGRESQL)
        # Where the password of an address of no known form ends is anyone's guess: its scheme
        # alone is said (the player has the rest before their eyes).
        raise TableError("base_unknown", base=_escaped(address[:scheme.end()] + "…"))
    if not address.strip() or _KEYWORDS.match(address) or "\x00" in address:
        raise TableError("base_unknown", base=shown_text(address))
    return StoreAddress(address, Backend.SQLITE)

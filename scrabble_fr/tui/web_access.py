"""Which addresses a browser may use to reach ``scrabble-fr serveur``: the ``Host`` of every request
and the ``Origin`` of every websocket are checked against the address the server serves.

    >>> check = AddressCheck("127.0.0.1", 8000)
    >>> check.host_allowed("localhost:8000"), check.host_allowed("evil.example:8000")
    (True, False)
    >>> check.origin_allowed("http://127.0.0.1:8000"), check.origin_allowed("https://evil.example")
    (True, False)

Why: a page of another site that a visitor opens may script websockets to the server (each one an
app process), and a name of the attacker's that resolves to the loopback address (DNS rebinding)
makes the visitor's browser treat the server as that site. Browsers always send ``Origin`` with a
websocket; a name in ``Host`` that is not the server's own is refused, while an address written
as numbers cannot be rebound and passes when the server listens beyond the loopback (a club's
players type the host's address as the host announced it).

Serving on the loopback, the names of the loopback pass (``localhost``, 127.0.0.1, [::1]); serving on
another address, every address written as numbers and this machine's names. Behind a reverse
proxy, the public address (``--adresse-publique https://club.example.org``) passes too, and the
page's websocket follows its scheme (wss under https).
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

DEFAULT_PORTS = {"http": 80, "https": 443}


@dataclass(frozen=True)
class PublicAddress:
    """The address visitors type when a reverse proxy stands in front of the server."""

    scheme: str  # http or https
    host: str  # lower case, without brackets
    port: int

    @classmethod
    def parse(cls, text: str) -> PublicAddress:
        """``https://club.example.org`` or ``http://club.example.org:8080``; ValueError else.

            >>> PublicAddress.parse("https://Club.example.org/")
            PublicAddress(scheme='https', host='club.example.org', port=443)
        """
        parts = urlsplit(text.strip())
        if parts.scheme not in DEFAULT_PORTS or not parts.hostname or parts.path not in ("", "/") \
                or parts.query or parts.fragment or parts.username or parts.password:
            raise ValueError(text)
        port = parts.port  # ValueError for a port that is not one
        return cls(parts.scheme, parts.hostname.lower(), port if port is not None else DEFAULT_PORTS[parts.scheme])


def split_host(value: str) -> tuple[str, int | None] | None:
    """The host (lower case, no brackets) and the port, if written, of a ``Host`` value or of an
    origin's address; None if malformed.

        >>> split_host("[::1]:8000"), split_host("Example.org"), split_host("a:b")
        (('::1', 8000), ('example.org', None), None)
    """
    try:
        parts = urlsplit(f"http://{value}")
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname or parts.path or parts.query or parts.fragment or parts.username is not None:
        return None
    return parts.hostname.lower(), port


def _is_ip(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        return None


def machine_names() -> set[str]:
    """This machine's names, as a club's players may type them."""
    names = {socket.gethostname().lower()}
    try:
        names.add(socket.getfqdn().lower())
    except OSError:
        pass
    return {name for name in names if name}


class AddressCheck:
    """The ``Host`` and ``Origin`` values that reach the server listening on ``host``:``port``."""

    def __init__(self, host: str, port: int, public: PublicAddress | None = None,
                 names: Iterable[str] | None = None) -> None:
        self.port = port
        self.public = public
        listening = host.strip("[]").lower()
        ip = _is_ip(listening)
        self.loopback = listening == "localhost" or (ip is not None and ip.is_loopback)
        self.names = {"localhost", listening}
        if not self.loopback:
            self.names |= set(names) if names is not None else machine_names()

    def _public(self, host: str, port: int | None) -> bool:
        # A proxy passes the public Host as visitors typed it: the scheme's port is implied.
        return self.public is not None and host == self.public.host and port in (None, self.public.port)

    def _served(self, host: str, port: int | None, default_port: int) -> bool:
        if self._public(host, port):
            return True
        if (port if port is not None else default_port) != self.port:
            return False
        ip = _is_ip(host)
        if ip is not None:  # a number is never rebound to another site
            return ip.is_loopback if self.loopback else True
        return host in self.names

    def host_allowed(self, value: str | None) -> bool:
        """Whether a request's ``Host`` names this server."""
        parts = split_host(value) if value else None
        return parts is not None and self._served(*parts, default_port=80)

    def origin_allowed(self, value: str | None) -> bool:
        """Whether a websocket's ``Origin`` is a page of this server (a browser always sends one)."""
        if not value:
            return False
        parts = urlsplit(value)
        if parts.scheme not in DEFAULT_PORTS or parts.path or parts.query:
            return False
        found = split_host(parts.netloc)
        return found is not None and self._served(*found, default_port=DEFAULT_PORTS[parts.scheme])

    def public_scheme(self, value: str | None) -> str | None:
        """The public address's scheme when a request came through it (None otherwise)."""
        parts = split_host(value) if value else None
        if self.public is not None and parts is not None and self._public(*parts):
            return self.public.scheme
        return None

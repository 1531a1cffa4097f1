"""A table's seed, sealed under codes: who holds a code reads it back, the database alone does not.

    >>> sealed = seal_seed(12345, "abcd-efgh", "t1"); sealed != format(12345, "064x")
    True
    >>> open_seed(sealed, "ABCD EFGH", "t1"), open_seed(sealed, "abcd-efgh", "t2") == 12345
    (12345, False)

The seed makes every rack of a classic game and every draw of a duplicate: whoever knows it knows
the game's future. A table of before the seals kept it plain in its configuration (``"seed"``),
and keeps playing so. A new table keeps it only sealed, once per code that needs it
(``"sealed_seed": {SEAT: HEX}``): the seed XOR a 256-bit secret that only the code gives
(:func:`~scrabble_fr.table.secrets.derive_secret`, one per code, use and table, so each secret
seals one seed once). A duplicate seals it for the arbitrator alone (the players' processes take
each draw from the coup's row); a classic table for every human seat, whose process replays the
game (a spectator follows it without the seed, :class:`~scrabble_fr.engine.public.PublicGame`).
An exchange's tiles are sealed too, under the seed, in the row that writes them (:func:`seal_tiles`):
the database says how many tiles were exchanged, not which, as the opponents' screens do.
No seed is sealed after its table is made: a classic table's seats are all made with it, and a
player who joins an open duplicate by name needs none. The row that ends a classic game reveals
the seed (its racks are no secret then), so that a finished game reads and exports with its racks.

A new seed has 128 bits: the old 31 (``random.randrange(2**31)``) could be searched out from the
first draw a table publishes.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from typing import Any

from scrabble_fr.table.secrets import derive_secret

SEED_BITS = 128
SEALED = "sealed_seed"  # the configuration's key: {seat number as text: the sealed seed in hex}
SEALED_REMATCH = "sealed_rematch"  # {seat number as text: the rematch secret, sealed as the seed is}
_LABEL = "seed"
_REMATCH_LABEL = "rematch"


def new_seed() -> int:
    """A new table's seed: 128 random bits."""
    return secrets.randbits(SEED_BITS)


def _pad(code: str, table_id: str, label: str = _LABEL) -> int:
    return int.from_bytes(derive_secret(code, label, table_id), "big")


def seal_seed(seed: int, code: str, table_id: str, label: str = _LABEL) -> str:
    """``seed`` sealed under ``code`` at table ``table_id``, as hex. Any whole number reads back
    exactly; the secret hides its 256 low bits (more than any seed the commands take). ``label``
    separates the secrets sealed so (the seed, the rematch secret)."""
    return format(seed ^ _pad(code, table_id, label), "064x")


def open_seed(sealed: str, code: str, table_id: str, label: str = _LABEL) -> int:
    """The seed :func:`seal_seed` sealed (another code gives another number: the caller found the
    seat by its code first)."""
    return int(sealed, 16) ^ _pad(code, table_id, label)


def seal_rematch(secret: int, code: str, table_id: str) -> str:
    """A table's rematch secret sealed under one seat's ``code`` (:mod:`.rematch`: the rematch's
    seed follows from it, so that any seat can create the rematch and none writes its seed)."""
    return seal_seed(secret, code, table_id, _REMATCH_LABEL)


def open_rematch(sealed: str, code: str, table_id: str) -> int:
    """The rematch secret :func:`seal_rematch` sealed."""
    return open_seed(sealed, code, table_id, _REMATCH_LABEL)


def _xor_tiles(data: bytes, seed: int, table_id: str, seq: int, index: int) -> bytes:
    # One secret per row and action: an exchange written again after an undo is sealed anew.
    pad = derive_secret(str(seed), f"exchange {seq} {index}", table_id)
    if len(data) > len(pad):
        raise ValueError("sealed tiles")
    return bytes(a ^ b for a, b in zip(data, pad, strict=False))


def seal_tiles(tiles: str, seed: int, table_id: str, seq: int, index: int) -> str:
    """An exchange's tiles as the row ``seq`` holds them (its action ``index`` of the game): sealed
    under the seed, which every seat's process has; the database alone says how many, not which.

        >>> sealed = seal_tiles("CK", 7, "t1", 3, 2); len(sealed), open_tiles(sealed, 7, "t1", 3, 2)
        (4, 'CK')
    """
    return _xor_tiles(tiles.encode("ascii"), seed, table_id, seq, index).hex()


def open_tiles(sealed: str, seed: int, table_id: str, seq: int, index: int) -> str:
    """The tiles :func:`seal_tiles` sealed; raises ``ValueError`` for text that is no sealed tiles."""
    return _xor_tiles(bytes.fromhex(sealed), seed, table_id, seq, index).decode("ascii")


def sealed_seeds(seed: int, codes: Mapping[int, str], seats: Iterable[int], table_id: str) -> dict[str, str]:
    """The configuration's ``sealed_seed``: ``seed`` sealed under the code of each of ``seats``."""
    return {str(seat): seal_seed(seed, codes[seat], table_id) for seat in seats}


def table_seals(seed: int, codes: Mapping[int, str], table_id: str) -> dict[str, dict[str, str]]:
    """A classic table's seals for each of its coded seats: the seed, and a new rematch secret."""
    secret = new_seed()
    return {SEALED: sealed_seeds(seed, codes, sorted(codes), table_id),
            SEALED_REMATCH: {str(seat): seal_rematch(secret, codes[seat], table_id) for seat in sorted(codes)}}


def is_sealed(config: Mapping[str, Any]) -> bool:
    """Whether a table's configuration keeps its seed sealed (a plain ``seed`` is read as such,
    whatever else is there)."""
    return "seed" not in config and SEALED in config


def table_seed(config: Mapping[str, Any], table_id: str, seat: int | None, code: str | None) -> int | None:
    """The seed the holder of ``code`` (seat ``seat``) reads: a table of before the seals gives its
    plain seed to anyone; a new one gives it to a code it was sealed for; None otherwise. Raises
    ``KeyError``, ``TypeError`` or ``ValueError`` for a configuration that does not read."""
    if "seed" in config:
        seed = config["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError("seed")
        return seed
    sealed = config[SEALED]
    if not isinstance(sealed, dict):
        raise TypeError(SEALED)
    if seat is None or code is None or str(seat) not in sealed:
        return None
    return open_seed(str(sealed[str(seat)]), code, table_id)

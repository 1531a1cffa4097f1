"""The classic seat is a plain match with the table's ports: its config written as tables always
wrote it, its GCG by the match's one writer, no Match subclass (both backends)."""

from __future__ import annotations

from scrabble_fr.engine.rules import Rules, rules_to_mapping
from scrabble_fr.match import Match
from scrabble_fr.match.config import Verification
from scrabble_fr.match.match import match_gcg
from scrabble_fr.table import ClassicSeat, TableSession, TableSettings, create_table, open_store
from scrabble_fr.table.classic_seat import table_of
from scrabble_fr.table.session import table_gcg


def test_a_table_keeps_its_settings_as_it_always_did(base, words):
    store = open_store(base)
    rules = Rules.preset("ffsc")
    created = create_table(store, TableSettings(["Alice", "Bruno"], arbiter="Zoé", seed=7, clock_minutes=20,
                                                verification=Verification.MANUAL, lexicon="/x/mots.txt",
                                                lexicon_name="Mes mots", lexicon_words=12))
    config = store.table(created.table.id).config
    written = {key: value for key, value in config.items() if key in {
        "rules", "verification", "clock_minutes", "club", "lexicon", "lexicon_name", "lexicon_words",
        "private_screen"}}
    assert written == {"rules": rules_to_mapping(rules), "verification": "manuelle", "clock_minutes": 20,
                       "club": False, "lexicon": "/x/mots.txt", "lexicon_name": "Mes mots", "lexicon_words": 12}
    alice = TableSession.join(store, created.codes[0], words)
    assert alice.config.verification is Verification.MANUAL and alice.config.clock_minutes == 20
    plain = create_table(store, TableSettings(["Alice", "Bruno"], seed=7, verification=Verification.MANUAL))
    assert store.table(plain.table.id).config["verification"] == "auto"  # no arbiter: the list judges


def test_the_seat_is_a_match_given_the_tables_ports_and_its_gcg_the_matchs(base, words):
    store = open_store(base)
    created = create_table(store, TableSettings(["Alice", "Bruno"], seed=7))
    alice = TableSession.join(store, created.codes[0], words)
    match = alice.match
    assert type(match) is Match and isinstance(match.actors, ClassicSeat) and match.recorder is match.actors
    assert table_of(match) is alice and table_of(Match(alice.config)) is None
    match.play("H4 BALTE")
    text = table_gcg(alice)
    assert text == match_gcg(match.game, match.notes, alice.info.config,
                             title=f"scrabble_fr table {alice.table_id}", racks=False)
    assert ">Alice: " in text and "BALTE +20 20" in text

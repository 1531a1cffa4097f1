"""GCG reading: the quirks of real files, and replaying placements to re-score them."""

from __future__ import annotations

import pytest

from scrabble_fr.records.errors import RecordError
from scrabble_fr.records.gcg import decode, parse_gcg, read_gcg_file
from scrabble_fr.records.replay import replay

HEADER = "#character-encoding UTF-8\n#player1 ana Ana Smith\n#player2 bob Bob\n"


def _event(line: str):
    game = parse_gcg(line + "\n")
    assert game.problems == []
    assert len(game.events) == 1
    return game.events[0]


def test_pragmas_and_players():
    game = parse_gcg(HEADER + "#lexicon FRA24\n#title Finale\n>ana: ?AEILRT 8D RETAIlA +64 64\n")
    assert game.players == [("ana", "Ana Smith"), ("bob", "Bob")]
    assert game.lexicon == "FRA24"
    assert game.pragmas["title"] == "Finale"
    assert game.tile_distribution == "french"


def test_tile_distribution_defaults_to_english_and_follows_the_pragma():
    assert parse_gcg("#lexicon NWL18\n").tile_distribution == "english"
    assert parse_gcg("").tile_distribution == "english"
    assert parse_gcg("#tile-distribution French\n").tile_distribution == "french"


def test_placement():
    event = _event(">ana: ?AEILRT 8D RETAIlA +64 64")
    assert (event.kind, event.nick, event.rack, event.position, event.word, event.score, event.total) == (
        "place", "ana", "?AEILRT", "8D", "RETAIlA", 64, 64,
    )


def test_lowercase_coordinates():
    event = _event(">Brian: CNNTU?? 8b NoCTUrN +70 70")
    assert (event.kind, event.position, event.word) == ("place", "8b", "NoCTUrN")


def test_crlf_line_ends_and_trailing_spaces():
    text = HEADER + ">ana: ?AEILRT 8D RETAIlA +64 64   \n>bob: AEINRST 9D EH +12 12\n"
    assert parse_gcg(text.replace("\n", "\r\n")).events == parse_gcg(text).events


def test_latin_1_bytes_are_decoded():
    data = "#player1 césar César\n>césar: DINNVWY 8D WINDY +32 32\n".encode("latin-1")
    game = parse_gcg(decode(data))
    assert game.players == [("césar", "César")]
    assert game.events[0].nick == "césar"


def test_utf8_with_a_byte_order_mark():
    data = "\ufeff#player1 hércules hércules\n".encode("utf-8")
    assert parse_gcg(decode(data)).players == [("hércules", "hércules")]


def test_words_written_after_the_total_are_ignored():
    event = _event(">Quackle: BEDGMNP  7e   BEDIM           +26   66  BE, ET, DO")
    assert (event.kind, event.position, event.word, event.score, event.total) == ("place", "7e", "BEDIM", 26, 66)


def test_placement_without_a_rack():
    event = _event(">ana: 8D RETAIlA +64 64")
    assert (event.kind, event.rack, event.position) == ("place", "", "8D")


def test_withdrawn_phony():
    event = _event(">bob: EIKNOSU -- -18 0")
    assert (event.kind, event.rack, event.score, event.total) == ("withdrawn", "EIKNOSU", -18, 0)


def test_legacy_withdrawal_with_plus_zero():
    event = _event(">Pakorn: LWGRAKE   -- +0 59")
    assert (event.kind, event.score, event.total) == ("withdrawn", 0, 59)


def test_pass_and_exchanges():
    assert _event(">ana: ADEMNRU - +0 72").kind == "pass"
    exchange = _event(">bob: EIKNOSU -KU +0 0")
    assert (exchange.kind, exchange.exchanged) == ("exchange", "KU")
    assert _event(">bob: EIKNOSU -2 +0 0").exchanged == "2"


def test_challenge_bonus():
    event = _event(">ana: ADEMNRU (challenge) +5 77")
    assert (event.kind, event.rack, event.score, event.total) == ("challenge", "ADEMNRU", 5, 77)


def test_french_contestation_penalty_with_its_note():
    game = parse_gcg(
        HEADER
        + ">ana: AEIMNOS H4 MAISON +18 18\n"
        + ">bob: EIKNOSU (challenge) -10 -10\n"
        + "#note contestation perdue (failed contestation)\n"
    )
    assert game.problems == []
    penalty = game.events[-1]
    assert (penalty.kind, penalty.nick, penalty.rack, penalty.score, penalty.total) == (
        "challenge", "bob", "EIKNOSU", -10, -10,
    )
    assert penalty.notes == ("contestation perdue (failed contestation)",)


def test_a_note_may_run_over_several_lines():
    game = parse_gcg(">ana: ?AEILRT 8D RETAIlA +64 64\n#note first line\nsecond line\n>bob: AEINRST 9D EH +12 12\n")
    assert game.problems == []
    assert game.events[0].notes == ("first line\nsecond line",)
    assert len(game.events) == 2


def test_end_lines():
    gain = _event(">ana: (EIKNOSU) +22 411")
    assert (gain.kind, gain.rack, gain.score) == ("end_gain", "EIKNOSU", 22)
    gain = _event(">James:  (R) +2 352")
    assert (gain.kind, gain.rack, gain.score, gain.total) == ("end_gain", "R", 2, 352)
    loss = _event(">bob: EIK (EIK) -7 373")
    assert (loss.kind, loss.rack, loss.score, loss.total) == ("end_loss", "EIK", -7, 373)


def test_time_penalty_with_and_without_a_rack():
    assert (_event(">bob: NU (time) -10 422").kind, _event(">bob: NU (time) -10 422").rack) == ("time", "NU")
    without = _event(">bob: (time) -10 380")
    assert (without.kind, without.rack, without.score) == ("time", "", -10)


def test_challenge_bonus_without_a_rack():
    event = _event(">ana: (challenge) +5 77")
    assert (event.kind, event.rack, event.score) == ("challenge", "", 5)


def test_an_end_rack_spelling_time_is_a_rack_not_a_time_penalty():
    event = _event(">bob: EIMT (TIME) -6 370")
    assert (event.kind, event.rack) == ("end_loss", "EIMT")


def test_duplicate_nicknames_are_kept():
    game = parse_gcg("#player1 Quackle Quackle One\n#player2 Quackle Quackle Two\n")
    assert [nick for nick, _full in game.players] == ["Quackle", "Quackle"]


def test_lines_not_understood_are_listed_not_fatal():
    game = parse_gcg(">ana: nonsense\nrandom text\n>bob: AEINRST 9D EH +12 12\n")
    assert [line for line, _text in game.problems] == [1, 2]
    assert len(game.events) == 1


# -- reading files --------------------------------------------------------------------------


def test_read_file(tmp_path):
    path = tmp_path / "partie.gcg"
    path.write_bytes((HEADER + ">ana: ?AEILRT 8D RETAIlA +64 64\r\n").encode("utf-8"))
    game = read_gcg_file(path)
    assert game.events[0].score == 64


@pytest.mark.parametrize(
    ("make", "code"),
    [
        (lambda tmp: tmp / "absent.gcg", "file_missing"),
        (lambda tmp: tmp, "file_is_directory"),
        (lambda tmp: _write(tmp / "binary.gcg", b"\x00\x01GCG"), "gcg_binary"),
    ],
)
def test_unreadable_files_raise_record_error(tmp_path, make, code):
    with pytest.raises(RecordError) as info:
        read_gcg_file(make(tmp_path))
    assert info.value.code == code


def _write(path, data: bytes):
    path.write_bytes(data)
    return path


# -- replay ---------------------------------------------------------------------------------


def test_replay_rescoring_a_blank_bingo():
    # 8b NoCTUrN: N on B8 1, o (blank) 0, C on D8 (&) 3 × 2 = 6, T 1, U 1, r (blank) 0, N on H8 (#) 1
    # = 10; × 2 = 20; 7 tiles: + 50 = 70
    report = replay(parse_gcg(">Brian: CNNTU?? 8b NoCTUrN +70 70\n"))
    assert (report.placements, report.matched, report.mismatches) == (1, 1, [])


def test_replay_through_letters_written_in_full_or_as_dots():
    # 8D RETAIlA: R on D8 (&) 2, E 1, T 1, A on H8 (#) 1, I 1, l 0, A 1 = 7; × 2 = 14; + 50 = 64.
    # Then D8 REST down column D through the R: R 1 (D8 covered) + E 1 + S 1 + T 1 = 4
    for word in ("REST", ".EST"):
        report = replay(parse_gcg(f">ana: ?AEILRT 8D RETAIlA +64 64\n>bob: EESTXYZ D8 {word} +4 4\n"))
        assert (report.placements, report.matched, report.mismatches) == (2, 2, []), word


def test_replay_reports_a_wrong_score():
    # 9D EH after RETAIlA: EH 1 + 4 = 5; cross words RE 1 + 1 = 2, EH 1 + 4 = 5: 12, not 10
    report = replay(parse_gcg(">ana: ?AEILRT 8D RETAIlA +64 64\n>bob: AEINRST 9D EH +10 10\n"), "x.gcg")
    assert report.placements == 2 and report.matched == 1
    [mismatch] = report.mismatches
    assert (mismatch.file, mismatch.line, mismatch.recorded, mismatch.computed) == ("x.gcg", 2, 10, 12)


def test_replay_takes_back_a_withdrawn_phony():
    text = (
        ">ana: ?AEILRT 8D RETAIlA +64 64\n"
        ">bob: AEINRST 9D EH +12 12\n"
        ">bob: AEINRST -- -12 0\n"
        ">ana: ABCDEFG 9D EH +12 76\n"  # the same squares are free again
    )
    report = replay(parse_gcg(text))
    assert (report.placements, report.matched, report.mismatches) == (3, 3, [])


def test_replay_reports_a_placement_that_cannot_be_laid():
    report = replay(parse_gcg(">ana: ?AEILRT 8D RET.IlA +64 64\n"))
    [mismatch] = report.mismatches
    assert mismatch.computed is None
    assert mismatch.error is not None and mismatch.error.code == "dot_on_empty"


def test_replay_of_a_french_record_uses_french_values():
    # #lexicon FRA24 → French tiles: 8H WHISKY = (10 + 4 + 1 + 1 + 10 × 2 + 10) × 2 = 92
    report = replay(parse_gcg("#lexicon FRA24\n>ana: HIKSWY? 8H WHISKY +92 92\n"))
    assert (report.matched, report.mismatches) == (1, [])


def test_replay_skips_tiles_outside_a_to_z():
    report = replay(parse_gcg(">ana: ĄĆĘ 8H ĄĆĘ +10 10\n"))
    assert report.skipped
    assert (report.placements, report.mismatches) == (0, [])


def test_replay_skips_an_unknown_tile_distribution():
    report = replay(parse_gcg("#tile-distribution polish\n>ana: ABC 8H ABC +10 10\n"))
    assert report.skipped and report.placements == 0

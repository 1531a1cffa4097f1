#!/usr/bin/env python3
"""Build the shipped word lists ``lexiques/fr.txt.gz`` and ``lexiques/en.txt.gz`` from Debian packages.

French: every inflected form of Grammalecte's Hunspell dictionary (package
``hunspell-fr-comprehensive``, MPL-2.0), expanded here from the parsed affix rules. English: SCOWL
(package ``scowl``). Both are normalised for Scrabble, sorted and gzipped reproducibly, so running
the script twice gives the same bytes. Needs ``apt-get`` and ``dpkg`` (Debian or Ubuntu) and the
development-only package ``spylls`` (``pip install spylls``), which parses the ``.aff``/``.dic`` pair.

    $ python tools/construire_lexiques.py
    morphologie: … -> …
    fr.txt.gz: … mots, sha256 …

Debian's ``unmunch`` is not used: it mishandles this dictionary's long flags and two-fold affixes
(tens of thousands of invented forms, real ones missing).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import shutil
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scrabble_fr.lexicon.normalize import normalize_word  # noqa: E402

FRENCH_PACKAGE = "hunspell-fr-comprehensive"
ENGLISH_PACKAGE = "scowl"
MPL_TEXT = Path("/usr/share/common-licenses/MPL-2.0")

# Grammalecte morphology: po:err marks misspellings kept for the grammar checker, po:titr titles,
# po:sfx bare suffixes, po:pfx bare prefixes. An entry is dropped when it is an error form, or when
# every reading it has is a title or a suffix (Dr, Mme; "be", the Belgian domain suffix): an
# ordinary noun that is also a title (monsieur: po:nom po:titr; maman, docteur, professeur…) stays.
ERROR_TAG = "err"
NOT_A_WORD_TAGS = frozenset({"titr", "sfx"})
PREFIX_TAG = "pfx"

# SCOWL: sizes up to 80 ("the largest size a spell checker should use"); 95 holds rare junk.
SCOWL_SIZES = (10, 20, 35, 40, 50, 55, 60, 70, 80)
# Every spelling region (a Scrabble list accepts any English spelling) and the variant spellings of
# levels 1 and 2 (STYE, KEBOB, VOLCANOS, APICES… are valid in the tournament lists); level 3 holds
# seldom-used spellings and is left out. Proper names, abbreviations, contractions and
# capitalised words are other categories and are not read at all.
SCOWL_CATEGORIES = (
    "english-words",
    "american-words",
    "british-words",
    "british_z-words",
    "canadian-words",
    "australian-words",
    "variant_1-words",
    "variant_2-words",
)
# Two-letter entries without a vowel are abbreviations in SCOWL (CS, KB, MS…), except these.
ENGLISH_TWO_LETTER_NO_VOWEL = frozenset({"HM", "MM", "SH"})
VOWELS = frozenset("AEIOUY")

# The valid two-letter words of French Scrabble. The list is public: the French federation (FFSc),
# the international federation (FISF) and the clubs publish it for players to learn, apart from
# the dictionary. Every one is shipped, whether Grammalecte has it or not: seven of them (AA, BA,
# BE, DA, KA and the unit symbols) went with the KEEPCASE entries, and AY, BI, JA, OM are not in it.
OFFICIAL_TWO_LETTER_WORDS = tuple(
    "AA AH AI AN AS AU AY BA BE BI BU CA CE CI DA DE DO DU EH EN ES ET EU EX FA FI GO HA HE HI HO "
    "IF IL IN JA JE KA LA LE LI LU MA ME MI MU NA NE NI NO NU OC OH OM ON OR OS OU PI PU QI RA RE "
    "RU SA SE SI SU TA TE TU UN US UT VA VE VU WU XI".split()
)
# Grammalecte's other two-letter words that stay: RI (past participle of rire) and VS.
KEPT_TWO_LETTER_WORDS = frozenset({"RI", "VS"})

# Abbreviations and symbols Grammalecte writes in lower case, so the capital-letter rule misses
# them. Each one is said letter by letter or stands for a longer word: no French Scrabble list holds
# them. The second group are Grammalecte entries whose only reading is an abbreviation (a noun or
# adverb with no plural, cut from a longer word: env. for environ, oct. for octobre, div. for
# divers) or a mathematical symbol (sin, cosh, arctan); a spelling that another entry also gives as
# a word (TEL, COS, LAT, LOG, TAN, MIN) is not in it.
ABBREVIATIONS = frozenset(
    {"CF", "CIT", "CONF", "DPI", "ETC", "FTP", "FTPS", "HTTP", "HTTPS", "LOL", "MDR", "PPM", "PT",
     "PTS", "WWW",
     # months
     "JANV", "FEVR", "AVR", "JUIL", "OCT", "NOV", "DEC",
     # references and editing
     "BIBL", "CHAP", "CIRC", "COLL", "DIV", "ENV", "ETYM", "FIG", "HAB", "IBID", "LITT", "REF",
     "REL", "SUPPL",
     # mathematical functions
     "ARCCOS", "ARCSIN", "ARCTAN", "COSH", "COTAN", "SIN", "SINH", "TANH"}
)

# What the list was judged on, written into the notice: the coups of the published duplicate games
# in benchmarks/parties where our top scores the published top (python benchmarks/compare_sheets.py
# --lexique before.txt --lexique after.txt), measured when the list last changed. Update it with
# every change to the list.
MEASURED_TOPS = """\
  | partie | liste d'avant, avec le filtre d'attestation | liste livrée |
  |---|---|---|
  | festival d'Aix 2002, 2e partie (ODS3, Duel de mots) | 18 / 21 | 16 / 21 |
  | Hiersac, vendredi 7 juillet 2018 | 14 / 21 | 14 / 21 |
  | Hiersac, vendredi 22 novembre 2019 | 11 / 19 | 14 / 19 |
  | Hiersac, vendredi 11 juin 2021 | 13 / 18 | 17 / 18 |
  | Hiersac, vendredi 21 janvier 2022, partie joker | 15 / 18 | 15 / 18 |
  | Hiersac, mercredi 11 mai 2022, partie joker (19 coups sur 20) | 15 / 19 | 15 / 19 |
  | Hiersac, vendredi 20 janvier 2023, partie joker | 14 / 18 | 14 / 18 |
  | Hiersac, Simultanés de France, vendredi 9 juin 2023 | 14 / 20 | 15 / 20 |
  | Hiersac, vendredi 10 novembre 2023, partie joker | 10 / 17 | 11 / 17 |
  | **total** | **124 / 171** | **131 / 171** |

  Sur la partie d'Aix (ODS3), la liste livrée trouve deux tops de moins que celle d'avant : elle
  accepte des coups plus chers que le top publié, avec des mots que l'ODS de 2002 n'avait pas
  (GOALAI, FORK, FLOUTER, OPIME). Les 29 abréviations retirées en même temps à l'étape 3 (ENV,
  OCT, DIV…) ne changent pas ces nombres : la liste livrée où on les remet trouve aussi 131
  tops sur 171."""


@dataclass(frozen=True)
class Package:
    """A Debian package fetched with ``apt-get download`` and unpacked with ``dpkg -x``.

        >>> Package("scowl", "2020.12.07-2", Path("x")).label
        'scowl 2020.12.07-2'
    """

    name: str
    version: str
    root: Path

    @property
    def label(self) -> str:
        return f"{self.name} {self.version}"


@dataclass(frozen=True)
class Output:
    """One written word list: where, how many words, its checksum."""

    path: Path
    count: int
    sha256: str


def fetch_package(name: str, workdir: Path, debs: Path | None) -> Package:
    """Download ``name`` (or take it from ``debs``) and unpack it under ``workdir``.

    The hunspell-fr variants conflict with each other as installed packages: unpacking one with
    ``dpkg -x`` needs no installation and leaves the system untouched.
    """
    if debs is not None:
        candidates = sorted(debs.glob(f"{name}_*.deb"))
        if not candidates:
            sys.exit(f"aucun paquet {name}_*.deb dans {debs}")
        deb = candidates[-1]
    else:
        # Run as root, apt-get warns that its sandbox user cannot write the private temporary
        # folder and downloads as root instead: harmless.
        subprocess.run(["apt-get", "download", name], cwd=workdir, check=True)
        deb = sorted(workdir.glob(f"{name}_*.deb"))[-1]
    version = subprocess.run(
        ["dpkg-deb", "-f", str(deb), "Version"], check=True, capture_output=True, text=True
    ).stdout.strip()
    root = workdir / name
    subprocess.run(["dpkg", "-x", str(deb), str(root)], check=True)
    return Package(name, version, root)


# ---------------------------------------------------------------------------------------------
# Hunspell expansion
# ---------------------------------------------------------------------------------------------


@dataclass
class Expander:
    """Every form a Hunspell dictionary accepts, generated from spylls' parsed ``.aff``/``.dic``.

        >>> expander = Expander(Dictionary.from_files("fr").aff)
        >>> sorted(expander.expand(word))  # one .dic entry -> its inflected forms

    Follows Hunspell's rules for generation: suffixes, two-fold suffixes (a suffix whose
    continuation flags name another suffix), prefixes, prefix and suffix together when both allow
    cross product (either one may be enabled by the other's continuation flags), NEEDAFFIX (the
    bare stem, or an affix alone, is not a word), CIRCUMFIX (prefix and suffix only as a pair) and
    FORBIDDENWORD (the forms are collected apart, to be removed from the result).
    """

    aff: object
    needaffix: str | None = field(init=False)
    forbidden: str | None = field(init=False)
    circumfix: str | None = field(init=False)
    keepcase: str | None = field(init=False)

    def __post_init__(self) -> None:
        aff = self.aff
        self.needaffix = aff.NEEDAFFIX  # type: ignore[attr-defined]
        self.forbidden = aff.FORBIDDENWORD  # type: ignore[attr-defined]
        self.circumfix = aff.CIRCUMFIX  # type: ignore[attr-defined]
        self.keepcase = aff.KEEPCASE  # type: ignore[attr-defined]
        self.suffixes: dict[str, list] = aff.SFX  # type: ignore[attr-defined]
        self.prefixes: dict[str, list] = aff.PFX  # type: ignore[attr-defined]

    # An affix applies when the word ends (starts) with its strip string and meets its condition.
    @staticmethod
    def _add_suffix(word: str, suffix) -> str | None:  # noqa: ANN001 - spylls' Suffix
        if suffix.strip and not word.endswith(suffix.strip):
            return None
        if not suffix.cond_regexp.search(word):
            return None
        base = word[: len(word) - len(suffix.strip)] if suffix.strip else word
        return base + suffix.add

    @staticmethod
    def _add_prefix(word: str, prefix) -> str | None:  # noqa: ANN001 - spylls' Prefix
        if prefix.strip and not word.startswith(prefix.strip):
            return None
        if not prefix.cond_regexp.search(word):
            return None
        return prefix.add + word[len(prefix.strip) :]

    def _suffixes_of(self, flags: Iterable[str]) -> Iterator:
        for flag in flags:
            yield from self.suffixes.get(flag, ())

    def _prefixes_of(self, flags: Iterable[str]) -> Iterator:
        for flag in flags:
            yield from self.prefixes.get(flag, ())

    def _verdict(self, prefixes: tuple, suffixes: tuple) -> bool | None:
        """True: a word; False: a forbidden form; None: not a word on its own (needs more affixes)."""
        affixes = prefixes + suffixes
        # NEEDAFFIX on an affix is met by any other affix around it.
        if self.needaffix and all(self.needaffix in affix.flags for affix in affixes):
            return None
        if self.circumfix:
            circ_prefix = any(self.circumfix in affix.flags for affix in prefixes)
            circ_suffix = any(self.circumfix in affix.flags for affix in suffixes)
            if circ_prefix != circ_suffix:
                return None
        if self.forbidden and any(self.forbidden in affix.flags for affix in affixes):
            return False
        return True

    def expand(self, stem: str, flags: frozenset[str] | set[str]) -> Iterator[tuple[str, bool]]:
        """Yield ``(form, allowed)`` for one dictionary entry; ``allowed`` is False for forbidden forms."""
        entry_forbidden = bool(self.forbidden and self.forbidden in flags)

        def emit(form: str, prefixes: tuple, suffixes: tuple) -> Iterator[tuple[str, bool]]:
            verdict = self._verdict(prefixes, suffixes)
            if verdict is not None:
                yield form, verdict and not entry_forbidden

        if not (self.needaffix and self.needaffix in flags):
            yield stem, not entry_forbidden

        for suffix in self._suffixes_of(flags):
            first = self._add_suffix(stem, suffix)
            if first is None:
                continue
            yield from emit(first, (), (suffix,))
            # Two-fold suffixes: the first suffix's continuation flags allow an outer suffix.
            for outer in self._suffixes_of(suffix.flags):
                second = self._add_suffix(first, outer)
                if second is None:
                    continue
                yield from emit(second, (), (suffix, outer))
                if suffix.crossproduct and outer.crossproduct:
                    for prefix in self._prefixes_of(set(flags) | suffix.flags | outer.flags):
                        if prefix.crossproduct:
                            full = self._add_prefix(second, prefix)
                            if full is not None:
                                yield from emit(full, (prefix,), (suffix, outer))
            # Prefix on the suffixed form: the prefix's condition is read on that form, as
            # Hunspell strips the prefix first when it checks a word.
            if suffix.crossproduct:
                for prefix in self._prefixes_of(set(flags) | suffix.flags):
                    if prefix.crossproduct:
                        full = self._add_prefix(first, prefix)
                        if full is not None:
                            yield from emit(full, (prefix,), (suffix,))

        for prefix in self._prefixes_of(flags):
            alone = self._add_prefix(stem, prefix)
            if alone is None:
                continue
            yield from emit(alone, (prefix,), ())
            if not prefix.crossproduct:
                continue
            # Suffixes enabled by the prefix's continuation flags only (those of the entry itself
            # were combined above): Grammalecte's kilo-, méga-… carry the plural flag this way.
            for suffix in self._suffixes_of(prefix.flags - set(flags)):
                if not suffix.crossproduct:
                    continue
                suffixed = self._add_suffix(stem, suffix)
                if suffixed is None:
                    continue
                full = self._add_prefix(suffixed, prefix)
                if full is not None:
                    yield from emit(full, (prefix,), (suffix,))


def scrabble_form(form: str) -> str | None:
    """The Scrabble spelling of a generated form, or None for proper nouns, acronyms and non-words.

        >>> scrabble_form("cœur"), scrabble_form("Paris"), scrabble_form("aujourd'hui")
        ('COEUR', None, None)
    """
    # A capital first letter marks proper nouns and acronyms; any non-letter (hyphen,
    # apostrophe, dot, digit, space) fails the A-to-Z test inside normalize_word.
    if not form or form[0].isupper() or form != form.strip():
        return None
    return normalize_word(form)


def entry_is_word(tags: Iterable[str]) -> bool:
    """Whether a Grammalecte entry, given its ``po:`` tags, gives words to play.

        >>> entry_is_word({"nom", "titr"}), entry_is_word({"titr"}), entry_is_word({"mg", "prep", "err"})
        (True, False, False)

    Dropped: error forms, and entries whose every reading is a title or a suffix. An entry with no
    tag at all (rare, a plain spelling) is a word.
    """
    tags = set(tags)
    if ERROR_TAG in tags:
        return False
    return not tags or not tags <= NOT_A_WORD_TAGS


def entry_is_bare_prefix(tags: Iterable[str]) -> bool:
    """Whether every reading of an entry is a prefix (anglo, anti, http…): not a word alone.

        >>> entry_is_bare_prefix({"pfx"}), entry_is_bare_prefix({"nom", "pfx"})
        (True, False)
    """
    return set(tags) == {PREFIX_TAG}


@dataclass(frozen=True)
class Step:
    """One step of the French build: the counts before and after, and examples of what changed."""

    name: str
    before: int
    after: int
    removed_count: int = 0
    added_count: int = 0
    removed: tuple[str, ...] = ()
    added: tuple[str, ...] = ()

    @staticmethod
    def between(name: str, before: set[str], after: set[str], examples: int = 12) -> Step:
        """The step from ``before`` to ``after``, with evenly spread examples (sorted, so reproducible)."""

        def spread(words: set[str]) -> tuple[str, ...]:
            ordered = sorted(words)
            if len(ordered) <= examples:
                return tuple(ordered)
            stride = len(ordered) / examples
            return tuple(ordered[int(i * stride)] for i in range(examples))

        removed, added = before - after, after - before
        return Step(
            name, len(before), len(after), len(removed), len(added), spread(removed), spread(added)
        )


def two_letter_step(words: set[str]) -> set[str]:
    """Two-letter words: exactly the official list, plus RI and VS when the source has them.

        >>> sorted(w for w in two_letter_step({"AB", "RI", "MAISON"}) if len(w) == 2)[:4]
        ['AA', 'AH', 'AI', 'AN']
        >>> "AB" in two_letter_step({"AB"}), "RI" in two_letter_step({"RI"}), "VS" in two_letter_step(set())
        (False, True, False)

    Grammalecte's other two-letter entries are pieces of Latin locutions (AB, AD, ID) or
    abbreviations (CF, LN, PT): no Scrabble list takes them.
    """
    longer = {word for word in words if len(word) != 2}
    kept = {word for word in words if word in KEPT_TWO_LETTER_WORDS}
    return longer | kept | set(OFFICIAL_TWO_LETTER_WORDS)


def abbreviation_step(words: set[str], bare_prefixes: set[str]) -> set[str]:
    """Drop the abbreviations and symbols, and the prefixes that are only prefixes.

        >>> sorted(abbreviation_step({"ETC", "HTTP", "ANGLO", "MAISON", "VS"}, {"ANGLO"}))
        ['MAISON', 'VS']
    """
    protected = set(OFFICIAL_TWO_LETTER_WORDS) | KEPT_TWO_LETTER_WORDS
    dropped = (ABBREVIATIONS | bare_prefixes) - protected
    return words - dropped


@dataclass
class FrenchBuild:
    """The French list and what each step did."""

    words: list[str]
    steps: list[Step]
    # Not a step: what the former morphology rule (drop any entry with a title or suffix reading)
    # would have kept, against what today's rule keeps.
    former_rule: Step
    stats: dict[str, int]


def build_french(package: Package) -> FrenchBuild:
    """The sorted French list, built step by step, with the counts of each step."""
    from spylls.hunspell import Dictionary

    base = package.root / "usr" / "share" / "hunspell" / "fr"
    dictionary = Dictionary.from_files(str(base))
    expander = Expander(dictionary.aff)
    stats = {"entries": 0, "keepcase": 0, "morphology": 0, "forms": 0}
    # Forms by the kind of entry that gives them: a form any word entry gives is a word, whatever
    # other entries say about the same spelling.
    every: dict[str, set[str]] = {"word": set(), "prefix": set(), "not_word": set(), "plain": set()}
    forbidden: set[str] = set()
    for entry in dictionary.dic.words:
        stats["entries"] += 1
        # KEEPCASE entries are unit symbols (m, g, ha, Pa…): with the SI-prefix flags they make
        # about 160 two-letter non-words (KM, KG, CM…).
        if expander.keepcase and expander.keepcase in entry.flags:
            stats["keepcase"] += 1
            continue
        tags = entry.data.get("po", ())
        if not entry_is_word(tags):
            kind = "not_word"
            stats["morphology"] += 1
        elif entry_is_bare_prefix(tags):
            kind = "prefix"
        else:
            kind = "word"
        # The entries the former rule dropped (any title or suffix reading) although they are words.
        titled = kind == "word" and bool(NOT_A_WORD_TAGS.intersection(tags))
        for form, ok in expander.expand(entry.stem, entry.flags):
            stats["forms"] += 1
            if ok:
                every[kind].add(form)
                if kind == "word" and not titled:
                    every["plain"].add(form)
            else:
                forbidden.add(form)

    def scrabble_words(forms: set[str]) -> set[str]:
        return {word for form in forms - forbidden if (word := scrabble_form(form))}

    words = scrabble_words(every["word"])
    prefixes = scrabble_words(every["prefix"]) - words
    generated = words | prefixes | scrabble_words(every["not_word"])
    steps: list[Step] = []

    current = words | prefixes
    steps.append(Step.between("morphologie", generated, current))
    # Measured apart: what the former rule (drop every entry with a title or suffix reading) lost.
    plain = scrabble_words(every["plain"]) | prefixes
    former_rule = Step.between("titres (règle d'avant → règle d'aujourd'hui)", plain, current)
    after = two_letter_step(current)
    steps.append(Step.between("deux lettres", current, after))
    current = after
    after = abbreviation_step(current, prefixes)
    steps.append(Step.between("abréviations", current, after))
    return FrenchBuild(sorted(after), steps, former_rule, stats)


def build_english(package: Package) -> list[str]:
    folder = package.root / "usr" / "share" / "dict" / "scowl"
    words: set[str] = set()
    for category in SCOWL_CATEGORIES:
        for size in SCOWL_SIZES:
            path = folder / f"{category}.{size}"
            if not path.exists():
                continue
            # SCOWL 2020 is UTF-8 (older releases were Latin-1).
            for line in path.read_text(encoding="utf-8").splitlines():
                word = scrabble_form(line.strip())
                if word is None:
                    continue
                if len(word) == 2 and not VOWELS.intersection(word) and word not in ENGLISH_TWO_LETTER_NO_VOWEL:
                    continue
                words.add(word)
    return sorted(words)


def write_list(words: list[str], path: Path) -> Output:
    """Write one word a line, gzip -9, no file name and a zero time stamp: the same words give the same bytes."""
    data = gzip.compress(("\n".join(words) + "\n").encode("ascii"), compresslevel=9, mtime=0)
    path.write_bytes(data)
    return Output(path, len(words), hashlib.sha256(data).hexdigest())


def write_readme(
    folder: Path,
    french: Package,
    english: Package,
    fr: Output,
    en: Output,
    build: FrenchBuild,
) -> None:
    """Write ``README.md`` (in French, like the folder's name) from the facts of this build."""

    def count(value: int) -> str:
        return f"{value:,}".replace(",", "\u202f")

    step_lines = "\n".join(
        f"| {step.name} | {count(step.before)} | {count(step.after)} | "
        f"{count(step.removed_count)} | {count(step.added_count)} | "
        f"{', '.join(step.removed[:6]) or '—'} | {', '.join(step.added[:9]) or '—'} |"
        for step in build.steps
    )
    former = build.former_rule
    two_letters = " ".join(sorted(set(OFFICIAL_TWO_LETTER_WORDS) | KEPT_TWO_LETTER_WORDS))
    abbreviations = textwrap.fill(
        " ".join(sorted(ABBREVIATIONS)), width=95, initial_indent=" " * 9, subsequent_indent=" " * 9
    ).lstrip()

    text = f"""# Listes de mots livrées avec scrabble_fr

Ces listes sont **libres** : elles servent quand le joueur n'a pas branché sa propre liste.
La liste française n'est **pas** l'Officiel du Scrabble (ODS, Larousse / FISF), qui est protégé
et n'est jamais livré ici ; c'est une liste libre proche de l'ODS (voir *Mesures* plus bas :
environ 92 % de l'ODS, pas l'ODS). Un joueur qui possède l'ODS l'ajoute en une commande
(`scrabble-fr lexiques ajouter ods.txt --nom ODS --defaut`) ; une liste de mots en plus peut
s'ajouter à n'importe quelle liste.

Format des deux fichiers : un mot par ligne, 2 à 15 lettres A à Z en capitales, sans accent
(É→E, Ç→C, Œ→OE, Æ→AE, ß→SS), triés, sans doublon, fins de ligne `\\n`, compressés en gzip.

## `fr.txt.gz` — français ({count(fr.count)} mots)

- Origine : dictionnaire orthographique de Grammalecte, version 7.0, édition « Toutes
  variantes » (comprehensive : orthographe classique et réformée), par les contributeurs de
  Dicollecte / Grammalecte (https://grammalecte.net) ;
- tiré du paquet Debian `{french.name}`, version `{french.version}` ;
- licence : Mozilla Public License 2.0, texte complet dans `LICENCE-MPL-2.0.txt` ; la liste
  reste sous MPL-2.0, le reste du projet a sa propre licence.
- Formes : toutes les formes fléchies (conjugaisons comprises) sont engendrées à partir du
  couple `.dic`/`.aff` ; sont écartés les symboles d'unités (drapeau KEEPCASE : KM, KG, CM…), les
  noms propres et sigles (initiale capitale) et tout mot contenant autre chose que des lettres
  (trait d'union, apostrophe, point, chiffre, espace).
- Étapes, dans l'ordre (nombre de mots avant et après, exemples ; chaque étape part du nombre où
  la précédente s'arrête) :

| étape | avant | après | retirés | ajoutés | exemples retirés | exemples ajoutés |
|---|---|---|---|---|---|---|
{step_lines}

  1. *morphologie* : une entrée est retirée seulement si c'est une forme fautive (po:err) ou si
     toutes ses lectures sont des titres ou des suffixes (po:titr, po:sfx) ; un nom commun qui
     est aussi un titre reste (MONSIEUR, MADAME, MADEMOISELLE, MAITRE, PAPA, MAMAN, DOCTEUR,
     PROFESSEUR…). La règle d'avant retirait toute entrée ayant une lecture de titre ou de
     suffixe : elle gardait {count(former.before)} mots au lieu de {count(former.after)}, soit
     {count(former.added_count)} de moins ({", ".join(former.added[:9])}…).
  2. *deux lettres* : exactement la liste officielle des mots de deux lettres du Scrabble
     francophone, publique (la Fédération française de Scrabble, la FISF et les clubs la
     publient pour que les joueurs l'apprennent), plus RI (participe de rire) et VS que
     Grammalecte a :

         {two_letters}

     Les autres entrées de deux lettres de Grammalecte sont des
     morceaux de locutions latines (AB, AD, ID) ou des abréviations (CF, LN, PT).
  3. *abréviations* : abréviations et symboles que Grammalecte écrit en minuscules, et entrées
     dont la seule lecture est une abréviation (un nom ou un adverbe sans pluriel, tronqué d'un
     mot plus long : ENV pour environ, OCT pour octobre, DIV pour divers) ou un symbole
     mathématique (SIN, COSH, ARCTAN) ; une graphie qu'une autre entrée donne aussi comme mot
     reste (TEL, COS, LAT, LOG, TAN, MIN) :

         {abbreviations}

     et les préfixes qui ne sont que des préfixes (ANGLO, HTTP, SEMI…).
- Il n'y a plus d'étape *attestation* : jusqu'en novembre 2026, un mot de 8 lettres au plus
  n'était gardé que si un autre lexique français libre le connaissait. Ce filtre retirait
  11 276 mots, dont environ 4 800 de l'ODS (AERIUM, AMYLOIDE, BUFFER, DULCITOL, ELANDS, FOVEAL,
  KALMIAS, QAT, REDOX, SCAPULA, SHEKEL, WOK, MUG…), et faisait perdre des tops de parties
  réelles (voir *Mesures*) : il a été retiré.
- Il lui manque des gentilés et des mots rares ; elle a en plus des verbes familiers et leurs
  conjugaisons, des anglicismes (NEW…) et de longs composés de chimie et d'unités.
- Empreinte sha256 : `{fr.sha256}`

## Mesures

- **Part de l'ODS** : mesurée contre l'ODS5 (378 975 mots ; jamais livré ni gardé ici), la
  liste Grammalecte de 405 793 mots (règle des titres d'avant, sans les étapes 2 et 3)
  contenait 91,6 % de l'ODS5, et 14,5 % de ses mots n'y étaient pas. La liste livrée n'en
  diffère que d'une centaine de mots (étapes ci-dessus) ; cette part n'a pas été mesurée de
  nouveau, faute d'ODS sur la machine de construction.
- **Tops des parties publiées** (mesuré le 25 novembre 2026, `benchmarks/compare_sheets.py`) :
  sur les neuf parties de duplicate publiées rangées dans `benchmarks/parties/` (tirages et
  tops recopiés des pages du club de Hiersac, huit parties dont quatre « parties joker » où
  chaque tirage a un joker, et du site Duel de mots, la deuxième partie du festival d'Aix 2002 ;
  adresse en tête de chaque fichier ; jouées avec l'ODS de leur époque), le nombre de coups où
  le meilleur coup trouvé avec la liste marque autant que le top publié :

{MEASURED_TOPS}

  Une modification de la liste qui fait trouver moins de tops n'est pas livrée.

## `en.txt.gz` — anglais ({count(en.count)} mots)

- Origine : SCOWL (Spell Checker Oriented Word Lists) de Kevin Atkinson et ses sources
  (http://wordlist.aspell.net) ;
- tiré du paquet Debian `{english.name}`, version `{english.version}` ;
- licence : celle de SCOWL (permissive, à la manière MIT), avis complet dans
  `SCOWL-COPYRIGHT.txt`, à garder avec la liste.
- Choix : tailles 10 à 80 ; catégories « words » de toutes les orthographes (english, american,
  british, british_z, canadian, australian) et des variantes de niveaux 1 et 2 (les listes de
  tournoi acceptent toutes les orthographes et les variantes courantes) ; ni noms propres, ni
  abréviations, ni contractions, ni mots à majuscule. Les entrées de deux lettres sans voyelle
  (CS, KB, MS…) sont des abréviations et sont retirées, sauf HM, MM et SH.
- Ce n'est ni TWL ni Collins (listes protégées) ; aucune liste libre équivalente n'existe.
- Empreinte sha256 : `{en.sha256}`

## Régénérer

Sur Debian ou Ubuntu (`apt-get` et `dpkg` nécessaires), avec l'outil de développement spylls
(`pip install spylls`, jamais une dépendance du jeu) :

    python tools/construire_lexiques.py

Le script télécharge les paquets Debian avec `apt-get download`, les déballe dans un dossier
temporaire, réécrit
les fichiers de ce dossier et affiche le nombre de mots à chaque étape et l'empreinte sha256 de
chaque liste. Deux exécutions donnent des fichiers identiques octet pour octet (gzip sans nom de
fichier ni date).
"""
    (folder / "README.md").write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Construit lexiques/fr.txt.gz et lexiques/en.txt.gz.")
    parser.add_argument("--sortie", type=Path, default=ROOT / "lexiques", help="dossier de sortie")
    parser.add_argument(
        "--debs", type=Path, default=None, help="dossier contenant les .deb déjà téléchargés"
    )
    args = parser.parse_args(argv)
    out: Path = args.sortie
    out.mkdir(parents=True, exist_ok=True)

    with tempfile.TemporaryDirectory(prefix="lexiques-") as temp:
        workdir = Path(temp)
        french = fetch_package(FRENCH_PACKAGE, workdir, args.debs)
        english = fetch_package(ENGLISH_PACKAGE, workdir, args.debs)
        build = build_french(french)
        en_words = build_english(english)
        fr = write_list(build.words, out / "fr.txt.gz")
        en = write_list(en_words, out / "en.txt.gz")

        shutil.copyfile(MPL_TEXT, out / "LICENCE-MPL-2.0.txt")
        shutil.copyfile(
            english.root / "usr" / "share" / "doc" / "scowl" / "copyright", out / "SCOWL-COPYRIGHT.txt"
        )
        write_readme(out, french, english, fr, en, build)

    stats = build.stats
    print(
        f"{french.label}: {stats['entries']} entrées, {stats['keepcase']} KEEPCASE et "
        f"{stats['morphology']} fautives, titres ou suffixes écartées, {stats['forms']} formes engendrées"
    )
    for step in (*build.steps, build.former_rule):
        print(f"{step.name}: {step.before} -> {step.after}")
        print(f"  retirés ({step.removed_count}): {' '.join(step.removed)}")
        print(f"  ajoutés ({step.added_count}): {' '.join(step.added)}")
    for result in (fr, en):
        print(f"{result.path.name}: {result.count} mots, sha256 {result.sha256}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Build the shipped word lists ``lexiques/fr.txt.gz`` and ``lexiques/en.txt.gz`` from Debian packages.

French: every inflected form of Grammalecte's Hunspell dictionary (package
``hunspell-fr-comprehensive``, MPL-2.0), expanded here from the parsed affix rules. English: SCOWL
(package ``scowl``). Both are normalised for Scrabble, sorted and gzipped reproducibly, so running
the script twice gives the same bytes. Needs ``apt-get`` and ``dpkg`` (Debian or Ubuntu) and the
development-only package ``spylls`` (``pip install spylls``), which parses the ``.aff``/``.dic`` pair.

    $ python tools/construire_lexiques.py
    fr.txt.gz: 405793 mots, sha256 f1bd0b89…

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
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scrabble_fr.lexicon.normalize import normalize_word  # noqa: E402

FRENCH_PACKAGE = "hunspell-fr-comprehensive"
ENGLISH_PACKAGE = "scowl"
MPL_TEXT = Path("/usr/share/common-licenses/MPL-2.0")

# Grammalecte morphology: po:err marks misspellings kept for the grammar checker, po:titr titles
# (Dr, Mme…), po:sfx bare suffixes. None of them is a word to play.
EXCLUDED_POS = frozenset({"err", "titr", "sfx"})

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

# The two-letter words of the current official French list: only their presence is counted.
ODS_TWO_LETTER_WORDS = tuple(
    "AA AH AI AN AS AU AY BA BE BI BU CA CE CI DA DE DO DU EH EN ES ET EU EX FA FI GO HA HE HI HO "
    "IF IL IN JA JE KA LA LE LI LU MA ME MI MU NA NE NI NO NU OC OH OM ON OR OS OU PI PU QI RA RE "
    "RU SA SE SI SU TA TE TU UN US UT VA VE VU WU XI".split()
)


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


def build_french(package: Package) -> tuple[list[str], dict[str, int]]:
    """The sorted French list and a few counts explaining what was dropped."""
    from spylls.hunspell import Dictionary

    base = package.root / "usr" / "share" / "hunspell" / "fr"
    dictionary = Dictionary.from_files(str(base))
    expander = Expander(dictionary.aff)
    allowed: set[str] = set()
    forbidden: set[str] = set()
    stats = {"entries": 0, "keepcase": 0, "morphology": 0, "forms": 0}
    for entry in dictionary.dic.words:
        stats["entries"] += 1
        # KEEPCASE entries are unit symbols (m, g, ha, Pa…): with the SI-prefix flags they make
        # about 160 two-letter non-words (KM, KG, CM…).
        if expander.keepcase and expander.keepcase in entry.flags:
            stats["keepcase"] += 1
            continue
        if EXCLUDED_POS.intersection(entry.data.get("po", ())):
            stats["morphology"] += 1
            continue
        for form, ok in expander.expand(entry.stem, entry.flags):
            stats["forms"] += 1
            (allowed if ok else forbidden).add(form)
    words = {word for form in allowed - forbidden if (word := scrabble_form(form))}
    # Grammalecte's other two-letter entries are pieces of Latin locutions (AB, AD, ID) or
    # abbreviations (CF, LN, PT, VS) written in lower case: no Scrabble list takes them. The
    # public list of two-letter words only removes entries here, it never adds one.
    junk = {word for word in words if len(word) == 2 and word not in ODS_TWO_LETTER_WORDS}
    stats["two_letter_dropped"] = len(junk)
    return sorted(words - junk), stats


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
    folder: Path, french: Package, english: Package, fr: Output, en: Output, fr_words: list[str]
) -> None:
    """Write ``README.md`` (in French, like the folder's name) from the facts of this build."""
    present = set(fr_words)
    missing = [word for word in ODS_TWO_LETTER_WORDS if word not in present]

    def count(value: int) -> str:
        return f"{value:,}".replace(",", "\u202f")

    text = f"""# Listes de mots livrées avec scrabble_fr

Ces listes sont **libres** : elles servent quand le joueur n'a pas branché sa propre liste.
La liste française n'est **pas** l'Officiel du Scrabble (ODS, Larousse / FISF), qui est protégé
et n'est jamais livré ici ; c'est une liste libre qui contient environ 92 % des mots de l'ODS et
quelques mots qu'il n'a pas. Un joueur qui possède l'ODS peut le brancher à la place (fichier
texte, un mot par ligne) ; une liste de mots en plus peut s'ajouter à n'importe quelle liste.

Format des deux fichiers : un mot par ligne, 2 à 15 lettres A à Z en capitales, sans accent
(É→E, Ç→C, Œ→OE, Æ→AE, ß→SS), triés, sans doublon, fins de ligne `\\n`, compressés en gzip.

## `fr.txt.gz` — français ({count(fr.count)} mots)

- Origine : dictionnaire orthographique de Grammalecte, version 7.0, édition « Toutes
  variantes » (comprehensive : orthographe classique et réformée), par les contributeurs de
  Dicollecte / Grammalecte (https://grammalecte.net) ;
- tiré du paquet Debian `{french.name}`, version `{french.version}` ;
- licence : Mozilla Public License 2.0, texte complet dans `LICENCE-MPL-2.0.txt` ; la liste
  reste sous MPL-2.0, le reste du projet a sa propre licence.
- Transformation : toutes les formes fléchies (conjugaisons comprises) sont engendrées à partir
  du couple `.dic`/`.aff` ; sont retirés les symboles d'unités (drapeau KEEPCASE : KM, KG, CM…),
  les formes marquées po:err, po:titr et po:sfx, les noms propres et sigles (initiale
  capitale), tout mot contenant autre chose que des lettres (trait d'union, apostrophe, point,
  chiffre, espace), et les entrées de deux lettres absentes de la liste publique des mots de deux
  lettres (morceaux de locutions latines comme AB, AD, ID ; abréviations comme CF, LN, PT, VS).
- Mots de deux lettres de l'ODS actuel présents : {len(ODS_TWO_LETTER_WORDS) - len(missing)} sur
  {len(ODS_TWO_LETTER_WORDS)} (absents : {", ".join(missing)}). Il lui manque aussi des gentilés et
  quelques mots rares ; elle a en plus des verbes familiers et leurs conjugaisons, des
  anglicismes et de longs composés de chimie et d'unités.
- Empreinte sha256 : `{fr.sha256}`

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

Le script télécharge les deux paquets avec `apt-get download`, les déballe avec `dpkg -x` dans
un dossier temporaire, réécrit les fichiers de ce dossier et affiche le nombre de mots et
l'empreinte sha256 de chaque liste. Deux exécutions donnent des fichiers identiques octet pour
octet (gzip sans nom de fichier ni date).
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

        fr_words, stats = build_french(french)
        en_words = build_english(english)
        fr = write_list(fr_words, out / "fr.txt.gz")
        en = write_list(en_words, out / "en.txt.gz")

        shutil.copyfile(MPL_TEXT, out / "LICENCE-MPL-2.0.txt")
        shutil.copyfile(
            english.root / "usr" / "share" / "doc" / "scowl" / "copyright", out / "SCOWL-COPYRIGHT.txt"
        )
        write_readme(out, french, english, fr, en, fr_words)

    print(
        f"{french.label}: {stats['entries']} entrées, {stats['keepcase']} KEEPCASE et "
        f"{stats['morphology']} po:err/titr/sfx écartées, {stats['forms']} formes engendrées"
    )
    for result in (fr, en):
        print(f"{result.path.name}: {result.count} mots, sha256 {result.sha256}")
    present = set(fr_words)
    found = sum(word in present for word in ODS_TWO_LETTER_WORDS)
    print(f"mots de deux lettres de l'ODS présents (fr): {found}/{len(ODS_TWO_LETTER_WORDS)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

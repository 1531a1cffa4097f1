"""Help (the rules and the keys), settings, and the word tools (check a word, find a tirage)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import (
    Button,
    Footer,
    Input,
    Label,
    Markdown,
    MarkdownViewer,
    OptionList,
    Select,
    Static,
    TabbedContent,
    TabPane,
    Tree,
)
from textual.widgets.markdown import MarkdownBlock, MarkdownTableOfContents
from textual.widgets.option_list import Option

from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.wordlist import WordList
from scrabble_fr.i18n import N_, _, get_language, ngettext
from scrabble_fr.match import Match, verification_options
from scrabble_fr.match.config import Verification
from scrabble_fr.messages import describe, system_error_text
from scrabble_fr.resources import data_path
from scrabble_fr.tui.bindings import LocalizedBindings
from scrabble_fr.tui.requests import SetVerification, SwitchLanguage
from scrabble_fr.tui.widgets.forms import align_labels

if TYPE_CHECKING:
    from scrabble_fr.lexicon.tools import WordTools


def keys_help(notation: str, confined: bool = False) -> str:
    """The keys and the command line, with examples in ``notation`` (the rules' coordinates);
    ``confined``: what a browser's visitor does not have (see :mod:`scrabble_fr.tui.policy`)."""
    across, down = ("H8", "8H") if notation == "fr" else ("8H", "H8")
    served = ["", _("**In a browser served by a club host**: no settings (F9) and no other game here; the word "
                    "tools (F7) only at a table that allows them. The host changes the settings on their own "
                    "command line.")] if confined else []
    return "\n".join(
        [
            "# " + _("Keys"),
            "",
            _("**On the board** (F8 to go there): arrows move the cursor, a letter places a rack tile and "
              "moves on, space switches across/down, Backspace takes the last tile back, ? then a letter "
              "places a blank, Enter announces the move, Escape clears it."),
            "",
            _("**On the command line**: `{across} WORD` (across), `{down} WORD` (down), `pass`, `exchange ABC`, "
              "`PLACE - 8 8 WORD`, `challenge`, `accept`. A blank is a lowercase letter: `WoRD`.").format(
                across=across, down=down),
            "",
            _("**With the mouse**: click a rack tile, then a square."),
            "",
            _("**Keys**: F1 help, F2 challenge, F3 accept, F4 exchange, F5 pass, F6 hint, F7 word tools, "
              "F8 board or command line, F9 settings, Ctrl+Z undo, Ctrl+L the game's messages, Ctrl+P every "
              "command, Ctrl+Q quit."),
            "",
            _("**In every dialog**: Tab and Shift+Tab move between the controls, the arrows within a list, "
              "Space or Enter choose, Escape closes."),
            *served,
        ]
    )


def rules_text() -> str:
    name = "rules.md" if get_language() == "en" else "regles.md"
    path = data_path(name)
    if not path.exists():
        path = data_path("regles.md")
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return _("The rules file could not be read.")


class RulesDocument(Markdown):
    """The rules' text. Textual restyles a widget and all its descendants when its focus changes;
    no rule styles the text's blocks by the document's focus, so only the document itself is
    restyled: the French rules make some 450 blocks, and restyling them all on every move of the
    focus made each key in the help lag by a third of a second."""

    def watch_has_focus(self, _has_focus: bool) -> None:
        self.app.stylesheet.update_nodes([self], animate=True)


class RulesViewer(MarkdownViewer):
    """The rules with a table of contents of their sections. The document's own title is left
    out of the table (it would make the table as wide as itself).

    The text is laid out when first asked for (:meth:`load`), not with the help: its some 450
    blocks made most of the second that F1 took, and most visits to the help read the keys."""

    def __init__(self, markdown: str, **kwargs: Any) -> None:
        super().__init__(None, **kwargs)
        self.markdown = markdown
        self.sections: list[tuple[int, str, str]] = []  # (level, title, block id), as in the table
        self._asked = False
        self._laid_out = asyncio.Event()

    async def load(self) -> None:
        """Lay the text out, once, and wait until its sections are known (whoever asks first
        lays it out; the others wait for the same)."""
        if not self._asked:
            self._asked = True
            await self.document.update(self.markdown)
        await self._laid_out.wait()

    def compose(self) -> ComposeResult:
        document = RulesDocument()
        document.can_focus = True  # as MarkdownViewer's own: the text scrolls by keyboard
        yield document
        yield MarkdownTableOfContents(document)

    def watch_show_table_of_contents(self, show_table_of_contents: bool) -> None:
        # Only the table's display follows this class (MarkdownViewer's CSS): restyle the viewer
        # and the table, not the text's hundreds of blocks as a class change would.
        self.set_class(show_table_of_contents, "-show-table-of-contents", update=False)
        nodes = [self, *(node for table in self.query(MarkdownTableOfContents)
                         for node in table.walk_children(with_self=True))]
        if self.is_attached:
            self.app.stylesheet.update_nodes(nodes, animate=True)

    def on_markdown_table_of_contents_updated(self, message: Markdown.TableOfContentsUpdated) -> None:
        entries = list(message.table_of_contents)
        if sum(1 for level, _name, _block in entries if level == 1) == 1:
            entries = [(level - 1, name, block) for level, name, block in entries if level > 1]
        self.table_of_contents.table_of_contents = entries
        self.sections = [(level, name, block) for level, name, block in entries if block is not None]
        message.prevent_default()
        message.stop()
        if self._asked:  # not the empty document the viewer starts with
            self._laid_out.set()

    def go_to(self, block_id: str) -> None:
        """Scroll the section whose heading has ``block_id`` to the top."""
        self.scroll_to_widget(self.query_one(f"#{block_id}", MarkdownBlock), top=True, animate=False)


class ContentsScreen(LocalizedBindings, ModalScreen[str | None]):
    """The rules' sections over the help at a narrow width, where a table beside the text would
    leave it a strip: Enter goes to one, Escape (or T) goes back where the text was."""

    KEYS = [("escape,t", "back", N_("Back"), True)]

    def __init__(self, sections: list[tuple[int, str, str]]) -> None:
        super().__init__()
        self.sections = sections

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="contents"):
            yield Label(_("Contents"), classes="dialog-title")
            yield OptionList(*[Option("   " * (level - 1) + name, id=block) for level, name, block in self.sections],
                             id="contents-list")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_back(self) -> None:
        self.dismiss(None)


class HelpScreen(LocalizedBindings, Screen[None]):
    """The keys and the rules. From ``WIDE`` columns on the rules' table of contents stays beside
    them (T goes there, T again hides it); under ``WIDE`` the text keeps the whole width and T
    lists the sections over it."""

    KEYS = [("escape,f1", "app.pop_screen", N_("Back"), True), ("t", "contents", N_("Contents"), True)]

    WIDE = 100

    def __init__(self, notation: str, confined: bool = False) -> None:
        super().__init__()
        self.notation = notation
        self.confined = confined  # a browser's visitor: the help says what it does not have
        self._wide: bool | None = None

    def compose(self) -> ComposeResult:
        with TabbedContent(id="help-tabs"):
            with TabPane(_("Keys"), id="help-keys"):
                yield MarkdownViewer(keys_help(self.notation, self.confined), show_table_of_contents=False)
            with TabPane(_("Rules"), id="help-rules"):
                yield RulesViewer(rules_text(), show_table_of_contents=False, id="rules")
        yield Footer(compact=True)

    @property
    def wide(self) -> bool:
        return self.size.width >= self.WIDE

    def on_resize(self, event: events.Resize) -> None:
        wide = event.size.width >= self.WIDE
        if wide != self._wide:  # the table follows the width when it crosses the line, not otherwise
            self._wide = wide
            self.query_one(RulesViewer).show_table_of_contents = wide

    async def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        if event.pane.id == "help-rules":
            await self.query_one(RulesViewer).load()

    async def action_contents(self) -> None:
        """The rules' sections: beside the text (shown or hidden) when wide, over it when narrow."""
        tabs = self.query_one(TabbedContent)
        rules = self.query_one(RulesViewer)
        opened = tabs.active != "help-rules"
        tabs.active = "help-rules"
        await rules.load()
        if not self.wide:
            self.app.push_screen(ContentsScreen(rules.sections), self._go_to)
            return
        tree = rules.table_of_contents.query_one(Tree)
        # T goes to the table (showing it if need be); pressed again there, it hides the table.
        rules.show_table_of_contents = opened or not (rules.show_table_of_contents and tree.has_focus)
        if rules.show_table_of_contents:
            if tree.cursor_line < 0:
                tree.cursor_line = 0  # Enter at once goes to the first section
            self.call_after_refresh(tree.focus)
        else:
            rules.document.focus(scroll_visible=False)

    def _go_to(self, block_id: str | None) -> None:
        rules = self.query_one(RulesViewer)
        rules.document.focus(scroll_visible=False)  # the whole text has the focus: no scrolling to its top
        if block_id:
            self.call_after_refresh(rules.go_to, block_id)  # once the help is the screen again


class SettingsScreen(LocalizedBindings, ModalScreen[None]):
    """Verification, language, default word list and theme, each showing its current value.
    Opening it changes nothing: a setting changes only when the player picks another value."""

    KEYS = [("escape", "app.pop_screen", N_("Back"), True)]

    def __init__(self, verification: str, lists_language: str, word_list: str | None) -> None:
        super().__init__()
        self.verification = verification
        self.lists_language = lists_language  # whose lists are offered: the game's, or the UI's
        self.word_list = word_list  # the list judging the game in progress, if any

    def compose(self) -> ComposeResult:
        app = self.app
        with Vertical(classes="dialog", id="settings"):
            yield Label(_("Settings"), classes="dialog-title")
            with Horizontal(classes="setting-row"):
                yield Label(_("Verification"))
                yield Select(verification_options(), value=self.verification, allow_blank=False, id="verification",
                             compact=True)
            with Horizontal(classes="setting-row"):
                yield Label(_("Language"))
                yield Select([("Français", "fr"), ("English", "en")], value=get_language(), allow_blank=False,
                             id="language", compact=True)
            with Horizontal(classes="setting-row"):
                yield Label(_("Default word list"))
                yield Select(self._word_lists(), value=self._default_list(), allow_blank=False, id="lexicon-default",
                             compact=True)
            if self.word_list:
                yield Static(_("This game's word list: {name}").format(name=self.word_list), id="game-list")
            with Horizontal(classes="setting-row"):
                yield Label(_("Theme"))
                themes = sorted(app.available_themes)
                yield Select([(name, name) for name in themes], value=app.theme, allow_blank=False, id="theme",
                             compact=True)
            yield Button(_("Close"), id="close", variant="primary")

    def on_mount(self) -> None:
        align_labels(self.query(".setting-row > Label").results(Label))  # « Liste de mots par défaut » whole
        self.query_one("#verification", Select).focus()

    @on(Select.Changed, "#verification")
    def _verification(self, event: Select.Changed) -> None:
        if str(event.value) != self.verification:
            self.verification = str(event.value)
            self.post_message(SetVerification(Verification(self.verification)))

    @on(Select.Changed, "#language")
    def _language(self, event: Select.Changed) -> None:
        if str(event.value) != get_language():
            self.post_message(SwitchLanguage(str(event.value)))

    def _language_of_lists(self) -> str:
        return self.lists_language

    def _word_lists(self) -> list[tuple[str, str]]:
        """The known lists of the language in play, by name (``scrabble-fr lexiques``)."""
        from scrabble_fr.lexicon.catalogue import Catalogue

        language = self._language_of_lists()
        return [(info.name, info.name) for info in Catalogue().lists() if info.language == language]

    def _default_list(self) -> str:
        from scrabble_fr.lexicon.catalogue import Catalogue

        return Catalogue().default_name(self._language_of_lists())

    @on(Select.Changed, "#lexicon-default")
    def _lexicon_default(self, event: Select.Changed) -> None:
        from scrabble_fr.engine.errors import ScrabbleError
        from scrabble_fr.lexicon.catalogue import Catalogue
        from scrabble_fr.messages import describe
        from scrabble_fr.tui.policy import Opening, refuses

        if refuses(self.app, Opening.SETTINGS):
            return  # the host's catalogue changes on the host's command line only
        catalogue = Catalogue()
        name = str(event.value)
        if name == catalogue.default_name(self._language_of_lists()):
            return
        try:
            info = catalogue.choose(name)
        except (ScrabbleError, OSError) as exc:
            error = describe(exc) if isinstance(exc, ScrabbleError) else (system_error_text(exc))
            self.app.notify(error, severity="error")
            return
        self.app.notify(_("Default word list: {name} (from the next game on)").format(name=info.name))

    @on(Select.Changed, "#theme")
    def _theme(self, event: Select.Changed) -> None:
        if str(event.value) != self.app.theme:
            self.app.theme = str(event.value)

    @on(Button.Pressed, "#close")
    def _close(self) -> None:
        self.dismiss(None)


class ToolsScreen(LocalizedBindings, ModalScreen[None]):
    """Check words against the active list, and find every word a tirage spells. During a game
    the look-ups go through the match, which notes them in the history (and refuses them in club
    mode); outside a game the active list answers directly."""

    KEYS = [("escape", "app.pop_screen", N_("Back"), True)]

    def __init__(self, match: Match | None, lexicon: WordList | None) -> None:
        super().__init__()
        # In a game the match answers (and notes each look-up); outside a game the list does.
        from scrabble_fr.lexicon.tools import WordTools  # the word graph's code: loaded when the tools open

        self.tools: Match | WordTools = match if match is not None else WordTools(lexicon)
        self.lexicon = match.lexicon if match is not None else lexicon

    def compose(self) -> ComposeResult:
        # The results scroll inside the dialog; the fields above them and « Close » below stay.
        with Vertical(classes="dialog", id="tools"):
            yield Label(_("Word tools"), classes="dialog-title")
            yield Static(id="tools-list")
            yield Input(placeholder=_("words to check, e.g. MAISON ZYTHUM"), id="check", compact=True)
            with VerticalScroll(id="check-scroll", can_focus=False):
                yield Static(id="check-result")
            yield Input(placeholder=_("letters of a rack, ? for a blank, e.g. AEINRS?"), id="tirage", compact=True)
            with VerticalScroll(id="tirage-scroll"):
                yield Static(id="tirage-result")
            yield Button(_("Close"), id="close", variant="primary", compact=True)

    def on_mount(self) -> None:
        name = self.lexicon.name if self.lexicon is not None else _("no word list")
        self.query_one("#tools-list", Static).update(_("Word list: {name}").format(name=name))
        self.query_one("#check", Input).focus()

    @on(Input.Submitted, "#check")
    def _check(self, event: Input.Submitted) -> None:
        result = self.query_one("#check-result", Static)
        try:
            found = self.tools.lookup(event.value.split())
        except ScrabbleError as exc:
            result.update(describe(exc))
            return
        result.update("\n".join((_("{word}: valid") if ok else _("{word}: not valid")).format(word=word)
                                for word, ok in found))

    @on(Input.Submitted, "#tirage")
    def _tirage(self, event: Input.Submitted) -> None:
        result = self.query_one("#tirage-result", Static)
        try:
            groups = self.tools.anagrams(event.value)
        except ScrabbleError as exc:
            result.update(describe(exc))
            return
        except ImportError:
            result.update(_("The tirage finder is not available."))
            return
        lines = []
        for length in sorted(groups, key=lambda n: (n not in (7, 8), -n)):
            words = groups[length]
            if words:
                shown = " ".join(words[:30]) + (" …" if len(words) > 30 else "")
                # « 6 lettres : FANEES », with the language's space before the colon.
                lines.append(ngettext("{n} letter: {words}", "{n} letters: {words}", length).format(
                    n=length, words=shown))
        result.update("\n".join(lines) or _("No word."))
        self.query_one("#tirage-scroll", VerticalScroll).scroll_home(animate=False)

    @on(Button.Pressed, "#close")
    def _close(self) -> None:
        self.dismiss(None)

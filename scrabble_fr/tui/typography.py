"""French typography on screen: a non-breaking space never breaks a line.

    >>> keep_non_breaking_spaces()
    True

French puts a non-breaking space before ``: ; ! ? %`` and inside « », so that « : 861 points »
never starts a line. Textual and Rich wrap text at any character Python calls white space, and
U+00A0 is one: left alone, a long message breaks right before its colon. The two word-splitting
patterns they wrap with are replaced here by the same patterns in which the non-breaking spaces
(U+00A0, U+202F, U+2007) belong to the word they join. This holds for every widget, notice and
dialog, in every language, without shortening a single sentence; a test scans every screen at
80 and 120 columns for a line starting with one of those signs. Should a future Textual or Rich
move these patterns, nothing breaks: the function says it could not apply them (False) and that
test fails.
"""

from __future__ import annotations

import re

_JOINING = "\u00a0\u202f\u2007"  # no-break, narrow no-break and figure spaces
_BREAKABLE = rf"[^\S{_JOINING}]"  # white space a line may break at
_WORD = rf"[\S{_JOINING}]"  # a character of a word, the joining spaces included


def keep_non_breaking_spaces() -> bool:
    """Make Textual's and Rich's line wrapping keep non-breaking spaces; True when both applied."""
    applied = 0
    try:
        from textual import _wrap as textual_wrap

        if hasattr(textual_wrap, "re_chunk"):
            textual_wrap.re_chunk = re.compile(rf"{_WORD}+{_BREAKABLE}*|{_BREAKABLE}+")
            applied += 1
    except ImportError:
        pass
    try:
        _keep_them_in_markdown()
    except (ImportError, AttributeError):
        pass
    try:
        from rich import _wrap as rich_wrap

        if hasattr(rich_wrap, "re_word"):
            rich_wrap.re_word = re.compile(rf"{_BREAKABLE}*{_WORD}+{_BREAKABLE}*")
            applied += 1
    except ImportError:
        pass
    return applied == 2


_MARK = "\ue000"  # a private-use character standing for U+00A0 while Markdown folds white space
_PATCHED: set[object] = set()  # Markdown's reader once patched: never patched twice


def _keep_them_in_markdown() -> None:
    # Textual's Markdown folds every run of white space of a paragraph into one plain space,
    # non-breaking ones included (the rules text, F1): they are hidden from it and put back.
    from textual.content import Content
    from textual.widgets._markdown import MarkdownBlock

    original = MarkdownBlock._token_to_content
    if original in _PATCHED:
        return

    def token_to_content(self: MarkdownBlock, token: object) -> Content:
        for child in getattr(token, "children", None) or ():
            if child.type == "text":
                child.content = child.content.replace("\u00a0", _MARK)
        content = original(self, token)  # type: ignore[arg-type]
        if _MARK not in content.plain:
            return content
        return Content(content.plain.replace(_MARK, "\u00a0"), list(content.spans))

    _PATCHED.add(token_to_content)
    MarkdownBlock._token_to_content = token_to_content  # type: ignore[method-assign]

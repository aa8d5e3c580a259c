"""How a document or a page cites the rules: one mapping from the code's clause keys to what a reader knows.

The code names clauses by short internal keys (``# 004 §5.7.3``, ``"003 «Куб удвоения» п.15"``,
``"001 art. 21.4"``; see /work/shared/RULES.md for the seed files they stand for). Nothing printed for a
reader carries those keys: every document and page passes them through :func:`cite` (Python) or the
``cite`` template filter and tag (``{% load rules %}``), which print the clause as the rule book is known:

* ``004 §5.7.3``            → «п. 5.7.3 Правил вида спорта «нарды»»
* ``004 §5.10, §2.4.2``     → «пп. 5.10, 2.4.2 Правил вида спорта «нарды»»
* ``004 §6.2.3 item 4``     → «подп. 4 п. 6.2.3 Правил вида спорта «нарды»»
* ``003 «Игральные кости» п. 2`` → «п. 2 раздела «Игральные кости» Правил проведения соревнований Лиги»
* ``001 art. 21.4``         → «п. 21.4 Правил вида спорта «нарды» (приказ Минспорта России № 347)»
* ``004``                   → «Правила вида спорта «нарды»»

The books (the seeds' own titles): 004 is the sport rules «нарды» of the professional league approved by
the Ministry of Sport's order of 15.07.2025 No. 561; 003 is the league's rules of conduct of a competition
(players' duties, clocks, dice, breaks, cube, protocols), cited by its section titles because its items are
numbered only within a section; 001 and 000 are the Ministry's earlier rules «нарды» (order No. 347), cited
by article and point. A text that is not a key (a clause a judge typed, «п. 3 Положения») is printed as is.
"""

from __future__ import annotations

import re

from django.utils.functional import lazy
from django.utils.translation import gettext as _

_BOOK = re.compile(r"^(?P<book>00[0-4])(?:\s+(?P<rest>.+))?$")
_PARAGRAPHS = re.compile(r"^§\s*(?P<first>\d+(?:\.\d+)*)(?P<more>(?:\s*,\s*§?\s*\d+(?:\.\d+)*)*)$")
_ITEM = re.compile(r"^§\s*(?P<clause>\d+(?:\.\d+)*)\s+item\s+(?P<item>\d+)$")
_ARTICLE = re.compile(r"^(?:art\.|§)\s*(?P<n>\d+(?:\.\d+)*)$")
_SECTION = re.compile(r"^«(?P<section>[^»]+)»\s*(?:п\.\s*(?P<item>\d+))?(?P<tail>:.*)?$")
# A key inside a text, in parentheses: "(004 §2.3.1)", "(003)".
_IN_TEXT = re.compile(r"\((00[0-4](?:\s[^()]*)?)\)")


def book_title(book: str) -> str:
    """The rule book's title as a reader knows it (nominative)."""
    titles = {
        "004": _("the sport rules «nardy»"),
        "003": _("the League's rules of conduct of competitions"),
        "001": _("the sport rules «nardy» (Ministry of Sport order No. 347)"),
        "000": _("the sport rules «nardy» (Ministry of Sport order No. 347)"),
    }
    return titles[book]


def book_full_title(book: str) -> str:
    """The title with its approval, for a document's list of the rules it applies."""
    if book == "004":
        return _("the sport rules «nardy» (approved by the Ministry of Sport's order of 15.07.2025 No. 561)")
    return book_title(book)


def _of_book(book: str) -> str:
    """The book in the genitive, after a clause number: «п. 5.7.3 Правил вида спорта «нарды»»."""
    titles = {
        "004": _("of the sport rules «nardy»"),
        "003": _("of the League's rules of conduct of competitions"),
        "001": _("of the sport rules «nardy» (Ministry of Sport order No. 347)"),
        "000": _("of the sport rules «nardy» (Ministry of Sport order No. 347)"),
    }
    return titles[book]


def parse(key: str) -> str | None:
    """The reader's citation of an internal key, or None when ``key`` is not one."""
    match = _BOOK.match(" ".join(str(key).split()))
    if match is None:
        return None
    book, rest = match["book"], (match["rest"] or "").strip()
    of = _of_book(book)
    if not rest:
        return book_title(book)
    if book in ("000", "001"):
        found = _ARTICLE.match(rest)
        if found is None:
            return None
        number = found["n"]
        if "." in number:
            return _("item %(n)s %(book)s") % {"n": number, "book": of}
        return _("article %(n)s %(book)s") % {"n": number, "book": of}
    found = _ITEM.match(rest)
    if found is not None:
        return _("sub-item %(i)s of item %(n)s %(book)s") % {
            "i": found["item"],
            "n": found["clause"],
            "book": of,
        }
    found = _PARAGRAPHS.match(rest)
    if found is not None:
        numbers = [found["first"], *re.findall(r"\d+(?:\.\d+)*", found["more"] or "")]
        if len(numbers) == 1:
            return _("item %(n)s %(book)s") % {"n": numbers[0], "book": of}
        return _("items %(n)s %(book)s") % {"n": ", ".join(numbers), "book": of}
    found = _SECTION.match(rest)
    if found is not None:
        tail = found["tail"] or ""
        if found["item"]:
            text = _("item %(i)s of the section «%(s)s» %(book)s") % {
                "i": found["item"],
                "s": found["section"],
                "book": of,
            }
        else:
            text = _("the section «%(s)s» %(book)s") % {"s": found["section"], "book": of}
        return text + tail
    return None


def cite(key: object) -> str:
    """How a reader knows the clause ``key``: the mapping above; anything else unchanged."""
    text = "" if key is None else str(key).strip()
    return parse(text) or text


cite_lazy = lazy(cite, str)


def cite_text(text: object) -> str:
    """A text with keys in parentheses, each printed as :func:`cite` prints it: «(004 §2.3.1)» →
    «(п. 2.3.1 Правил вида спорта «нарды»)». For reasons and notes people typed with a key in them."""

    def one(m: re.Match) -> str:
        found = parse(m[1])
        return f"({found})" if found else m[0]

    return _IN_TEXT.sub(one, "" if text is None else str(text))


INTERNAL_KEY = re.compile(r"\b00[0-4]\s*(?:§|art\.)|\(00[0-4]\)|\b00[0-4] «")
"""What a printed text must not contain (the tests hold documents and pages to it)."""

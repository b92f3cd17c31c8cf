"""``ui.session.plain``: text from a link or a student never becomes a link, an image or
formatting in Streamlit's Markdown (issue 17, point 6).

No Python renderer of GitHub-flavoured Markdown is installed, so the property is checked
on the structure that Streamlit's renderer (react-markdown, remark-gfm, Streamlit's icons
and emoji, all in its frontend bundle) needs to make something of the text:

* every character Markdown reads as markup is backslash-escaped, and there is no line
  break: no construct (link, image, HTML, emphasis, code, heading, list, table, math,
  directive, icon) can start;
* once the escapes are resolved (what a text node of the Markdown tree holds), the
  patterns with which remark-gfm finds bare URLs and e-mail addresses *after* the escapes
  (mdast-util-gfm-autolink-literal, copied from Streamlit 1.67's bundle) and the literals
  its tokenizer starts from (``www.``, ``http://``, ``x@``) find nothing;
* Streamlit's own rewrites find nothing: ``:material/`` (replaced in the source, escapes
  or not) and ``:shortcode:`` emoji (found after the escapes);
* the reader sees exactly the text (the joiners are invisible), line breaks as spaces.

tests/e2e/test_plain_text_e2e.py renders the same kind of text in real Chromium.
"""

from __future__ import annotations

import doctest
import re
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.link_payloads import PAYLOADS, payload
from ui import session
from ui.i18n import LANGUAGES, catalog
from ui.session import WORD_JOINER, plain

#: What Markdown (CommonMark, GFM, Streamlit's math and directives) reads as markup.
ACTIVE = set("\\`*_{}[]()<>#+-.!|~:$&")
#: remark-gfm's find-and-replace after the escapes are resolved (JS ``\w`` is ASCII).
GFM_URL = re.compile(r"(https?://|www(?=\.))([-.\w]+)([^ \t\r\n]*)", re.IGNORECASE | re.ASCII)
GFM_EMAIL = re.compile(r"([-.\w+]+)@([-\w]+(?:\.[-\w]+)+)", re.ASCII)
#: what its tokenizer starts a literal autolink from, in the source (newer versions add mailto: and xmpp:)
LITERAL_STARTS = re.compile(r"www\.|https?:/|[-.\w+]@|(mailto|xmpp):", re.IGNORECASE | re.ASCII)
EMOJI = re.compile(r":[\w+-]+:", re.ASCII)  # remark-emoji's, JavaScript's ASCII \w
LINE_BREAKS = re.compile(r"[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]")

markdownish = st.sampled_from(sorted(ACTIVE) + list("@/=^'\" \t\n\r") + ["www", "http", "https", "mailto", "ana"])
texts = st.one_of(
    st.text(max_size=80),
    st.sampled_from(PAYLOADS),
    st.randoms(use_true_random=False).map(payload),
    st.lists(st.one_of(markdownish, st.sampled_from(PAYLOADS), st.text(max_size=5)), max_size=12).map("".join),
)


def resolved(markdown: str) -> str:
    """A text node's value: Markdown's backslash escapes resolved."""
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", markdown)


def spans(pattern: re.Pattern, text: str, group: int = 0) -> list[tuple[int, int]]:
    return [m.span(group) for m in pattern.finditer(text)]


def test_the_doctests():
    assert doctest.testmod(session).failed == 0


@settings(max_examples=600, deadline=None, derandomize=True)
@given(text=texts)
def test_plain_text_cannot_become_a_link_an_image_or_formatting(text):
    out = plain(text)
    assert not LINE_BREAKS.search(out)
    assert not out.startswith("  ") and not out.startswith("\t")
    i = 0
    while i < len(out):  # every markup character comes escaped, every backslash escapes one
        if out[i] == "\\":
            assert i + 1 < len(out) and out[i + 1] in ACTIVE, (text, out)
            i += 2
        else:
            assert out[i] not in ACTIVE, (text, out)
            i += 1
    node = resolved(out)
    for pattern in (GFM_URL, GFM_EMAIL, LITERAL_STARTS, EMOJI):
        assert not pattern.search(node) and not pattern.search(out), (pattern.pattern, text, out)
    assert ":material/" not in out
    # the reader sees the text: the joiners have no width, line breaks show as spaces
    typed = re.sub(r"^[ \t]+", " ", LINE_BREAKS.sub(" ", text.replace("\r\n", "\n")))
    def blanks(t: str) -> str:
        return re.sub(r"[ \t]+", " ", t.replace(WORD_JOINER, ""))

    assert blanks(node) == blanks(typed)


TEMPLATES = sorted({text for lang in LANGUAGES for text in catalog(lang).values()
                    if any(field for _, field, _, _ in string.Formatter().parse(text))})


@settings(max_examples=400, deadline=None, derandomize=True)
@given(template=st.sampled_from(TEMPLATES), value=texts)
def test_no_message_of_the_app_completes_a_link_with_a_value(template, value):
    # "Someone in this quiz is already called {name}. Pick another": a nickname "www" must
    # not make "www." with the full stop after it, nor "ana" an "ana@" with a template's "@"
    pieces, taken = [], []
    for literal, field, _, _ in string.Formatter().parse(template):
        pieces.append(literal)
        if field is not None:
            start = sum(map(len, pieces))
            pieces.append(resolved(plain(value)))
            taken.append((start, start + len(pieces[-1])))
    node = "".join(pieces)
    found = spans(GFM_URL, node, 2) + spans(GFM_EMAIL, node) + spans(LITERAL_STARTS, node) + spans(EMOJI, node)
    for start, end in found:  # a link found by the app's own words is theirs; none may touch a value
        assert all(end <= low or start >= high for low, high in taken), (template, value, node[start:end])


@pytest.mark.parametrize("text", PAYLOADS)
def test_every_payload_keeps_its_letters(text):
    shown = resolved(plain(text)).replace(WORD_JOINER, "")
    assert re.sub(r"\s+", " ", shown).strip() == re.sub(r"\s+", " ", text).strip()


def test_an_error_message_shows_its_values_as_text():
    from engine.errors import IllegalActionError

    tile = session.error_message(IllegalActionError("bad_tile", text="www.example.org"))
    assert tile == catalog("en")["error.bad_tile"].format(text=plain("www.example.org"))
    assert session.error_message(ValueError("see http://x.y [z](//e)")) == plain("see http://x.y [z](//e)")

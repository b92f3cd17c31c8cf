"""Per-session state: the language, messages about bad links, the profile, the store.

Everything lives in ``st.session_state`` (one per browser session); the only shared
objects are read-only caches and the progress store's connection pool.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from typing import Any

import streamlit as st

from progress import NullStore, ProgressError, StoreUnavailable, open_store

from .i18n import FALLBACK, LANGUAGES, Translator, translator  # noqa: F401 (translator re-exported)

LANG = "lang"
NOTICES = "notices"
PROFILE = "profile"
DONE = "lessons_done"
TRANSLATED = "translated_widgets"
PAGE = "page"


def init_language() -> None:
    """Take ``?lang=`` once per session; an unknown code falls back to English and says so."""
    if LANG in st.session_state:
        return
    wanted = st.query_params.get("lang")
    if wanted and wanted not in LANGUAGES:
        st.session_state[LANG] = FALLBACK
        notice("notice.bad_lang", code=str(wanted)[:20])
    else:
        st.session_state[LANG] = wanted or FALLBACK


def lang() -> str:
    return st.session_state.get(LANG, FALLBACK)


def tr() -> Translator:
    return translator(lang())


def set_lang(code: str) -> None:
    if code in LANGUAGES:
        st.session_state[LANG] = code
        st.query_params["lang"] = code
        _relabel_translated_widgets()


def translated(key: str) -> str:
    """Mark the keyed widget ``key`` as one whose option labels are in the reader's language;
    returns the key, for ``st.selectbox(..., key=session.translated("k"))``.

    Streamlit 1.67 keeps a selectbox's, pills' or segmented control's value in the browser
    as its shown label: after a language switch the old label matches no option and comes
    back as a bare string. A switch therefore re-sets each such widget to its value, so
    the browser is sent the label in the new language.
    """
    st.session_state.setdefault(TRANSLATED, set()).add(key)
    return key


def _relabel_translated_widgets() -> None:
    # Widgets no longer on any page have left session state: forget them too.
    alive = {key for key in st.session_state.get(TRANSLATED, set()) if key in st.session_state}
    st.session_state[TRANSLATED] = alive
    for key in alive:
        st.session_state[key] = st.session_state[key]


def keep_lang_in_url() -> None:
    """Page switches drop the query string: put the language back on every run."""
    if st.query_params.get("lang") != lang():
        st.query_params["lang"] = lang()


def notice(key: str, **params: Any) -> None:
    """Queue a friendly message (a bad link, a store problem) for this page."""
    st.session_state.setdefault(NOTICES, []).append((st.session_state.get(PAGE), key, params))


def set_page(url_path: str) -> None:
    """Called before every page runs: a page's notices belong to it alone."""
    st.session_state[PAGE] = url_path


def show_notices() -> None:
    """This page's notices. They stay through every rerun (a board's first report reruns
    the page at once) until the reader dismisses them or goes to another page."""
    here = st.session_state.get(PAGE)
    kept: list = []
    for page, key, params in st.session_state.get(NOTICES, []):
        entry = (here if page is None else page, key, params)
        if entry[0] == here and entry not in kept:
            kept.append(entry)
    st.session_state[NOTICES] = kept
    if not kept:
        return
    for _, key, params in kept:
        st.warning(tr()(key, **{name: plain(value) for name, value in params.items()}), icon=":material/info:")
    st.button(tr()("notice.dismiss"), key="notices_dismiss", on_click=st.session_state.pop, args=(NOTICES, None),
              icon=":material/close:")


#: Characters that Markdown (as Streamlit renders it) would read as markup.
_MARKUP = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~:$&])")
#: Line breaks (and the spaces around them): a new line could start a list, a heading, a
#: quote or an indented code block, which escaping a character cannot stop.
_LINE_BREAKS = re.compile(r"[ \t]*(?:\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029])[ \t\n\r\v\f\x1c-\x1e\x85\u2028\u2029]*")
_LEADING_BLANKS = re.compile(r"^[ \t]+")
#: U+2060 WORD JOINER: invisible, no width, no line break. Streamlit's Markdown (remark-gfm)
#: turns a bare ``www.x.y``, ``http://x.y`` or ``a@b.co`` into a link *after* resolving
#: backslash escapes, so escaping cannot stop it. A joiner where such a link starts leaves
#: no "www.", "http:", "https:", "mailto:", "xmpp:" or "x@" for it to find (JavaScript's
#: ``\w``, as remark-gfm's patterns use it, is ASCII). Streamlit itself rewrites
#: ":material/" in the text before parsing (an icon, escapes or not) and finds ":smile:"
#: shortcodes after the escapes are gone: a joiner breaks those too. Text without any of
#: them (most names) comes out with escapes only.
WORD_JOINER = "\u2060"
_LINK_STARTS = re.compile(
    r"(?<=www)(?=\.)"
    r"|(?:(?<=http)|(?<=https)|(?<=mailto)|(?<=xmpp))(?=:)"
    r"|(?:(?<=[-.\w+])|^)(?=@)"
    r"|(?<=:)(?=material/)",
    re.IGNORECASE | re.ASCII,
)
_SHORTCODE = re.compile(r"(:[\w+-]+)(?=:)", re.ASCII)
#: A value ending like one of them gets a joiner at its end as well: the words after it
#: (the ". " of "called {name}. Pick another", the ": " of "{date}: {count}") must not
#: complete a "www." or a ":shortcode:".
_OPEN_END = re.compile(r"(?:www|https?|mailto|xmpp|:[\w+-]+)\Z", re.IGNORECASE | re.ASCII)


def plain(value: Any) -> str:
    r"""``value`` as text that Streamlit's Markdown shows literally: no link, image, HTML
    or formatting can come from a link's parameter or a player's name. The reader sees
    exactly what was typed (line breaks become spaces): every Markdown character is
    backslash-escaped, and an invisible word joiner (U+2060) goes where GitHub-style
    Markdown would otherwise find a bare URL or an e-mail address (``www.example.org``,
    ``https://x.y``, ``a@b.co``) and link it, or Streamlit an icon (``:material/home:``)
    or an emoji (``:smile:``); and at the end of a value that the text after it could
    complete into one (``www`` before a full stop).

    >>> plain("[x](javascript:alert(1)) <b>")
    '\\[x\\]\\(javascript\\:alert\\(1\\)\\) \\<b\\>'
    >>> def seen(text): return text.replace(WORD_JOINER, "|")  # the joiners made visible
    >>> seen(plain("www.example.org")), seen(plain("ana@school.example")), seen(plain("https://x.y"))
    ('www|\\.example\\.org', 'ana|@school\\.example', 'https|\\://x\\.y')
    >>> seen(plain(":material/home: :smile:")), seen(plain("www"))
    ('\\:|material/home\\: \\:smile|\\:', 'www|')
    >>> plain("two\n\n# lines!")  # a new line could start a heading, a list, a quote
    'two \\# lines\\!'
    """
    # and leading blanks (four would start a code block) become one space, as HTML shows them
    text = _LEADING_BLANKS.sub(" ", _LINE_BREAKS.sub(" ", str(value)))
    joined = _LINK_STARTS.sub(WORD_JOINER, _SHORTCODE.sub(r"\1" + WORD_JOINER, text))
    shown = _MARKUP.sub(r"\\\1", joined)
    return shown + WORD_JOINER if _OPEN_END.search(text) else shown


def error_message(error: Exception) -> str:
    """An engine, lesson or store error in the reader's language (by its code, as
    :meth:`Translator.error` finds it), with its values (a name, a link's text) shown as
    text: safe to put in ``st.error`` and friends, which read Markdown."""
    words, code = tr(), getattr(error, "code", None)
    if code and words.has(f"error.{code}"):
        return words(f"error.{code}", **{name: plain(value) for name, value in getattr(error, "params", {}).items()})
    return plain(str(error))


def int_param(name: str, default: int, low: int, high: int) -> int:
    """A whole-number query parameter clamped to [low, high]; a bad one is reported."""
    raw = st.query_params.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        notice("notice.bad_param", name=name, value=str(raw)[:20])
        return default
    if not low <= value <= high:
        notice("notice.bad_param", name=name, value=str(raw)[:20])
        return min(max(value, low), high)
    return value


#: Pins the app's clock to one ISO date (tests, classroom demos); unset, the clock is UTC.
TODAY_ENV = "CAPICU_TODAY"


def today() -> dt.date:
    """The date used for daily puzzles and attempts: UTC, the same for everyone.

    ``CAPICU_TODAY=YYYY-MM-DD`` pins it, so that a test or a demo sees the same daily
    set on any day; a malformed value is ignored.
    """
    pinned = os.environ.get(TODAY_ENV, "")
    if pinned:
        try:
            return dt.date.fromisoformat(pinned)
        except ValueError:
            pass
    return dt.datetime.now(dt.timezone.utc).date()


# ------------------------------------------------------------------ progress
@st.cache_resource(show_spinner=False)
def _shared_store():
    # One per process (its connection pool is thread-safe); an exception is not cached,
    # so a later session tries the database again.
    return open_store()


def store():
    """The progress store; when the database can't be used, a per-session memory store."""
    if "progress_store" not in st.session_state:
        try:
            st.session_state["progress_store"] = _shared_store()
        except StoreUnavailable as error:
            st.session_state["progress_store"] = NullStore(error.code, str(error))
    return st.session_state["progress_store"]


def profile() -> Any | None:
    return st.session_state.get(PROFILE)


def set_profile(p: Any | None) -> None:
    st.session_state[PROFILE] = p
    st.session_state.pop(DONE, None)


def lessons_done() -> set[str]:
    """Lessons finished in this session, plus the profile's saved ones."""
    if DONE not in st.session_state:
        saved: set[str] = set()
        p = profile()
        if p is not None:
            try:
                saved = set(store().lessons_done(p.id))
            except ProgressError:  # a store failing mid-session must not break the page
                notice("notice.not_saved")
        st.session_state[DONE] = saved
    return st.session_state[DONE]


def mark_lesson_done(lesson_id: str) -> None:
    done = lessons_done()
    if lesson_id in done:
        return
    done.add(lesson_id)
    p = profile()
    if p is not None:
        try:
            store().mark_lesson_done(p.id, lesson_id, today())
        except ProgressError:
            notice("notice.not_saved")

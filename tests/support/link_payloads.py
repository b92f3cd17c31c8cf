"""Text that Markdown would like to turn into a link, an image or formatting: bare URLs,
e-mail addresses, Markdown and Streamlit's own marks. Shared by the property test of
``ui.session.plain`` (tests/ui/test_plain_text.py) and the browser test that renders the
same text in real Chromium (tests/e2e/test_plain_text_e2e.py).
"""

from __future__ import annotations

import random
import re

#: What Streamlit's Markdown (react-markdown, remark-gfm, Streamlit's icons and emoji) turns
#: into something else than the typed text, each seen doing so in Chromium unescaped.
PAYLOADS = [
    "www.example.org", "WWW.Example.ORG", "http://evil.example", "https://evil.example/a?b=c&d=e#f",
    "HTTPS://EVIL.EXAMPLE", "a@b.co", "user+tag@mail.example.com", "mailto:a@b.co", "xmpp:a@b.co",
    "[x](http://e.com)", "![i](http://e.com/i.png)", "<http://x.y>", "<a@b.co>", "<b>bold</b>",
    "<img src=x onerror=alert(1)>", "x www.a.b y", "(www.a.b)", "*www.a.b*", "_http://a.b_",
    "**bold** _it_ `code`", "~~gone~~", ":smile: :red[red] :material/home:", "$x^2$", "$$x$$",
    "# heading", "- item", "1. item", "> quote", "| a | b |", "[^1]", "[x]: http://e.com",
    "a\n\n# b", "    indented", "line\\", "&amp; &#46; &lt;b&gt;", "www", "ana", "http", "ftp://a.b",
    "192.168.1.1", "127.0.0.1:9/phish", "//evil.example/x", "https://", "www.", "a.b.c@d.e.f",
    "javascript:alert(1)", "www.example.org/`tick`", "`www.example.org`", "``x``", "\\[x\\](http://e.com)",
]

_SCHEMES = ["http://", "https://", "HTTP://", "www.", "WwW.", "mailto:", "xmpp:", "//", ""]
_HOSTS = ["example.org", "evil.example", "x.y", "127.0.0.1:9", "a-b.c_d.ef", "xn--bcher-kva.example", "e.com"]
_PATHS = ["", "/", "/a?b=c", "/i.png", "#top", "/(x)", "/a_b*c", "?q=`x`"]
_USERS = ["a", "ana.maria", "user+tag", "x_y-z", "1"]
_WRAPS = ["{}", "[t]({})", "![i]({})", "<{}>", "*{}*", "**{}**", "`{}`", "~~{}~~", "_{}_", "({})", "{}.",
          " {} ", "{}\n\n{}", ":{}:", "[{}]", "{}@{}", "\\{}"]


def url(rng: random.Random) -> str:
    if rng.random() < 0.3:
        return f"{rng.choice(['', 'mailto:'])}{rng.choice(_USERS)}@{rng.choice(_HOSTS)}"
    return rng.choice(_SCHEMES) + rng.choice(_HOSTS) + rng.choice(_PATHS)


def payload(rng: random.Random) -> str:
    """A URL, an e-mail address, or some of them inside Markdown."""
    wrap = rng.choice(_WRAPS)
    return wrap.format(*(url(rng) for _ in range(wrap.count("{}"))))


def generated(count: int, seed: int = 17) -> list[str]:
    """``count`` payloads, the same on every run."""
    rng = random.Random(seed)
    return [payload(rng) for _ in range(count)]


def shown(text: str) -> str:
    """What a reader should see of ``text`` shown as plain text: HTML shows a line break
    and a run of spaces as one space, and drops them at the ends."""
    return re.sub(r"\s+", " ", text).strip()

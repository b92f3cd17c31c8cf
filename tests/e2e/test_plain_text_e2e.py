"""In real Chromium: text from a link or a student never becomes a link (issue 17, point 6).

Streamlit's Markdown turns a bare ``www.example.org``, ``http://x.y`` or ``a@b.co`` into a
live link even when every Markdown character is escaped; ``ui.session.plain`` breaks them
with an invisible word joiner. Here the app's real renderer gets:

* every payload of tests/support/link_payloads.py (and generated ones), through ``plain``,
  in a sentence, a warning, a caption and a checkbox label (tests/e2e/plain_harness.py):
  no link, image or formatting, and the text reads exactly as typed;
* links whose parameters are URLs or e-mail addresses, on the pages that echo them in a
  notice; profile names and quiz nicknames that are URLs, in the sidebar, on the join
  page and in the teacher's lobby: no link in any notice, caption or Markdown block.
"""

from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import expect

from tests.support.link_payloads import shown
from tests.support.streamlit_server import streamlit_app
from ui.i18n import translator

from .conftest import HARNESS

pytestmark = pytest.mark.e2e

TR = translator("en")
PLAIN_HARNESS = HARNESS.with_name("plain_harness.py")
#: where the app echoes text: notices, captions, Markdown blocks, widget labels
ECHOES = ('[data-testid="stAlert"], [data-testid="stCaptionContainer"], [data-testid="stMarkdownContainer"], '
          '[data-testid="stWidgetLabel"]')
#: a link or an image that could only have come from a payload
PAYLOAD_LINKS = ("a[href*='example'], a[href*='e.com'], a[href*='b.co'], a[href^='mailto:'], a[href^='xmpp:'], "
                 "img[src*='example'], img[src*='e.com']")
PROFILE_NAMES = ["www.example.org", "a@b.co", "[x](http://e.com)"]


def _as_shown(text: str) -> re.Pattern:
    """``text`` as the page shows it: invisible word joiners may sit between its letters."""
    return re.compile("\u2060?".join(re.escape(ch) for ch in text))


def _no_link_in(page, text: str) -> None:
    """Wait until ``text`` is echoed on the page, then: no link or image in what echoes it."""
    echoed = page.locator(ECHOES).filter(has_text=_as_shown(text))
    expect(echoed.first).to_be_visible(timeout=30_000)
    expect(echoed.locator("a, img")).to_have_count(0)
    expect(page.locator(PAYLOAD_LINKS)).to_have_count(0)


@pytest.fixture(scope="module")
def plain_url():
    with streamlit_app(PLAIN_HARNESS) as url:
        yield url


def test_every_payload_reads_as_typed_and_links_nowhere(browser, plain_url):
    from tests.e2e.plain_harness import TEXTS

    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    try:
        page.goto(plain_url)
        expect(page.get_by_text("done")).to_be_visible(timeout=60_000)
        expect(page.locator('[data-testid="stCheckbox"]')).to_have_count(len(TEXTS), timeout=60_000)
        expect(page.locator('[data-testid="stSkeleton"]')).to_have_count(0, timeout=60_000)
        seen = page.evaluate("""() => [...document.querySelectorAll('[class*="st-key-payload_"]')].map(box => {
            const echoes = [...box.querySelectorAll(
                '[data-testid=stMarkdownContainer], [data-testid=stCaptionContainer]')];
            return {
              links: box.querySelectorAll('a, img').length,
              markup: echoes.flatMap(e => [...e.querySelectorAll('*')].map(x => x.tagName))
                            .filter(tag => !['P', 'SPAN', 'DIV'].includes(tag)),
              paragraphs: echoes.map(e => e.querySelectorAll('p').length),
              texts: echoes.map(e => e.innerText.replaceAll('\\u2060', '')),
            };
        })""")
        assert len(seen) == len(TEXTS)
        for text, found in zip(TEXTS, seen):
            assert found["links"] == 0 and found["markup"] == [], (text, found)
            assert all(n <= 1 for n in found["paragraphs"]), (text, found)  # no block of its own
            # the sentence, the warning, the caption, the checkbox's label
            wanted = [shown(f"said {text}. Then"), shown(text), shown(f"({text})"), shown(text)]
            assert [shown(t) for t in found["texts"]] == wanted, text
    finally:
        page.context.close()


LINKS = [
    ("/?lang=http://evil.example", "http://evil.example"),
    ("/?lang=www.example.org", "www.example.org"),
    ("/practice?lang=en&puzzle=https://evil.example/p", "https://evil.example/p"),
    ("/practice?lang=en&type=www.example.org", "www.example.org"),
    ("/daily?lang=en&daily=www.example.org", "www.example.org"),
    ("/lesson?lang=en&lesson=http://evil.example", "http://evil.example"),
    ("/play?lang=en&seed=1&game=www.example.org", "www.example.org"),
    ("/play?lang=en&seed=www.example.org", "www.example.org"),
    ("/join?lang=en&join=a@b.co", "A@B.CO"),  # a typed code is read in capitals
    ("/?join=user@mail.example", "USER@MAIL.EX"),  # the deep link to the join page
]


@pytest.mark.parametrize("link, echoed", LINKS, ids=[link for link, _ in LINKS])
def test_a_link_parameter_is_echoed_as_text(browser, app_url, link, echoed):
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    try:
        page.goto(app_url + link)
        _no_link_in(page, echoed)
    finally:
        page.context.close()


def test_profile_names_that_are_addresses_are_shown_as_text(browser, app_url):
    from progress import open_store

    with open_store(f"sqlite:///{os.environ['CAPICU_DB_PATH']}") as store:
        for name in PROFILE_NAMES:
            store.create_profile(name, pin="2468")
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    try:
        page.goto(f"{app_url}/?lang=en")
        box = page.locator(".st-key-profile_select").get_by_role("combobox")
        for name in PROFILE_NAMES:
            box.click()
            page.get_by_role("option", name=name, exact=True).click()
            _no_link_in(page, TR("profile.pin_needed", name=name))
    finally:
        page.context.close()


def test_nicknames_that_are_addresses_are_shown_as_text_to_students_and_teacher(browser, app_url):
    from classroom.quiz import open_quiz_store
    from puzzles import generate

    quizzes = open_quiz_store(f"sqlite:///{os.environ['CAPICU_DB_PATH']}")
    try:
        puzzle = generate("round_score", 4, game="laplaza_partners")
        quiz, secret = quizzes.create([puzzle.id], title="www.quiz.example")
    finally:
        quizzes.close_store()
    contexts = []
    try:
        for name in PROFILE_NAMES:  # one phone each
            contexts.append(browser.new_context(viewport={"width": 420, "height": 900}))
            student = contexts[-1].new_page()
            student.goto(f"{app_url}/join?join={quiz.code}&lang=en")
            nickname = student.get_by_role("textbox", name=TR("class.nickname"))
            nickname.fill(name)
            nickname.press("Enter")
            student.locator(".st-key-class_join").get_by_role("button").click()
            expect(student.get_by_text(TR("class.wait_start"))).to_be_visible(timeout=30_000)
            _no_link_in(student, TR("class.you_are", name=name))
            _no_link_in(student, "www.quiz.example")  # the quiz's title, the teacher's text, shown as text too

        contexts.append(browser.new_context(viewport={"width": 1400, "height": 1000}))
        teacher = contexts[-1].new_page()
        teacher.goto(f"{app_url}/class?quiz={quiz.code}&key={secret}&lang=en")
        expect(teacher.get_by_text(TR("class.joined_of", n=len(PROFILE_NAMES), capacity=40))).to_be_visible(timeout=30_000)
        for name in PROFILE_NAMES:
            _no_link_in(teacher, name)  # the lobby's list of names
    finally:
        for context in contexts:
            context.close()

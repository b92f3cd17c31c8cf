"""Practice by theme (issue 45 item 3): ``?theme=<code>`` serves the best-move puzzles whose
answer teaches that theme; after the answer a best-move puzzle names its theme, says it in
one sentence and links to the lesson and to more of the theme."""

from __future__ import annotations

import pytest

from puzzles.generators.best_move import answer_themes, theme_seeds
from tests.ui.conftest import answer_puzzle, open_app, texts_of
from ui.i18n import translator


def _theme_puzzle(at):
    from puzzles import generate

    state = at.session_state
    seeds = theme_seeds(state["practice_game"], state["practice_theme"])
    return generate("best_move", seeds[state["practice_index"] % len(seeds)], state["practice_game"])


@pytest.mark.parametrize("lang", ["en", "es"])
def test_practise_a_theme_serves_its_puzzles_and_names_the_theme_after_the_answer(lang):
    tr = translator(lang)
    at = open_app("practice", theme="kill_double", game="laplaza_1v1", lang=lang)
    assert at.session_state["practice_type"] == "best_move" and at.session_state["practice_theme"] == "kill_double"
    assert tr("themes.practice_caption", name=tr("themes.name.kill_double")) in texts_of(at)
    puzzle = _theme_puzzle(at)
    assert answer_themes(puzzle.round().view(0), puzzle.question.params)[0][0] == "kill_double"
    at = answer_puzzle(at, f"practice:{puzzle.id}", puzzle, right=True)
    assert not at.exception
    said = texts_of(at)
    assert tr("themes.theme", name=tr("themes.name.kill_double")) in said
    links = [link.label for link in at.get("page_link")]
    assert tr("themes.practise") in links
    assert any(label.startswith(tr("themes.lesson", title="").strip()) for label in links)
    # the next puzzle is of the theme too
    at.button(key="practice_all_themes")  # there, to leave the theme
    next_button = [b for b in at.button if b.label == tr("practice.next")]
    next_button[0].click().run()
    following = _theme_puzzle(at)
    assert following.id != puzzle.id
    assert answer_themes(following.round().view(0), following.question.params)[0][0] == "kill_double"


def test_a_game_without_the_theme_says_so_and_all_puzzles_leaves_the_theme():
    at = open_app("practice", theme="score_fives", game="laplaza_partners")
    assert translator("en")("themes.practice_none") in texts_of(at)
    at.button(key="practice_all_themes").click().run()
    assert not at.exception and at.session_state["practice_theme"] is None
    assert "theme" not in at.query_params


def test_a_bad_theme_falls_back_and_says_so():
    at = open_app("practice", theme="<b>nope</b>")
    assert at.session_state["practice_theme"] is None
    assert "nope" in texts_of(at) and "<b>" not in "".join(str(m.value) for m in at.markdown)

"""The play page under AppTest: a match set up and started, a round played to its end by
tapping the board, a hint, the review and its replay, saving and reopening, bad links."""

from __future__ import annotations

from urllib.parse import parse_qs

import pytest

from matches.companion import from_link
from matches.game import Game, Setup
from progress import open_store
from tests.support.streamlit_events import component_event
from tests.ui.conftest import create_profile, open_app, texts_of
from ui.i18n import LANGUAGES, translator
from ui.labels import figure, percent


@pytest.fixture(autouse=True)
def instant_bots(monkeypatch):
    """The bots move at once here: the pause between moves is for a person's eye."""
    import ui.parts.play.setup

    monkeypatch.setattr(ui.parts.play.setup, "PACES", {name: 0.0 for name in ui.parts.play.setup.PACES})


def _game(at) -> Game:
    return at.session_state["play_game"]


def button(at, name: str):
    """The page's button ``name`` (its key goes on with the match and the position)."""
    return next(b for b in at.button if b.key and b.key.split(":")[0] == name)


def _reviewed(at, index: int = 0):
    """Wait for the background judging of round ``index``, then let the page show it (in a
    browser its fragment looks again by itself; AppTest runs the page once more)."""
    at.session_state["play_judges"][index].wait(timeout=300)
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    assert index in at.session_state["play_reviews"]
    return at


def _as_offered(rnd, action: str) -> str:
    """The move as the play page's board offers it: with equal ends a tile goes on the left
    end only (the right is the same move), so a tap "on the right" never reaches it."""
    ends = rnd.ends
    if action.endswith("@R") and ends is not None and ends[0] == ends[1]:
        return action[:-1] + "L"
    return action


def _play_round(at, choose=lambda legal: legal[0]):
    """Tap the player's moves until the round is over (the bots answer in between), and
    wait for its review."""
    for _ in range(60):
        game = _game(at)
        if game.round.is_over:
            return _reviewed(at, len(game.rounds) - 1)
        assert game.human_to_move, "after the page's run, either the round is over or it is your turn"
        action = _as_offered(game.round, str(choose(game.round.legal_actions())))
        at = component_event(at, f"play:{game.setup.seed}:{game.round.round_number}:board", trigger=("play", action))
        assert not at.exception, [e.message for e in at.exception]
    raise AssertionError("the round did not end within 60 of your moves")


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_setup_form_speaks_every_language(lang):
    at = open_app("play", lang=lang)
    tr = translator(lang)
    assert at.title[0].value == tr("play.title")
    assert any(b.label == tr("play.start") for b in at.button)
    captions = [c.value for c in at.caption]
    assert tr("bot.casual.about") in captions  # each bot level says what it notices


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_expert_says_how_it_fares_against_the_dominoes_package(lang):
    """The duel against the package was played by the expert before its reading of the
    others was fitted (strategy.strength.PLAYED_OUTSIDE_AS): the caption says so, and what
    today's expert scores against that one, each figure from strategy/strength.json."""
    from strategy.strength import against_outside, against_outside_before

    assert against_outside("expert", "laplaza_partners", 4) is None  # not claimed for today's expert
    outside, step = against_outside_before("expert", "laplaza_partners", 4)
    assert outside["a"] == step["b"] == "expert-pips" and outside["deals"] >= 400 and outside["ci95"][0] > 0
    at = open_app("play", lang=lang)
    tr = translator(lang)
    sentence = tr("play.measured_outside_before", points="", low="", high="", deals=outside["deals"])
    head = sentence[:sentence.index("{") if "{" in sentence else 40][:40]  # the sentence's opening
    at.selectbox(key="play_form_game").set_value("laplaza_partners").run()
    assert not any(head in c.value for c in at.caption)  # casual, the default, was not measured so
    at.selectbox(key="play_form_level:laplaza_partners:4:1").set_value("expert").run()
    line = next(c.value for c in at.caption if head in c.value)
    for row in (outside, step):
        assert str(row["deals"]) in line and figure(tr, row["points_per_deal"], True) in line


def _skill_lines(tr, skill) -> tuple[str, str | None]:
    """The figures' sentence of a level and, where the share of best moves was recorded,
    the sentence after it."""
    line = tr("play.level_skill", decisions=skill.decisions, loss=figure(tr, skill.mean), low=figure(tr, skill.low),
              high=figure(tr, skill.high), share=percent(tr, skill.within))
    same = None if skill.same is None else tr("play.level_same", share=percent(tr, skill.same),
                                              low=percent(tr, skill.same_low), high=percent(tr, skill.same_high))
    return line, same


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_each_level_says_what_the_review_measured_of_it_in_that_game(lang, monkeypatch):
    """Issue 50 item 3: a level is described by the review's figures of its own play in
    the chosen game (progress/bot_skill.json, the same numbers My progress compares with):
    points lost, the share within half a point and, where recorded, the share of best moves
    itself; a level the benchmark did not measure there says nothing of it."""
    import ui.parts.play.setup
    from progress.skill import bot_figures

    measured = bot_figures()
    at = open_app("play", lang=lang)
    tr = translator(lang)
    for game, seat_key in (("laplaza_partners", "play_form_level:laplaza_partners:4:1"), ("kozel", None)):
        at.selectbox(key="play_form_game").set_value(game).run()
        key = seat_key or next(s.key for s in at.selectbox if (s.key or "").startswith("play_form_level:kozel:"))
        for level in ("casual", "strong"):
            at.selectbox(key=key).set_value(level).run()
            line, same = _skill_lines(tr, measured[game][level])
            caption = next((c.value for c in at.caption if c.value.startswith(line)), None)
            assert caption is not None, (game, level)
            assert caption == (line if same is None else f"{line} {same}"), (game, level)
    # a level without figures in this game: its line goes
    head = tr("play.level_skill", decisions="", loss="", low="", high="", share="")[:20]
    lines = sum(c.value.startswith(head) for c in at.caption)
    monkeypatch.setattr(ui.parts.play.setup, "bot_figures",
                        lambda: {g: {lv: f for lv, f in levels.items() if lv != "casual"} for g, levels in measured.items()})
    at.selectbox(key=key).set_value("casual").run()
    assert sum(c.value.startswith(head) for c in at.caption) == lines - 1


def test_a_levels_share_of_best_moves_is_said_with_its_interval(monkeypatch):
    """A figure recorded with the share of the review's best moves reads it out, with its
    interval, after the points lost; one recorded without it says only the points."""
    import ui.parts.play.setup
    from progress.skill import BotFigure

    with_share = BotFigure(130, 30, 3.25, 2.5, 4.0, .55, .45, .65, .4125, .3, .5, 130)
    without = BotFigure(127, 33, 2.0, 1.5, 2.5, .67, .58, .75)
    monkeypatch.setattr(ui.parts.play.setup, "bot_figures",
                        lambda: {"laplaza_1v1": {"casual": with_share, "strong": without}})
    at = open_app("play", lang="en")
    at.selectbox(key="play_form_game").set_value("laplaza_1v1").run()
    key = "play_form_level:laplaza_1v1:2:1"
    at.selectbox(key=key).set_value("casual").run()
    assert ("Reviewed like your own moves over 130 of its decisions in this game: it loses 3.2 points a decision "
            "(2.5 to 4.0) and stays within half a point of the best in 55% of them. In 41% of them (30% to 50%) its "
            "move is the best move itself.") in [c.value for c in at.caption]
    at.selectbox(key=key).set_value("strong").run()
    line = next(c.value for c in at.caption if c.value.startswith("Reviewed like your own moves over 127"))
    assert "best move itself" not in line


def test_a_match_started_from_the_form_is_played_to_the_end_of_a_round_and_reviewed(light_review):
    at = open_app("play")
    at.selectbox(key="play_form_game").set_value("laplaza_1v1").run()
    at.text_input(key="play_form_seed").input("2718").run()
    at.button(key="play_start").click().run()
    assert not at.exception, [e.message for e in at.exception]
    game = _game(at)
    assert game.setup.seed == "2718" and game.setup.seats == ("human", "casual")
    assert at.query_params["seed"] in ("2718", ["2718"])
    at = _play_round(at)
    tr = translator("en")
    assert tr("play.review") in [s.value for s in at.subheader]
    review = at.session_state["play_reviews"][0]
    assert len(at.dataframe) == 1 if review.decisions else tr("play.no_decisions") in texts_of(at)
    if review.decisions:
        assert len(at.dataframe[0].value) == len(review.decisions)
    assert tr("play.grades_help", best="0.5", good="3.0", inaccuracy="7.0", mistake="15.0") in texts_of(at)
    # the round opens on the analysis board as you saw it, with one click
    link = next(e for e in at.get("page_link") if e.proto.label == tr("play.analyse_round"))
    assert "analyse" in link.proto.page
    recorded = from_link(parse_qs(link.proto.query_string)["g"][0])
    assert recorded.is_over and recorded.view().history == _game(at).round.view(0).history


def test_a_link_with_a_seed_deals_the_same_round_again():
    first = open_app("play", game="laplaza_partners", seed="99", levels="strong,beginner,casual")
    second = open_app("play", game="laplaza_partners", seed="99", levels="strong,beginner,casual")
    a, b = _game(first), _game(second)
    assert a.setup.seats == ("human", "strong", "beginner", "casual")
    assert a.round.history == b.round.history and a.round.hands == b.round.hands


def test_a_touch_move_link_deals_a_tournament_table_kept_with_the_game_and_named_in_its_line():
    at = open_app("play", game="laplaza_partners", seed="99", levels="strong,beginner,casual", touch="on")
    game = _game(at)
    assert game.setup.touch_move and game.round.rules.touch_move == "on"
    assert Setup.from_dict(game.setup.to_dict()) == game.setup
    line = " ".join(m.value for m in at.caption).replace("\\", "")  # the caption's markdown escapes
    assert translator("en")("play.touch_move") in line
    assert at.query_params["touch"] in ("on", ["on"])  # the page's own link keeps it
    plain = _game(open_app("play", game="laplaza_partners", seed="99", levels="strong,beginner,casual"))
    assert not plain.setup.touch_move and plain.round.rules.touch_move == "off"


@pytest.mark.parametrize("params, name", [
    ({"game": "laplaza_partners", "touch": "maybe", "seed": "1"}, "touch"),
    ({"game": "chess", "seed": "1"}, "game"),
    ({"game": "kozel", "players": "9", "seed": "1"}, "players"),
    ({"game": "kozel", "players": "3", "levels": "god,casual", "seed": "1"}, "level"),
    ({"game": "laplaza_1v1", "rules": "[x](https://e.x)", "seed": "1"}, "rules"),
])
def test_a_bad_link_says_what_does_not_fit_and_shows_the_form(params, name):
    at = open_app("play", **params)
    assert "play_game" not in at.session_state
    warning = " ".join(w.value for w in at.warning)
    assert name in warning and "](https" not in warning
    assert any(b.label == translator("en")("play.start") for b in at.button)


def test_a_hint_shows_every_legal_move_and_is_recorded_with_the_move(monkeypatch):
    import strategy.hints

    light = 1_000_000  # the suite's time: the deeper look still searches twice as much
    monkeypatch.setattr(strategy.hints, "HINT_NODES", light)
    monkeypatch.setattr(strategy.hints, "DEEP_NODES", 2 * light)
    monkeypatch.setenv("CAPICU_THINK_AHEAD", "off")  # the ordinary hint first, then the deeper look
    at = open_app("play", game="laplaza_1v1", seed="31", levels="casual")
    game = _game(at)
    while not (game.human_to_move and len(game.round.canonical_actions()) > 1):
        assert not game.round.is_over
        at = component_event(at, f"play:31:{game.round.round_number}:board",
                             trigger=("play", str(game.round.legal_actions()[0])))
        game = _game(at)
    button(at, "play_hint").click().run()
    hint = at.session_state["play_hint"]
    assert {str(a) for a in hint.evaluation.actions} == {str(a) for a in game.round.legal_actions()}
    assert at.get("plotly_chart"), "the expected points of every move are charted"
    assert hint.could_go_deeper, "a 1 v 1 hint with a full stock: its close moves are not told apart in a second"
    button(at, "play_hint_deeper").click().run()
    deeper = at.session_state["play_hint"]
    assert deeper.deep and deeper.evaluation.deals > hint.evaluation.deals
    assert not [b for b in at.button if b.key and b.key.startswith("play_hint_deeper")], "one deeper look"
    assert translator("en")("play.hint_deep") in " ".join(c.value for c in at.caption)
    hint = deeper
    best = hint.best
    at = component_event(at, f"play:31:{game.round.round_number}:board", trigger=("play", best))
    mine = [m for m in _game(at).rounds[-1] if m.seat == 0]
    assert mine[-1].action == best and mine[-1].hint


def _second_choice_after_a_hint():
    """A 1 v 1 match at the player's second real choice, a hint asked at the first."""
    at = open_app("play", game="laplaza_1v1", seed="31", levels="casual")
    game, asked = _game(at), False
    while not (asked and game.human_to_move and len(game.round.canonical_actions()) > 1):
        if game.human_to_move and len(game.round.canonical_actions()) > 1 and not asked:
            button(at, "play_hint").click().run()  # the first hint of the match: the ordinary one
            assert not at.session_state["play_hint"].deep
            asked = True
        at = component_event(at, f"play:31:{game.round.round_number}:board",
                             trigger=("play", str(game.round.legal_actions()[0])))
        game = _game(at)
    assert any(move.hint for moves in game.rounds for move in moves)  # the hint is recorded with its move
    return at, game


def test_a_server_short_of_cpu_can_turn_thinking_ahead_off(monkeypatch):
    monkeypatch.setenv("CAPICU_THINK_AHEAD", "off")
    at, _ = _second_choice_after_a_hint()
    assert "play_hint_ahead" not in at.session_state or at.session_state["play_hint_ahead"].moment is None


def test_a_hint_worked_out_while_the_player_thinks_is_the_deeper_one_at_once(monkeypatch):
    import strategy.hints
    from strategy.evaluate import position_seed
    from strategy.hint_ahead import deeper_hint

    light = 250_000  # the suite's time: the three stages keep their order, on less work
    monkeypatch.setattr(strategy.hints, "HINT_NODES", light)
    monkeypatch.setattr(strategy.hints, "DEEP_NODES", 2 * light)
    monkeypatch.setattr(strategy.hints, "THOROUGH_NODES", 3 * light)
    monkeypatch.setenv("CAPICU_THINK_AHEAD", "on")
    at, game = _second_choice_after_a_hint()
    ahead = at.session_state["play_hint_ahead"]
    ahead.wait(120)  # the player looks at the board a while
    button(at, "play_hint").click().run()
    shown = at.session_state["play_hint"]
    assert shown.deep and not [b for b in at.button if b.key and b.key.startswith("play_hint_deeper")]
    moment = f"hint:31:{game.round.round_number}:{len(game.rounds[-1])}"
    again = deeper_hint(game.view(0), position_seed(game.view(0)))  # what Look deeper computes
    if not again.told_apart:  # then the thorough stage followed while the player thought
        again = deeper_hint(game.view(0), position_seed(game.view(0)), thorough=True)
    assert again.evaluation.deals == shown.evaluation.deals and again.best == shown.best
    assert list(again.evaluation.expected) == list(shown.evaluation.expected)
    words = "play.hint_thorough" if again.thorough else "play.hint_deep"
    assert translator("en")(words) in " ".join(c.value for c in at.caption)


def test_a_first_hint_that_cannot_tell_the_moves_apart_is_refined_while_the_player_looks(monkeypatch):
    import strategy.hints
    from strategy.evaluate import position_seed
    from strategy.hint_ahead import deeper_hint

    light = 250_000  # the suite's time: the three stages keep their order, on less work
    monkeypatch.setattr(strategy.hints, "HINT_NODES", light)
    monkeypatch.setattr(strategy.hints, "DEEP_NODES", 2 * light)
    monkeypatch.setattr(strategy.hints, "THOROUGH_NODES", 3 * light)
    monkeypatch.setenv("CAPICU_THINK_AHEAD", "on")
    tr = translator("en")
    at = open_app("play", game="laplaza_1v1", seed="31", levels="casual")
    game = _game(at)
    while not (game.human_to_move and len(game.round.canonical_actions()) > 1):
        at = component_event(at, f"play:31:{game.round.round_number}:board",
                             trigger=("play", str(game.round.legal_actions()[0])))
        game = _game(at)
    button(at, "play_hint").click().run()
    first = at.session_state["play_hint"]
    captions = " ".join(c.value for c in at.caption)
    ahead = at.session_state["play_hint_ahead"]
    ply = len(game.rounds[-1])
    moment = f"hint:31:{game.round.round_number}:{ply}"
    if not first.deep:  # shown at once; the deeper one is under way, and the page says so
        assert first.could_go_deeper and tr("play.hint_refining") in captions
        assert not [b for b in at.button if b.key and b.key.startswith("play_hint_deeper")]
    ahead.wait(120)  # the player looks at the hint a while; the page's fragment then reruns it
    at.run()
    shown = at.session_state["play_hint"]
    deep = deeper_hint(game.view(0), position_seed(game.view(0)))
    last = deep if deep.told_apart else deeper_hint(game.view(0), position_seed(game.view(0)), thorough=True)
    assert shown.deep and shown.thorough == last.thorough and shown.evaluation.deals == last.evaluation.deals
    assert list(shown.evaluation.expected) == list(last.evaluation.expected)
    captions = " ".join(c.value for c in at.caption)
    assert tr("play.hint_thorough" if last.thorough else "play.hint_deep") in captions
    assert tr("play.hint_refining") not in captions  # done: the fragment no longer looks
    at = component_event(at, f"play:31:{game.round.round_number}:board", trigger=("play", shown.best))
    assert ahead.moment != moment  # moved: nothing more is worked out for that decision
    assert _game(at).rounds[-1][ply].hint and str(_game(at).rounds[-1][ply].action) == shown.best


def test_a_profiles_match_is_saved_each_round_and_reopens(progress_db, light_review):
    at = open_app("play")
    create_profile(at, "Rui")
    at.selectbox(key="play_form_game").set_value("draw").run()
    at.text_input(key="play_form_seed").input("5").run()
    at.button(key="play_start").click().run()
    at = _play_round(at)
    store = open_store(f"sqlite:///{progress_db}")
    try:
        (rui,) = store.profiles()
        (saved,) = store.games(rui.id)
    finally:
        store.close()
    assert saved.game == "draw" and saved.record["setup"]["seed"] == "5"
    assert "0" in saved.record["reviews"]
    replayed = Game.from_dict(saved.record)
    assert replayed.round.history == _game(at).round.history
    button(at, "play_abandon").click().run()
    assert "play_game" not in at.session_state
    at.button(key=f"play_open:{saved.id}").click().run()
    assert _game(at).round.history == replayed.round.history


def test_the_replay_steps_with_every_hand_shown_and_jumps_to_a_mistake(light_review):
    at = open_app("play", game="laplaza_partners", seed="12", levels="expert,beginner,expert")
    at = _play_round(at, choose=lambda legal: legal[-1])
    game = _game(at)
    key = "play:12:0:review"
    total = len(game.rounds[0])
    assert at.session_state.get(f"{key}:step", total) == total
    at.button(key=f"{key}:first").click().run()
    assert at.session_state[f"{key}:step"] == 0
    at = component_event(at, f"{key}:board", trigger=("nav", "next"))
    assert at.session_state[f"{key}:step"] == 1
    review = at.session_state["play_reviews"][0]
    slips = [d.ply for d in review.decisions if d.grade in ("inaccuracy", "mistake", "blunder")]
    if slips:
        at.button(key=f"{key}:slip").click().run()
        assert at.session_state[f"{key}:step"] in slips
    # one move number per choice (walks review P7): the replay before a choice and its card
    tr = translator("en")
    ply = slips[0] if slips else review.decisions[0].ply
    at.session_state[f"{key}:step"] = ply
    at.run()
    captions = [c.value for c in at.caption]
    assert tr("play.replay_step", n=ply + 1, total=total) in captions
    assert any(m.value.startswith(f"Move {ply + 1}: ") for m in at.markdown)
    at.button(key=f"{key}:last").click().run()
    assert tr("play.replay_end", total=total) in [c.value for c in at.caption]


def test_the_round_stays_usable_while_its_moves_are_judged(monkeypatch):
    """Judging runs beside the page: at the round's end the page shows how far it got and
    offers the next round at once; the grades appear when the judging is done."""
    from concurrent.futures import Future

    import strategy.review_queue as queue
    from strategy.review import judge_move

    held: list[tuple[Future, tuple]] = []

    def later(game, index, ply, before, *_owner_and_then):
        future = Future()
        held.append((future, (game, index, ply, before.copy())))
        return future

    monkeypatch.setattr(queue, "judge_later", later)
    at = open_app("play", game="laplaza_partners", seed="44", levels="casual,casual,casual")
    for _ in range(60):
        game = _game(at)
        if game.round.is_over:
            break
        at = component_event(at, f"play:44:{game.round.round_number}:board",
                             trigger=("play", str(game.round.legal_actions()[0])))
    assert held, "each choice was handed to the judges as it was made"
    tr = translator("en")
    assert any(tr("play.judging", done=0, total=len(held)) in e.proto.text for e in at.get("progress"))
    assert button(at, "play_next_round")  # the next round does not wait
    assert 0 not in at.session_state["play_reviews"]
    for future, (game, index, ply, before) in held:
        future.set_result(judge_move(game, index, ply, before))
    at.run()
    review = at.session_state["play_reviews"][0]
    assert [d.ply for d in review.decisions] == sorted(ply for _, (_, _, ply, _) in held)
    assert len(at.dataframe[0].value) == len(review.decisions)


def _must_draw_twice(game: Game) -> bool:
    """The player must draw, and after that draw must draw again."""
    if not game.human_to_move or [str(a) for a in game.round.legal_actions()] != ["draw"]:
        return False
    after = game.round.copy()
    after.apply("draw")
    return after.turn == 0 and [str(a) for a in after.legal_actions()] == ["draw"]


def test_a_late_or_doubled_tap_drawn_for_an_old_position_makes_no_second_move():
    """Review P10: a frame sent again (a doubled websocket frame, a late one after a reload)
    carries the move the board offered at its version; once the match has moved on from that
    version it changes nothing, as on a table's page, even when the same move is legal again
    (a second draw)."""
    for seed in ("31", "32", "33", "34", "35", "36", "37", "38"):
        at = open_app("play", game="laplaza_1v1", seed=seed, levels="casual")
        for _ in range(40):
            game = _game(at)
            if game.round.is_over or _must_draw_twice(game):
                break
            action = _as_offered(game.round, str(game.round.legal_actions()[0]))
            at = component_event(at, f"play:{seed}:{game.round.round_number}:board", trigger=("play", action))
        if _must_draw_twice(_game(at)):
            break
    else:
        raise AssertionError("no deal of these seeds makes the player draw twice running")
    game = _game(at)
    board_key = f"play:{seed}:{game.round.round_number}:board"
    moves = len(game.rounds[-1])
    # the board on screen was drawn for this version; the tap's first frame lands, the
    # match moves on (here directly, as a first frame's run would) ...
    game.play("draw")
    assert len(game.rounds[-1]) == moves + 1 and _game(at) is game
    # ... and the same frame arriving again, for the board drawn before that move, is refused
    at = component_event(at, board_key, trigger=("play", "draw"))
    assert not at.exception, [e.message for e in at.exception]
    assert len(_game(at).rounds[-1]) == moves + 1, "a stale tap made a second draw"
    # a tap on the board drawn now still plays
    at = component_event(at, board_key, trigger=("play", "draw"))
    assert len(_game(at).rounds[-1]) >= moves + 2


@pytest.mark.parametrize("game, players", [("kozel", 3), ("laplaza_1v1", 2), ("draw", 2), ("block", 4),
                                           ("all_fives", 3), ("laplaza_partners", 4)])
def test_the_strong_bots_sentence_fits_the_game(game, players):
    """Walks review 2026-12-05, P6: in Goat the strong level "keeps the numbers its partner
    lacks off the ends", in a game without partners."""
    at = open_app("play", lang="en")
    tr = translator("en")
    at.selectbox(key="play_form_game").set_value(game).run()
    group = next((g for g in at.get("button_group") if g.key == f"play_form_players:{game}"), None)
    if group is not None:
        group.set_value(str(players)).run()
    at.selectbox(key=f"play_form_level:{game}:{players}:1").set_value("strong").run()
    assert not at.exception
    captions = [c.value for c in at.caption]
    partners = game == "laplaza_partners"
    assert (tr("bot.strong.about") in captions) == partners
    assert (tr("bot.strong.about_solo") in captions) != partners
    assert partners or not any("partner" in c for c in captions if c.startswith("Reads the table"))

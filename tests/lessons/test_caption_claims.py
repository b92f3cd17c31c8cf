"""The numbers a caption states are checked against its frame (issue 10): the validator
proves the moves, and this proves the prose that reads them out. Any caption that says
which numbers the ends show, or how many tiles of a suit are down, must agree with the
engine's position at that step, in every language."""

from __future__ import annotations

import re
from functools import cache

import pytest

from lessons import model
from lessons.model import CONTENT


@cache
def load_lesson(lesson_id: str) -> model.Lesson:
    """Each lesson read once for this module: reading its files and replaying its frames was
    most of each test's second (a lesson and its frames are read-only; a round that is
    changed is copied first)."""
    return model.load_lesson(lesson_id)


LESSONS = sorted(p.name for p in CONTENT.iterdir() if (p / "script.yaml").exists())
#: "the ends are 5 and 3" in each language (the two numbers, in either order)
ENDS = {
    "en": r"ends (?:are|become|read|show) (\d) and (\d)",
    "nl": r"uiteinden[^.]{0,25}?(\d) en (\d)",  # a "kant" is a side (team), never an end (docs/glossary.md)
    "pt": r"pontas[^.]{0,25}?(\d) e (\d)",
    "es": r"puntas[^.]{0,25}?(\d) y (\d)",
}
WORDS = {"no": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "all": 7, "seven": 7}


def _claims(lang: str):
    for lesson_id in LESSONS:
        lesson = load_lesson(lesson_id)
        text = lesson.text(lang)
        for frame in lesson.frames():
            yield lesson_id, frame, text.captions.get(frame.caption, "")


@pytest.mark.parametrize("lang", sorted(ENDS))
def test_every_ends_claim_is_the_frames_ends(lang):
    checked = 0
    for lesson_id, frame, caption in _claims(lang):
        for match in re.finditer(ENDS[lang], caption):
            checked += 1
            assert frame.round.ends is not None and sorted(map(int, match.groups())) == sorted(frame.round.ends), \
                (lesson_id, frame.caption, match.group(0), frame.round.ends)
    assert checked >= 20  # the patterns still find the claims the lessons make


# ---------------------------------------------------------------- who passed, who sits where, who leads
# Texts review 2026-12-05, findings 1-3: a lesson said Luis "passed on 0, 2 and 3" (one pass, on 0
# and 3), called Marco, Luis's partner, one of his "two neighbours", and said the side that won
# round one leads round two. Each kind of claim is read in the four languages and checked against
# the replay: captions against their frame, the body against the last frame, the task against its
# position.

SEATS = ("Luis", "Ana", "Marco")
SEAT_OF = {"Luis": 1, "Ana": 2, "Marco": 3}
_ARTICLE = r"(?:(?:the|a|een|de|no|na|num|o|em|el|al|un|con el|con un)\s+)?"
#: a list of numbers: "0, 2 and 3", "no 0, no 2 e no 3", "al 0 y al 3", "een 0 en een 5"
_LIST = rf"((?:(?:,\s*|\s+(?:and|en|e|y)\s+)?{_ARTICLE}\d\b)+)"
_SUBJECT = r"\b((?:Luis|Ana|Marco)(?:\s+(?:and|en|e|y)\s+(?:o\s+|a\s+)?(?:Luis|Ana|Marco))?)"
#: "<seat> (has) passed on <numbers>", with its continuation ", Marco on 0 and 5"
PASSED = {
    "en": _SUBJECT + r"[^.,;:!?]{0,12}?\b(?:has |have )?(?:both |just |already )?pass(?:ed|es)? on " + _LIST,
    "nl": _SUBJECT + r"[^.,;:!?]{0,12}?\b(?:heeft |hebben )?(?:allebei |al |net )?(?:paste|past|pasten|gepast) op " + _LIST,
    "pt": _SUBJECT + r"[^.,;:!?]{0,12}?\b(?:já |também )?(?:passou|passaram|passa) " + _LIST,
    "es": _SUBJECT + r"[^.,;:!?]{0,12}?\b(?:ya |también )?(?:se )?(?:pasó|pasaron|pasa) " + _LIST,
}
MORE_PASSED = r"\G,?\s*(?:(?:and|en|e|y)\s+)?(?:o\s+|a\s+)?(Luis|Ana|Marco)\s+(?:on\s+|op\s+)?" + _LIST


def _passed_on(rnd, viewer: int) -> dict[int, set[int]]:
    """The numbers at the ends at each seat's passes, from the public history."""
    out: dict[int, set[int]] = {}
    for seat, action, ends in rnd.view(viewer).history:
        if str(action) == "pass" and ends:
            out.setdefault(seat, set()).update(ends)
    return out


def pass_claims(lang: str, text: str) -> list[tuple[int, set[int], str]]:
    """(seat, numbers, the words) for every "<seat> passed on <numbers>" of ``text``."""
    claims = []
    for match in re.finditer(PASSED[lang], text):
        numbers = {int(d) for d in re.findall(r"\d", match.group(2))}
        claims += [(SEAT_OF[name], numbers, match.group(0)) for name in re.findall("|".join(SEATS), match.group(1))]
        rest = text[match.end():]
        while more := re.match(MORE_PASSED.replace(r"\G", ""), rest):
            claims.append((SEAT_OF[more.group(1)], {int(d) for d in re.findall(r"\d", more.group(2))}, more.group(0)))
            rest = rest[more.end():]
    return claims


def _texts_with_rounds(lang: str):
    """(lesson, where, text, round, viewer) for every caption, body and task text of the Partners lessons."""
    for lesson_id in LESSONS:
        lesson = load_lesson(lesson_id)
        if len(lesson.start["hands"]) != 4 or lesson.rules.get("preset") != "laplaza_partners":
            continue
        text = lesson.text(lang)
        frames = lesson.frames()
        for frame in frames:
            yield lesson_id, frame.caption, text.captions.get(frame.caption, ""), frame.round, lesson.viewer
        yield lesson_id, "body", text.body, frames[-1].round, lesson.viewer
        if lesson.task is not None:
            for key in ("prompt", "right", "wrong"):
                yield lesson_id, f"task.{key}", text.task.get(key, ""), lesson.task.round(), lesson.task.viewer


@pytest.mark.parametrize("lang", sorted(PASSED))
def test_every_pass_claim_is_a_pass_the_history_shows(lang):
    checked = 0
    for lesson_id, where, text, rnd, viewer in _texts_with_rounds(lang):
        passed = _passed_on(rnd, viewer)
        for seat, numbers, words in pass_claims(lang, text):
            checked += 1
            assert numbers <= passed.get(seat, set()), (lesson_id, where, words, sorted(passed.get(seat, ())))
    assert checked >= 4  # the patterns still find the claims the lessons make


@pytest.mark.parametrize("lang, text, seat, numbers", [
    ("en", "Luis has passed on 0, 2 and 3, and Marco on 0 and 5.", 1, {0, 2, 3}),
    ("nl", "Luis paste op 0, 2 en 3, Marco op 0 en 5.", 1, {0, 2, 3}),
    ("pt", "O Luis passou no 0, no 2 e no 3, e o Marco no 0 e no 5.", 1, {0, 2, 3}),
    ("es", "Luis pasó con el 0, el 2 y el 3, y Marco con el 0 y el 5.", 1, {0, 2, 3}),
    ("es", "Luis pasó al 0, al 2 y al 3, Marco al 0 y al 5.", 1, {0, 2, 3}),
])
def test_a_planted_false_pass_is_read_and_caught(lang, text, seat, numbers):
    """The old kill-a-double task: Luis passed once, on 0 and 3, never on 2."""
    claims = pass_claims(lang, text)
    assert (seat, numbers) in [(s, n) for s, n, _ in claims] and (3, {0, 5}) in [(s, n) for s, n, _ in claims]
    task = load_lesson("strategy-kill-a-double").task
    passed = _passed_on(task.round(), task.viewer)
    assert passed[1] == {0, 3} and not numbers <= passed[1]


#: "his two neighbours have no 2": the seat whose neighbours they are is the last one named before
NEIGHBOURS_HAVE_NO = {
    "en": r"(?:his|her|(?:Luis|Ana|Marco)'s) (?:two )?neighbours (?:have|has) no (\d)",
    "nl": r"(?:zijn|haar) (?:twee )?buren hebben geen (\d)",
    "pt": r"(?:os )?(?:dois )?vizinhos (?:dele|dela) não têm (?:nenhum )?(\d)",
    "es": r"sus (?:dos )?vecinos no tienen (?:ningún )?(\d)",
}


def neighbour_problems(lang: str, text: str, rnd, viewer: int) -> list[str]:
    problems = []
    for match in re.finditer(NEIGHBOURS_HAVE_NO[lang], text):
        named = re.findall("|".join(SEATS), text[:match.end()])
        owner = SEAT_OF[named[-1]]
        number = int(match.group(1))
        view = rnd.view(viewer)
        voids = view.cannot_hold()
        for seat in ((owner - 1) % rnd.n, (owner + 1) % rnd.n):
            lacks = all(number not in (t.low, t.high) for t in rnd.hand(seat)) if seat == viewer else number in voids.get(seat, ())
            if not lacks:
                problems.append(f"{match.group(0)!r}: seat {seat}, a neighbour of seat {owner}, may hold a {number}")
    return problems


@pytest.mark.parametrize("lang", sorted(NEIGHBOURS_HAVE_NO))
def test_neighbours_are_the_seats_beside_and_lack_what_the_text_says(lang):
    for lesson_id, where, text, rnd, viewer in _texts_with_rounds(lang):
        assert neighbour_problems(lang, text, rnd, viewer) == [], (lesson_id, where)


@pytest.mark.parametrize("lang, text", [
    ("en", "So the 2-2 is with Luis: it is not on the table, not in your hand, and his two neighbours have no 2."),
    ("nl", "Dus zit de 2-2 bij Luis: hij ligt niet op tafel, zit niet bij jou, en zijn twee buren hebben geen 2."),
    ("pt", "Então a carroça de dois está com o Luis: não está na mesa, nem com você, e os dois vizinhos dele não têm 2."),
    ("es", "Entonces el doble dos lo tiene Luis: no está en la mesa ni en tu mano, y sus dos vecinos no tienen ningún 2."),
])
def test_a_planted_wrong_neighbour_is_caught(lang, text):
    """Luis's neighbours are you (holding the 1-2) and Ana; Marco, who passed, is his partner."""
    frame = load_lesson("strategy-kill-a-double").frames()[1]
    assert neighbour_problems(lang, text, frame.round, 0)


#: why a seat leads a later round: "<seat> went out in the first round, so <seat> leads"
WENT_OUT_SO_LEADS = {
    "en": r"\b(You|Luis|Ana|Marco) went out in the first round, so",
    "nl": r"\b(Jij|Luis|Ana|Marco) (?:bent|is|ging) in de eerste ronde uit(?:gegaan)?, dus",
    "pt": r"\b(Você|Luis|Ana|Marco) bateu na primeira",
    "es": r"\b(Tú|Luis|Ana|Marco) domin(?:ó|aste) la primera",
}
#: the side-based rule La Plaza does not have: "your side won the first round, so you lead"
SIDE_WON_SO_LEADS = {
    "en": r"side won[^.]*, so [^.]*\blead",
    "nl": r"kant won[^.]*, dus [^.]*\buit\b",
    "pt": r"dupla ganhou[^.]*, então [^.]*\bsai\b",
    "es": r"pareja ganó[^.]*, así que [^.]*\bsale",
}


def lead_problems(lang: str, text: str, rnd, viewer: int) -> list[str]:
    problems = [f"{m.group(0)!r}: at La Plaza whoever went out leads, not a side"
                for m in re.finditer(SIDE_WON_SO_LEADS[lang], text)]
    you = {"en": "You", "nl": "Jij", "pt": "Você", "es": "Tú"}[lang]
    for match in re.finditer(WENT_OUT_SO_LEADS[lang], text):
        seat = viewer if match.group(1) == you else SEAT_OF[match.group(1)]
        if rnd.leader != seat:
            problems.append(f"{match.group(0)!r}: seat {rnd.leader} led this round")
    return problems


@pytest.mark.parametrize("lang", sorted(SIDE_WON_SO_LEADS))
def test_who_leads_and_why_is_the_rounds_leader(lang):
    checked = 0
    for lesson_id, where, text, rnd, viewer in _texts_with_rounds(lang):
        if where not in ("intro", "body"):
            continue
        start = load_lesson(lesson_id).start_round()
        checked += len(re.findall(WENT_OUT_SO_LEADS[lang], text))
        assert lead_problems(lang, text, start, viewer) == [], (lesson_id, where)
    assert checked >= 2  # strategy-the-lead and strategy-take-control say why their leader leads


@pytest.mark.parametrize("lang, text", [
    ("en", "Round two. Your side won the first round, so you lead, and you may lead any tile."),
    ("nl", "Ronde twee. Jullie kant won de eerste ronde, dus jij komt uit, en je mag elke steen kiezen."),
    ("pt", "Segunda mão. A sua dupla ganhou a primeira, então você sai, e pode sair com qualquer pedra."),
    ("es", "Segunda mano. Tu pareja ganó la primera, así que sales tú, y puedes salir con cualquier ficha."),
    ("en", "Round two. Ana went out in the first round, so she leads."),
])
def test_a_planted_wrong_lead_reason_is_caught(lang, text):
    start = load_lesson("strategy-the-lead").start_round()
    assert start.leader == 0
    assert lead_problems(lang, text, start, 0)


# ---------------------------------------------------------------- Goat's final standings
# The seeds' one gap (issue 47, item 6): Goat ranks every player at the match's end, lowest
# total first; equal totals share a place (the next one is skipped) and everyone on 101 or more
# is a goat (KZ-13, A-22). Every sentence of a Kozel caption or task text about a round that ends
# the match is read for places, totals and goats, and each is checked against engine.match.ranking.

#: a numbered seat or the viewer, as the texts name them ("Player 3", "speler 3", "o jogador 3", "Tú")
RANK_SEAT = {
    "en": r"\b(?:(You|you)|Player ([1-4]))\b",
    "nl": r"\b(?:(Jij|jij)|[Ss]peler ([1-4]))\b",
    "pt": r"(?<!\w)(?:(Você|você)|[Jj]ogador ([1-4]))\b",
    "es": r"(?<!\w)(?:(Tú|tú)|[Jj]ugador ([1-4]))\b",
}
PLACES = {
    "en": {"first": 1, "second": 2, "third": 3, "fourth": 4},
    "nl": {"eerste": 1, "tweede": 2, "derde": 3, "vierde": 4},
    "pt": {"primeiro": 1, "segundo": 2, "terceiro": 3, "quarto": 4},
    "es": {"primero": 1, "primer": 1, "segundo": 2, "tercero": 3, "tercer": 3, "cuarto": 4},
}
#: the goat as a role, in lower case (the game's own name is capitalised: Goat, Geit, Bode, Cabra)
GOAT_WORD = {"en": r"\bgoats?\b", "nl": r"\bgeit(?:en)?\b", "pt": r"\bbodes?\b", "es": r"\bcabras?\b"}
#: a place nobody holds: "there is no third place", "er is geen derde plaats", "não há terceiro lugar"
NO_ONE = {"en": r"\b(?:no|nobody)\b", "nl": r"\b(?:geen|niemand)\b", "pt": r"\b(?:não há|ninguém)\b",
          "es": r"\b(?:no hay|nadie)\b"}


def standing_problems(lang: str, text: str, standings, viewer: int) -> tuple[list[str], int]:
    """Every place, total and goat that ``text`` states, checked against ``standings``
    (``engine.match.ranking`` of the totals after the round): (problems, claims read)."""
    by_seat = {s.side: s for s in standings}
    problems, read = [], 0
    for sentence in re.split(r"[.;:!?]", text):
        seats = {viewer if m.group(1) else int(m.group(2)) - 1 for m in re.finditer(RANK_SEAT[lang], sentence)}
        bare = re.sub(RANK_SEAT[lang], " ", sentence)
        places = {PLACES[lang][w.lower()] for w in re.findall(r"\w+", bare) if w.lower() in PLACES[lang]}
        if len(places) == 1:
            place = places.pop()
            if seats:
                read += 1
                totals = {int(n) for n in re.findall(r"\b\d+\b", bare)}
                for seat in seats:
                    if by_seat[seat].rank != place:
                        problems.append(f"{sentence.strip()!r}: seat {seat} is placed {by_seat[seat].rank}")
                    if totals and totals != {by_seat[seat].total}:
                        problems.append(f"{sentence.strip()!r}: seat {seat} has {by_seat[seat].total}")
            elif re.search(NO_ONE[lang], bare):
                read += 1
                if any(s.rank == place for s in standings):
                    problems.append(f"{sentence.strip()!r}: somebody is placed {place}")
        if seats and re.search(GOAT_WORD[lang], bare):
            read += 1
            problems += [f"{sentence.strip()!r}: seat {seat} is not a goat" for seat in seats if not by_seat[seat].goat]
    return problems, read


def _match_ends(lang: str):
    """(lesson, where, text, standings, viewer) for every Kozel caption and task text whose round ends the match."""
    from lessons.model import final_standings as final

    for lesson_id in LESSONS:
        lesson = load_lesson(lesson_id)
        if lesson.rules.get("preset") != "kozel":
            continue
        text = lesson.text(lang)
        for frame in lesson.frames():
            if (standings := final(frame.round)) is not None:
                yield lesson_id, frame.caption, text.captions.get(frame.caption, ""), standings, lesson.viewer
        if lesson.task is not None and (standings := final(lesson.task.round())) is not None:
            for key in ("prompt", "right", "wrong"):
                yield lesson_id, f"task.{key}", text.task.get(key, ""), standings, lesson.task.viewer


@pytest.mark.parametrize("lang", sorted(PLACES))
def test_every_place_total_and_goat_is_the_engines_final_ranking(lang):
    read, ranked = 0, set()
    for lesson_id, where, text, standings, viewer in _match_ends(lang):
        problems, n = standing_problems(lang, text, standings, viewer)
        assert problems == [], (lesson_id, where, problems)
        read += n
        seats = {viewer if m.group(1) else int(m.group(2)) - 1 for m in re.finditer(RANK_SEAT[lang], text)}
        if n and seats == {s.side for s in standings}:
            ranked.add(lesson_id)
    # the patterns still read the claims: a whole final ranking (first, a shared place, a place
    # nobody holds, the goat) and the goat tasks
    assert read >= 6 and "kozel-penalties" in ranked


def test_the_final_ranking_step_shows_a_first_a_shared_place_and_a_goat():
    lesson = load_lesson("kozel-penalties")
    frame = lesson.frames()[-1]
    assert frame.action is None and frame.caption == "final_ranking"
    standings = next(s for _, where, _, s, _ in _match_ends("en") if where == "final_ranking")
    ranks = [s.rank for s in standings]
    assert ranks[0] == 1 and len(set(ranks)) < len(ranks) and any(s.goat for s in standings)


@pytest.mark.parametrize("lang, text", [
    ("en", "Player 2 is third with 103 and is the goat."),          # after a shared second, nobody is third
    ("en", "You are first with 84."),
    ("en", "Player 4 is second with 84 and is the goat."),
    ("en", "There is no second place."),
    ("nl", "Speler 2 is derde met 103 en is de geit."),
    ("nl", "Jij bent eerste met 84."),
    ("nl", "Jij en speler 4 hebben allebei 78 en delen de tweede plaats."),
    ("pt", "O jogador 2 fica em terceiro, com 103, e é o bode."),
    ("pt", "Você e o jogador 3 dividem o segundo lugar."),
    ("pt", "O jogador 4 fica em segundo, com 84, e é o bode."),
    ("es", "El jugador 2 queda tercero, con 103, y es la cabra."),
    ("es", "Tú quedas primero, con 84."),
    ("es", "Por eso no hay segundo lugar."),
])
def test_a_planted_wrong_place_total_or_goat_is_caught(lang, text):
    """The lesson's final standings: Player 3 first on 78, you and Player 4 second on 84, Player 2 fourth on 103."""
    standings = next(s for _, where, _, s, _ in _match_ends(lang) if where == "final_ranking")
    problems, read = standing_problems(lang, text, standings, 0)
    assert read and problems


# ---------------------------------------------------------------- counts: tiles of a number, the stock, partners
# Issue 47, item 2: "how many tiles of a number are down or held", "a count" and "who sits where"
# are read in the four languages like the claims above. Every caption is checked against its
# frame, the body against the last frame and the task texts against the task's position.

def _all_texts(lang: str):
    """(lesson, where, text, rounds, viewer) for every caption, body and task text of every lesson:
    a caption speaks of its frame and a task text of the task's position; the body walks through
    the lesson, so each of its claims must hold at one of the steps."""
    for lesson_id in LESSONS:
        lesson = load_lesson(lesson_id)
        text = lesson.text(lang)
        frames = lesson.frames()
        for frame in frames:
            yield lesson_id, frame.caption, text.captions.get(frame.caption, ""), [frame.round], lesson.viewer
        yield lesson_id, "body", text.body, [f.round for f in frames], lesson.viewer
        if lesson.task is not None:
            for key in ("prompt", "right", "wrong"):
                yield lesson_id, f"task.{key}", text.task.get(key, ""), [lesson.task.round()], lesson.task.viewer


def _checked(check, lang: str, text: str, rounds, viewer: int) -> tuple[list[str], int]:
    """``check`` of each claim in ``text`` at the rounds it may speak of: a claim true at one of them passes."""
    problems, read = check(lang, text, rounds[0], viewer)
    if not problems:
        return problems, read
    per_round = [set(check(lang, text, rnd, viewer)[0]) for rnd in rounds]
    # a claim is wrong only if it is wrong at every step (a message is "<the words>: <the fact>")
    claims = {p.rsplit(": ", 1)[0] for p in problems}
    wrong = {c for c in claims if all(any(p.startswith(c + ": ") for p in ps) for ps in per_round)}
    return [p for p in problems if p.rsplit(": ", 1)[0] in wrong], read


#: a count in words or digits; "all"/"the seven" in front of "seven <suit>" mean all seven
NUMBER_WORDS = {
    "en": {**WORDS, "zero": 0, "eight": 8, "nine": 9, "ten": 10},
    "nl": {"geen": 0, "een": 1, "één": 1, "twee": 2, "drie": 3, "vier": 4, "vijf": 5, "zes": 6, "zeven": 7,
           "alle": 7, "acht": 8, "negen": 9, "tien": 10},
    "pt": {"nenhum": 0, "nenhuma": 0, "um": 1, "uma": 1, "dois": 2, "duas": 2, "três": 3, "quatro": 4,
           "cinco": 5, "seis": 6, "sete": 7, "as": 7, "todas": 7, "oito": 8, "nove": 9, "dez": 10},
    "es": {"ninguna": 0, "ninguno": 0, "una": 1, "uno": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5,
           "seis": 6, "siete": 7, "las": 7, "todas": 7, "ocho": 8, "nueve": 9, "diez": 10},
}
#: a number as the name of a suit ("the 6s": zessen, seis, seises), singular and plural
SUIT_WORDS = {
    "en": {},
    "nl": {"blanco's": 0, "nullen": 0, "enen": 1, "tweeën": 2, "drieën": 3, "vieren": 4, "vijven": 5, "zessen": 6},
    "pt": {"branco": 0, "brancos": 0, "um": 1, "uns": 1, "dois": 2, "três": 3, "quatro": 4, "quatros": 4,
           "cinco": 5, "cincos": 5, "seis": 6},
    "es": {"blanco": 0, "blancos": 0, "uno": 1, "unos": 1, "dos": 2, "doses": 2, "tres": 3, "treses": 3,
           "cuatro": 4, "cuatros": 4, "cinco": 5, "cincos": 5, "seis": 6, "seises": 6},
}
#: "<n> of the seven <suit> are down" (kind "down") and "you hold <n> of the seven <suit>" (kind "held")
SUIT_COUNT = {
    "en": [("down", r"\b(?P<n>\w+) of the seven (?P<suit>\d)s (?:are|is) (?:still )?(?:on the table|down|played|out)"),
           ("down", r"\b(?P<n>all) seven (?P<suit>\d)s (?:are|is) (?:on the table|down|played|out)"),
           ("held", r"\b(?:You|you) (?:hold|have) (?P<n>\w+) of the seven (?P<suit>\d)s")],
    "nl": [("down", r"\b(?P<n>\w+) van de zeven (?P<suit>[\w']+) liggen (?:al )?op tafel"),
           ("down", r"\b(?P<n>alle) zeven stenen met een (?P<suit>\d) liggen (?:al )?op tafel"),
           ("down", r"\b(?P<n>alle) zeven (?P<suit>[\w']+) liggen (?:al )?op tafel"),
           ("held", r"\b(?:Jij|jij) hebt (?P<n>\w+) van de zeven (?P<suit>[\w']+)")],
    "pt": [("down", r"\b(?P<n>\w+) dos sete (?P<suit>\w+) (?:já )?estão na mesa"),
           ("down", r"\b[Dd]as sete pedras de (?P<suit>\w+), (?P<n>\w+) (?:já )?estão na mesa"),
           ("down", r"\b(?P<n>[Aa]s) sete pedras de (?P<suit>\w+) (?:já )?estão na mesa"),
           ("held", r"(?<!\w)(?:Você|você) tem (?P<n>\w+) dos sete (?P<suit>\w+)")],
    "es": [("down", r"\b(?P<n>\w+) de los siete (?P<suit>\w+) (?:ya )?están en la mesa"),
           ("down", r"\b[Dd]e las siete fichas del (?P<suit>\w+), (?P<n>\w+) (?:ya )?están en la mesa"),
           ("down", r"\b(?P<n>[Ll]as) siete fichas del (?P<suit>\w+) (?:ya )?están en la mesa"),
           ("held", r"(?<!\w)(?:Tú|tú) tienes (?P<n>\w+) de los siete (?P<suit>\w+)")],
}


def _number(lang: str, word: str, words: dict) -> int | None:
    return int(word) if word.isdigit() else words.get(word.lower())


def suit_count_problems(lang: str, text: str, rnd, viewer: int) -> tuple[list[str], int]:
    """Every "<n> of the seven <suit>s are down / you hold" of ``text`` against the line and your hand."""
    problems, read = [], 0
    for kind, pattern in SUIT_COUNT[lang]:
        for match in re.finditer(pattern, text):
            said = _number(lang, match.group("n"), NUMBER_WORDS[lang])
            suit = _number(lang, match.group("suit"), SUIT_WORDS[lang])
            if said is None or suit is None:
                problems.append(f"{match.group(0)!r}: the count or the number is not one this test knows")
                continue
            read += 1
            tiles = rnd.line if kind == "down" else [(t.low, t.high) for t in rnd.hand(viewer)]
            actual = sum(1 for a, b in tiles if suit in (a, b))
            if said != actual:
                problems.append(f"{match.group(0)!r}: {actual} of the {suit}s are {kind}")
    return problems, read


@pytest.mark.parametrize("lang", sorted(SUIT_COUNT))
def test_every_suit_count_is_what_the_line_or_your_hand_shows(lang):
    read = 0
    for lesson_id, where, text, rounds, viewer in _all_texts(lang):
        problems, n = _checked(suit_count_problems, lang, text, rounds, viewer)
        assert problems == [], (lesson_id, where, problems)
        read += n
    assert read >= 9  # the patterns still find the claims the lessons make (8 down, 1 held)


@pytest.mark.parametrize("lang, text", [
    ("en", "Six of the seven 6s are on the table."),
    ("en", "You hold three of the seven 6s."),
    ("nl", "Zes van de zeven zessen liggen al op tafel."),
    ("nl", "Jij hebt drie van de zeven zessen."),
    ("pt", "Seis dos sete seis já estão na mesa."),
    ("pt", "Das sete pedras de seis, quatro já estão na mesa."),
    ("pt", "Você tem três dos sete seis."),
    ("es", "Seis de los siete seises ya están en la mesa."),
    ("es", "De las siete fichas del seis, cuatro ya están en la mesa."),
    ("es", "Tú tienes tres de los siete seises."),
])
def test_a_planted_wrong_suit_count_is_caught(lang, text):
    """strategy-long-suit's start: one 6 is down (Luis's 6-6) and you hold four."""
    lesson = load_lesson("strategy-long-suit")
    rnd = lesson.frames()[0].round
    assert list(rnd.line) == [(6, 6)] and sum(6 in (t.low, t.high) for t in rnd.hand(lesson.viewer)) == 4
    problems, read = suit_count_problems(lang, text, rnd, lesson.viewer)
    assert read == 1 and problems


#: who sits on your side: "Ana, your partner", "Luis and Marco are the other side", "Marco, an opponent"
_N = r"(Luis|Ana|Marco)"
SEATING = {
    "en": [("partner", _N + r"(?:'s)?[:,]? (?:is )?your partner\b"),
           ("partner", r"\byour partner,? " + _N),
           ("opponents", _N + r" and " + _N + r" are (?:the other side|your opponents)"),
           ("opponents", _N + r",? (?:is )?(?:an|your) opponent\b")],
    "nl": [("partner", _N + r",? (?:is )?je partner\b"),
           ("partner", _N + r" aan de beurt: je partner\b"),
           ("partner", r"\bje partner,? " + _N),
           ("opponents", _N + r" en " + _N + r" vormen de andere kant"),
           ("opponents", _N + r",? (?:is )?(?:een|je) tegenstander\b")],
    "pt": [("partner", _N + r",? (?:é )?(?:a |o )?(?:sua parceira|seu parceiro)\b"),
           ("partner", r"\b(?:sua parceira|seu parceiro),? (?:o |a )?" + _N),
           ("opponents", _N + r" e o " + _N + r" são a outra dupla"),
           ("opponents", _N + r",? (?:é )?(?:um|seu) adversário\b")],
    "es": [("partner", _N + r"[:,]? (?:es )?tu (?:compañera|compañero)\b"),
           ("partner", r"\b[Tt]u (?:compañera|compañero) es " + _N),
           ("opponents", _N + r" y " + _N + r" son la otra pareja"),
           ("opponents", _N + r",? (?:es )?(?:un|tu) rival\b")],
}


def seating_problems(lang: str, text: str, rnd, viewer: int) -> tuple[list[str], int]:
    """Every seat ``text`` calls your partner or an opponent, against the rules' sides."""
    problems, read = [], 0
    rules = rnd.rules
    for kind, pattern in SEATING[lang]:
        for match in re.finditer(pattern, text):
            read += 1
            for name in match.groups():
                same = rules.partnerships == "opposite" and rules.side_of(SEAT_OF[name]) == rules.side_of(viewer)
                if same != (kind == "partner"):
                    problems.append(f"{match.group(0)!r}: {name} (seat {SEAT_OF[name]}) is "
                                    f"{'your partner' if same else 'not your partner'}")
    return problems, read


@pytest.mark.parametrize("lang", sorted(SEATING))
def test_every_partner_and_opponent_is_the_seat_the_rules_give(lang):
    read = 0
    for lesson_id, where, text, rounds, viewer in _all_texts(lang):
        problems, n = _checked(seating_problems, lang, text, rounds, viewer)
        assert problems == [], (lesson_id, where, problems)
        read += n
    assert read >= 5  # partners-seats names your partner and the other side in its body and steps


@pytest.mark.parametrize("lang, text", [
    ("en", "Luis, your partner, sits across from you."),
    ("en", "Ana and Marco are the other side."),
    ("en", "Marco, your partner, passes."),
    ("en", "Ana, an opponent, lays the 3-6."),
    ("nl", "Luis, je partner, zit tegenover je."),
    ("nl", "Ana en Marco vormen de andere kant."),
    ("nl", "Ana, een tegenstander, legt de 3-6."),
    ("pt", "O Luis, seu parceiro, está na sua frente."),
    ("pt", "A Ana e o Marco são a outra dupla."),
    ("pt", "Ana, um adversário, joga a 3-6."),
    ("es", "Marco, tu compañero, está frente a ti."),
    ("es", "Ana y Marco son la otra pareja."),
    ("es", "Ana, un rival, pone la 3-6."),
])
def test_a_planted_wrong_seat_is_caught(lang, text):
    """At La Plaza Partners you (seat 0) sit with Ana (seat 2); Luis and Marco are the other side."""
    lesson = load_lesson("partners-seats")
    problems, read = seating_problems(lang, text, lesson.frames()[0].round, lesson.viewer)
    assert read and problems


def _num(lang: str) -> str:
    """A count in digits or words, not part of a tile name like 4-4."""
    words = "|".join(sorted((w for w in NUMBER_WORDS[lang] if w not in ("as", "las", "all", "alle", "no", "geen")),
                            key=len, reverse=True))
    return rf"(?<![\w-])(?P<n>\d+|(?i:{words}))(?![\w-])"


#: "two tiles are left in the stock", "you have one tile left", "your opponent has 7 tiles":
#: (whose tiles, pattern); "stock" counts the stock, "you" your hand, "opponent" the other hand of two
TILE_COUNT = {
    "en": [("stock", r"{n} (?:tiles? )?(?:(?:are|is|lie|still|left|face|down)\s+){{0,4}}in the stock"),
           ("you", r"\b(?:You|you) (?:have|hold) {n} tiles?\b(?! with| of)"),
           ("opponent", r"\b[Yy]our opponent (?:has|holds) {n} tiles?\b")],
    "nl": [("stock", r"{n} (?:stenen |steen )?(?:(?:liggen|ligt|zit|zitten|nog|dicht)\s+){{0,3}}in de pot"),
           ("you", r"\b(?:Jij|jij|Je|je) hebt (?:nog )?{n} (?:stenen|steen)\b(?! met| van| die)"),
           ("opponent", r"\b[Jj]e tegenstander heeft (?:nog |ook )?{n} (?:stenen|steen)\b")],
    "pt": [("stock", r"(?<!as )(?<!os )(?<!de ){n} (?:pedras? )?(?:(?:restantes|ainda|estão|está|viradas|para|baixo)\s+){{0,4}}(?:no|do) monte"),
           ("you", r"(?<!\w)(?:Você|você) tem (?:só )?{n} pedras?\b(?! de| com)"),
           ("you", r"\b(?:[Ss]obra|[Ss]obram|[Rr]esta|[Rr]estam) {n} pedras? na sua mão"),
           ("opponent", r"\b[Ss]eu adversário (?:também )?tem {n} pedras?\b")],
    "es": [("stock", r"(?<!las )(?<!los )(?<!de ){n} (?:fichas? )?(?:(?:siguen|sigue|quedan|queda|boca|abajo|todavía)\s+){{0,3}}(?:en el|del) pozo"),
           ("you", r"(?<!\w)[Tt]ienes {n} fichas?\b(?! de| con| del)"),
           ("you", r"\b[Tt]e queda(?:n)? (?:una sola |solo )?{n} (?:sola )?fichas?\b"),
           ("opponent", r"\b[Tt]u rival (?:también )?tiene {n} fichas?\b"),
           ("opponent", r"\b[Aa] tu rival le queda(?:n)? {n} fichas?\b")],
}


def tile_count_problems(lang: str, text: str, rnd, viewer: int) -> tuple[list[str], int]:
    """Every count of tiles in the stock, in your hand or in your one opponent's hand, against the round."""
    problems, read = [], 0
    for whose, pattern in TILE_COUNT[lang]:
        for match in re.finditer(pattern.format(n=_num(lang)), text):
            read += 1
            said = _number(lang, match.group("n"), NUMBER_WORDS[lang])
            if whose == "opponent" and rnd.n != 2:
                problems.append(f"{match.group(0)!r}: 'your opponent' is one seat only with two players")
                continue
            actual = {"stock": lambda: len(rnd.stock), "you": lambda: len(rnd.hand(viewer)),
                      "opponent": lambda: len(rnd.hand(1 - viewer))}[whose]()
            if said != actual:
                problems.append(f"{match.group(0)!r}: {actual} tiles ({whose})")
    return problems, read


@pytest.mark.parametrize("lang", sorted(TILE_COUNT))
def test_every_count_of_tiles_in_the_stock_or_a_hand_is_the_rounds(lang):
    read = {"stock": 0, "you": 0, "opponent": 0}
    for lesson_id, where, text, rounds, viewer in _all_texts(lang):
        problems, _ = _checked(tile_count_problems, lang, text, rounds, viewer)
        assert problems == [], (lesson_id, where, problems)
        for whose, pattern in TILE_COUNT[lang]:
            read[whose] += len(re.findall(pattern.format(n=_num(lang)), text))
    # the patterns still find the claims the lessons make
    assert read["stock"] >= 10 and read["you"] >= 7 and read["opponent"] >= 2, read


@pytest.mark.parametrize("lang, text", [
    ("en", "Two tiles are left in the stock."),
    ("en", "You hold five tiles, 41 pips."),
    ("en", "Your opponent has two tiles."),
    ("nl", "Er liggen nog twee stenen in de pot."),
    ("nl", "Jij hebt vijf stenen, 41 ogen."),
    ("nl", "Je tegenstander heeft nog twee stenen."),
    ("pt", "Restam duas pedras no monte."),
    ("pt", "Você tem cinco pedras, 41 pontos."),
    ("pt", "O seu adversário tem duas pedras."),
    ("es", "Quedan dos fichas en el pozo."),
    ("es", "Tienes cinco fichas, 41 puntos."),
    ("es", "A tu rival le quedan dos fichas."),
])
def test_a_planted_wrong_tile_count_is_caught(lang, text):
    """strategy-1v1-stock's start: three tiles in the stock, six in your hand, three in hers."""
    lesson = load_lesson("strategy-1v1-stock")
    rnd = lesson.frames()[0].round
    assert (len(rnd.stock), len(rnd.hand(lesson.viewer)), len(rnd.hand(1 - lesson.viewer))) == (3, 6, 3)
    problems, read = tile_count_problems(lang, text, rnd, lesson.viewer)
    assert read == 1 and problems


#: the pips in your hand: "you hold six tiles, 41 pips", "you have 14 pips". In pt and es "pontos" and
#: "puntos" are also a score, so only the "<n> tiles, <p> points" form is read as pips there.
YOUR_PIPS = {
    "en": r"\b(?:You|you) (?:have|hold) (?:\w+ tiles?, )?(?P<p>\d+) pips\b",
    "nl": r"\b(?:Jij|jij|Je|je) hebt (?:\w+ stenen, )?(?P<p>\d+) ogen\b",
    "pt": r"(?<!\w)(?:Você|você) tem \w+ pedras, (?P<p>\d+) pontos\b",
    "es": r"(?<!\w)(?:Tú tienes|tú tienes|Tienes|tienes) \w+ fichas, (?P<p>\d+) puntos\b",
}


def pip_problems(lang: str, text: str, rnd, viewer: int) -> tuple[list[str], int]:
    problems, read = [], 0
    for match in re.finditer(YOUR_PIPS[lang], text):
        read += 1
        pips = sum(t.low + t.high for t in rnd.hand(viewer))
        if int(match.group("p")) != pips:
            problems.append(f"{match.group(0)!r}: your hand holds {pips} pips")
    return problems, read


@pytest.mark.parametrize("lang", sorted(YOUR_PIPS))
def test_every_count_of_your_pips_is_your_hands(lang):
    read = 0
    for lesson_id, where, text, rounds, viewer in _all_texts(lang):
        problems, n = _checked(pip_problems, lang, text, rounds, viewer)
        assert problems == [], (lesson_id, where, problems)
        read += n
    assert read >= 3  # strategy-1v1-stock (start and task) and strategy-kozel-shed


@pytest.mark.parametrize("lang, text", [
    ("en", "You hold six tiles, 40 pips."),
    ("nl", "Jij hebt zes stenen, 40 ogen."),
    ("pt", "Você tem seis pedras, 40 pontos."),
    ("es", "Tienes seis fichas, 40 puntos."),
])
def test_a_planted_wrong_pip_count_is_caught(lang, text):
    """strategy-1v1-stock's start: your six tiles hold 41 pips."""
    lesson = load_lesson("strategy-1v1-stock")
    rnd = lesson.frames()[0].round
    problems, read = pip_problems(lang, text, rnd, lesson.viewer)
    assert read == 1 and problems

"""The daily puzzle: the same small set for everyone on a date, rising in difficulty.

Link: ``?daily=YYYY-MM-DD`` (today by default). Answers are kept per profile and make
the streak; the share text gives results without spoilers.
"""

import datetime as dt
from functools import partial

import streamlit as st

from progress import ProgressError
from progress.stats import daily_results, streak
from puzzles import daily_set, share_text
from ui import session
from ui.shell import page_file
from ui.parts.puzzle_view import show_puzzle
from ui.parts.rating_view import rated_choice, rated_toggle
from ui.parts.worksheet import daily_worksheet

tr = session.tr()
today = session.today()
ARCHIVE_DAYS = 14
#: The first day with a daily set: the archive and links go no further back.
FIRST_DAY = dt.date(2026, 1, 1)

# ------------------------------------------------------------------ which day
raw = st.query_params.get("daily")
day = today
if raw:
    try:
        day = dt.date.fromisoformat(str(raw))
    except ValueError:
        session.notice("notice.bad_date", value=str(raw)[:20])
    else:
        if day > today:
            session.notice("notice.future_date")
            day = today
        elif day < FIRST_DAY:
            session.notice("daily.too_early", value=str(raw)[:20], first=FIRST_DAY.isoformat())
            day = today
st.query_params["daily"] = day.isoformat()
session.show_notices()


puzzles = daily_set(day)  # cached by the puzzles package itself
st.title(tr("daily.title"))
past = day < today
st.caption(tr("daily.intro_past" if past else "daily.intro", date=day.isoformat(), count=len(puzzles)))
st.download_button(tr("worksheet.download"), help=tr("worksheet.download_help"), icon=":material/print:",
                   data=partial(daily_worksheet, day, session.lang()),
                   file_name=f"capicu-daily-{day.isoformat()}-{session.lang()}.pdf", mime="application/pdf",
                   on_click="ignore", key="daily_worksheet")  # built only when clicked (about 1 s)

# ------------------------------------------------------------------ results so far
results_key = f"daily:{day.isoformat()}"
results: dict[str, bool] = st.session_state.setdefault(results_key, {})
profile = session.profile()
attempts = None  # the profile's saved attempts, read once per run
if profile is not None:
    try:
        attempts = session.store().attempts(profile.id)
    except ProgressError:
        session.notice("notice.not_saved")
if attempts is not None and len(attempts) and not results:
    # A profile that answered this day's set before (another session) sees its first tries.
    ids = {p.id for p in puzzles}
    mine = attempts[(attempts["daily"].dt.date == day) & attempts["puzzle_id"].isin(ids)]
    for row in mine.drop_duplicates("puzzle_id").itertuples():
        results[row.puzzle_id] = bool(row.correct)

for number, puzzle in enumerate(puzzles, 1):
    # An answer given in this run's callbacks counts before the progress bar is drawn.
    verdict = st.session_state.get(f"daily:{day.isoformat()}:{number}:verdict")
    if verdict is not None and puzzle.id not in results:
        results[puzzle.id] = bool(verdict.correct)

progress_bar = st.progress(len(results) / len(puzzles),
                           text=tr("daily.progress", done=len(results), total=len(puzzles)))
# Rated or not: the whole set, fixed at its first answer (no choosing puzzle by puzzle)
mode_key = f"daily:{day.isoformat()}:rated_mode"
if results and mode_key not in st.session_state:
    st.session_state[mode_key] = rated_choice()
set_rated = rated_toggle("daily", locked=st.session_state.get(mode_key) if results else None)

for number, puzzle in enumerate(puzzles, 1):
    with st.container(border=True):
        st.markdown(f"**{tr('daily.puzzle', n=number, total=len(puzzles))}**")
        if puzzle.id in results and f"daily:{day.isoformat()}:{number}:verdict" not in st.session_state:
            st.markdown(tr("daily.answered_before", mark="✅" if results[puzzle.id] else "❌"))
            continue
        show_puzzle(puzzle, key=f"daily:{day.isoformat()}:{number}", daily=day, allow_retry=False, rated=set_rated,
                    fix_rated=False)

# ------------------------------------------------------------------ done: share and streak
if len(results) == len(puzzles):
    st.subheader(tr("daily.done_past" if past else "daily.done", right=sum(results.values()), total=len(puzzles)))
    marks = [results[p.id] for p in puzzles]
    st.code(share_text(day, marks, session.lang()), language=None)
    st.caption(tr("daily.share_hint"))
if attempts is not None:
    run = streak(attempts, today, len(puzzles))
    st.metric(tr("daily.streak"), run.current, help=tr("daily.best", n=run.best))
    st.caption(tr("daily.days", n=run.current) + " · " + tr("daily.best", n=run.best))
elif profile is None:
    st.caption(tr("daily.profile_hint"))

# ------------------------------------------------------------------ archive
# A saved profile's marks survive a reload and a new session.
saved_days = set(daily_results(attempts)) if attempts is not None else set()
with st.expander(tr("daily.archive")):
    for back in range(min(ARCHIVE_DAYS, (today - FIRST_DAY).days + 1)):
        date = today - dt.timedelta(days=back)
        done = date in saved_days or st.session_state.get(f"daily:{date.isoformat()}")
        mark = ":material/check_circle:" if done else ":material/calendar_today:"
        st.page_link(page_file("daily"), label=date.isoformat(), icon=mark,
                     query_params={"daily": date.isoformat(), "lang": session.lang()})

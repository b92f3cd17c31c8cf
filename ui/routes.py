"""The routes ``serve.py`` mounts beside Streamlit's own (``st.App``): the live feeds of the
class quiz (``ui.parts.live.feed``) and of the tables (``ui.parts.tables.feed``).

Apart from both feeds, since the tables' feed stands on the quiz's.
"""

from __future__ import annotations

from starlette.routing import Route

from ui.parts.live.feed import feed_path, quiz_feed
from ui.parts.tables import feed as table_feed


def routes(base: str = "") -> list[Route]:
    return [Route(feed_path(base, "{code}"), quiz_feed, methods=["GET"]),
            Route(feed_path(base, "{code}", table_feed.PATH), table_feed.table_feed, methods=["GET"]),
            Route(feed_path(base, "{code}", table_feed.CLASS_PATH), table_feed.class_tables_feed, methods=["GET"])]

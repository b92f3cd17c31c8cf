"""Capicú served with its own routes: ``streamlit run serve.py`` (scripts/start.sh and
``capicu serve`` do; in a checkout ``serve.py`` is a link to this file).

``app.py`` beside it stays the app (navigation only); this file adds, beside Streamlit's
own routes, the long-poll route the class quiz's screens wait on (``ui/parts/live/feed.py``),
so no page reruns on a timer, and the route that sets the "stay signed in" cookie
``HttpOnly`` (``ui/parts/device_cookie.py``). Streamlit's settings for the app are in
``.streamlit/config.toml`` beside it, read from beside the main script.
"""

import streamlit as st
from streamlit import config

from ui.parts import device_cookie
from ui.routes import routes

app = st.App("app.py", routes=routes(config.get_option("server.baseUrlPath") or "") + device_cookie.routes())

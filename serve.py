"""Capicú served with its own routes: ``streamlit run serve.py`` (scripts/start.sh does).

``app.py`` stays the app (navigation only); this file adds, beside Streamlit's own routes,
the long-poll route the class quiz's screens wait on (``ui/parts/live/feed.py``), so no page
reruns on a timer, and the route that sets the "stay signed in" cookie ``HttpOnly``
(``ui/parts/device_cookie.py``).
"""

import streamlit as st
from streamlit import config

from ui.parts import device_cookie
from ui.routes import routes

app = st.App("app.py", routes=routes(config.get_option("server.baseUrlPath") or "") + device_cookie.routes())

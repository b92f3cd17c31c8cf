"""The device cookie set by the server, ``HttpOnly``: no script in the page can read it.

A Streamlit app talks to its page through a websocket, which cannot set a cookie; but
``serve.py`` mounts routes of its own beside Streamlit's (``st.App``), and their HTTP
responses can. So when a player ticks "Stay signed in", the session files the cookie's
new value here under a one-time nonce (:meth:`Nonces.issue`) and sends the page only the
nonce; the page POSTs it to :func:`route_path` and the answer sets the cookie:
``HttpOnly; SameSite=Strict; Path=`` the app's path (``server.baseUrlPath``), ``Secure``
when the page came over HTTPS. Signing out does the same with an empty value and
``Max-Age=0``. The token itself never reaches the page.

A nonce is good once, for :data:`NONCE_SECONDS`, and only in a same-origin request with
a JSON body (``Sec-Fetch-Site``; a cross-site page cannot send ``application/json``
without a CORS preflight, which this route never grants): a third party cannot plant a
cookie of its own profile in a player's browser, even with a nonce of its own session.

Without ``serve.py`` (``streamlit run app.py``) there is no route: :func:`mounted` is
False and ``ui/parts/device.py`` writes the cookie from the page's script instead.
"""

from __future__ import annotations

import secrets
import threading
import time
from typing import Callable, NamedTuple

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route
from streamlit import config

COOKIE = "capicu_device"
#: the route, under the app's path
PATH = "/device/cookie"
#: how long a nonce waits for its page's POST (seconds)
NONCE_SECONDS = 60.0
NO_STORE = {"Cache-Control": "no-store"}
_MAX_BODY = 1024


class CookieChange(NamedTuple):
    value: str  # "" clears the cookie
    max_age: int


class Nonces:
    """Cookie changes that sessions have filed, each waiting for one POST from its page.
    One per server process, shared by its sessions and its route."""

    def __init__(self, seconds: float = NONCE_SECONDS, clock: Callable[[], float] = time.monotonic) -> None:
        self._seconds, self._clock = seconds, clock
        self._waiting: dict[str, tuple[float, CookieChange]] = {}
        self._lock = threading.Lock()

    def issue(self, value: str, max_age: int) -> str:
        nonce = secrets.token_urlsafe(24)
        now = self._clock()
        with self._lock:
            self._waiting = {n: w for n, w in self._waiting.items() if w[0] > now}  # drop stale ones
            self._waiting[nonce] = (now + self._seconds, CookieChange(value, max_age))
        return nonce

    def redeem(self, nonce: object) -> CookieChange | None:
        """The change filed under ``nonce``, once, while it is fresh; otherwise None."""
        if not isinstance(nonce, str):
            return None
        with self._lock:
            until, change = self._waiting.pop(nonce, (0.0, None))
        return change if until > self._clock() else None


NONCES = Nonces()
_mounted = False


def mounted() -> bool:
    """Whether this server serves the route (``serve.py``), so the cookie can be HttpOnly."""
    return _mounted


def cookie_path() -> str:
    """The app's path on its server: "/" or "/<server.baseUrlPath>" (every page is under it)."""
    base = str(config.get_option("server.baseUrlPath") or "").strip("/")
    return f"/{base}" if base else "/"


def route_path() -> str:
    return cookie_path().rstrip("/") + PATH


def _same_origin_json(request: Request) -> bool:
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    # every current browser sends Sec-Fetch-Site; an older one is held by the JSON type alone
    site = request.headers.get("sec-fetch-site", "same-origin")
    return kind == "application/json" and site == "same-origin"


def _over_https(request: Request) -> bool:
    """The page came over HTTPS: as the server sees it, or as the browser says (``Origin``),
    when a proxy in front of the server ends the TLS."""
    return request.url.scheme == "https" or request.headers.get("origin", "").startswith("https://")


async def set_cookie(request: Request) -> JSONResponse:
    """``POST {"nonce": …}``: the cookie change that nonce was issued for, or 403."""
    nonce = None
    if _same_origin_json(request) and int(request.headers.get("content-length") or _MAX_BODY + 1) <= _MAX_BODY:
        try:
            body = await request.json()
        except ValueError:
            body = None
        nonce = body.get("nonce") if isinstance(body, dict) else None
    change = NONCES.redeem(nonce)
    if change is None:
        return JSONResponse({"error": "refused"}, status_code=403, headers=NO_STORE)
    response = JSONResponse({"ok": True}, headers=NO_STORE)
    response.set_cookie(COOKIE, change.value, max_age=change.max_age, path=cookie_path(),
                        secure=_over_https(request), httponly=True, samesite="strict")
    return response


def routes() -> list[Route]:
    """The route for ``st.App(routes=…)``; from now on this server sets the cookie itself."""
    global _mounted
    _mounted = True
    return [Route(route_path(), set_cookie, methods=["POST"])]

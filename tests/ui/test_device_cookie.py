"""The device cookie's own route (ui/parts/device_cookie.py): it sets the cookie HttpOnly,
SameSite=Strict, on the app's path, for a one-time nonce a session issued, and for
nothing else; the page is sent the nonce, never the token (issue 18)."""

from __future__ import annotations

import asyncio
import json
from http.cookies import SimpleCookie

import pytest
from starlette.requests import Request

from progress import open_store
from ui.parts import device, device_cookie
from ui.parts.device_cookie import COOKIE, Nonces

from .conftest import create_profile, open_app

SAME_ORIGIN = {"content-type": "application/json", "sec-fetch-site": "same-origin", "origin": "http://school.example"}


@pytest.fixture
def base_path(monkeypatch):
    """The app served under ``/school`` (``server.baseUrlPath``)."""
    from streamlit import config

    real = config.get_option
    monkeypatch.setattr(config, "get_option",
                        lambda name: "school/" if name == "server.baseUrlPath" else real(name))


@pytest.fixture
def nonces(monkeypatch):
    fresh = Nonces()
    monkeypatch.setattr(device_cookie, "NONCES", fresh)
    return fresh


def post(body: object, headers: dict[str, str] = SAME_ORIGIN, scheme: str = "http"):
    """The route's answer to a POST of ``body`` (JSON unless it is bytes already)."""
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    sent = {**headers, "content-length": str(len(raw))}
    scope = {"type": "http", "method": "POST", "scheme": scheme, "path": "/school/device/cookie",
             "server": ("school.example", 80), "query_string": b"",
             "headers": [(k.encode(), v.encode()) for k, v in sent.items()]}

    async def receive():
        return {"type": "http.request", "body": raw, "more_body": False}

    return asyncio.run(device_cookie.set_cookie(Request(scope, receive)))


def set_cookie_of(response) -> tuple[str, str]:
    """The Set-Cookie header and the lower-cased attributes of our cookie in it."""
    header = response.headers["set-cookie"]
    return header, header.lower()


def test_a_nonce_sets_the_cookie_httponly_strict_on_the_apps_path_once(base_path, nonces):
    token = "t" * 43
    nonce = nonces.issue(token, 180 * 86400)
    response = post({"nonce": nonce})
    assert response.status_code == 200 and response.headers["cache-control"] == "no-store"
    header, lower = set_cookie_of(response)
    assert SimpleCookie(header)[COOKIE].value == token
    assert "httponly" in lower and "samesite=strict" in lower and "path=/school;" in lower + ";"
    assert f"max-age={180 * 86400}" in lower and "secure" not in lower  # plain HTTP: not Secure
    again = post({"nonce": nonce})  # once only
    assert again.status_code == 403 and "set-cookie" not in again.headers


def test_over_https_the_cookie_is_secure_and_signing_out_clears_it(base_path, nonces):
    behind_proxy = {**SAME_ORIGIN, "origin": "https://school.example"}  # TLS ends at the proxy
    header, lower = set_cookie_of(post({"nonce": nonces.issue("x" * 43, 60)}, behind_proxy))
    assert "secure" in lower
    _, lower = set_cookie_of(post({"nonce": nonces.issue("y" * 43, 60)}, scheme="https"))
    assert "secure" in lower
    header, lower = set_cookie_of(post({"nonce": nonces.issue("", 0)}))
    assert "max-age=0" in lower and "httponly" in lower and "path=/school;" in lower + ";"
    assert SimpleCookie(header)[COOKIE].value in ("", '""')


@pytest.mark.parametrize("headers, body", [
    ({**SAME_ORIGIN, "sec-fetch-site": "cross-site"}, None),  # another site's page
    ({**SAME_ORIGIN, "sec-fetch-site": "same-site"}, None),  # a sibling subdomain
    ({**SAME_ORIGIN, "content-type": "application/x-www-form-urlencoded"}, None),  # a plain form
    ({**SAME_ORIGIN, "content-type": "text/plain"}, None),  # a no-cors fetch
    (SAME_ORIGIN, b"{not json"),
    (SAME_ORIGIN, ["a list"]),
    (SAME_ORIGIN, {"nonce": 7}),
    (SAME_ORIGIN, {"nonce": "made-up"}),
])
def test_anything_but_a_fresh_nonce_from_the_apps_own_page_is_refused(nonces, headers, body):
    nonce = nonces.issue("z" * 43, 60)
    response = post({"nonce": nonce} if body is None else body, headers)
    assert response.status_code == 403 and "set-cookie" not in response.headers
    if body is None:  # a refused request does not use the nonce up: the page's own POST still works
        assert post({"nonce": nonce}).status_code == 200


def test_a_nonce_expires():
    clock = [100.0]
    nonces = Nonces(seconds=60, clock=lambda: clock[0])
    late = nonces.issue("a", 1)
    clock[0] += 61
    fresh = nonces.issue("b", 1)  # issuing also drops the stale ones
    assert nonces.redeem(late) is None and nonces.redeem(fresh) == ("b", 1)
    assert nonces.redeem(None) is None


def test_the_route_is_mounted_under_the_base_path(base_path, monkeypatch):
    monkeypatch.setattr(device_cookie, "_mounted", False)
    assert not device_cookie.mounted()  # `streamlit run app.py`: the page writes the cookie
    (route,) = device_cookie.routes()
    assert route.path == "/school/device/cookie" and route.methods >= {"POST"}
    assert device_cookie.mounted() and device_cookie.cookie_path() == "/school"


def _cookie_component(at) -> dict:
    (element,) = [e for e in at.get("bidi_component") if e.key == "device_cookie"]
    return json.loads(element.proto.json)


def test_served_with_the_route_the_page_gets_a_nonce_and_never_the_token(progress_db, nonces, monkeypatch):
    monkeypatch.setattr(device_cookie, "_mounted", True)
    at = open_app()
    at.sidebar.checkbox(key="profile_remember").check().run()
    create_profile(at, "Uma")
    token = at.session_state[device.TOKEN]
    data = _cookie_component(at)
    assert data["url"] == "/device/cookie" and token not in json.dumps(data)
    assert nonces.redeem(data["nonce"]) == (token, 180 * 86400)
    with open_store(f"sqlite:///{progress_db}") as store:
        assert store.device_profile(token).name == "Uma"


def test_without_the_route_the_page_writes_the_cookie_itself(progress_db, monkeypatch):
    monkeypatch.setattr(device_cookie, "_mounted", False)  # `streamlit run app.py`
    at = open_app()
    at.sidebar.checkbox(key="profile_remember").check().run()
    create_profile(at, "Vic")
    data = _cookie_component(at)
    assert data == {"name": COOKIE, "value": at.session_state[device.TOKEN], "max_age": 180 * 86400, "path": "/"}

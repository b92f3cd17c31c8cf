"""A page that shows every payload of tests/support/link_payloads.py through
``ui.session.plain`` in the elements that read Markdown, for the browser test
tests/e2e/test_plain_text_e2e.py. Run by ``streamlit run``; importing it does nothing."""

from __future__ import annotations

import streamlit as st

from tests.support.link_payloads import PAYLOADS, generated
from ui.session import plain

#: the fixed payloads, then generated ones (the same on every run)
TEXTS = PAYLOADS + generated(150)


def main() -> None:
    st.title("plain")
    for i, text in enumerate(TEXTS):
        with st.container(key=f"payload_{i}"):
            st.markdown(f"said {plain(text)}. Then")  # inside a sentence, as the app's messages put it
            st.warning(plain(text))
            st.caption(f"({plain(text)})")
            st.checkbox(plain(text), key=f"box_{i}")
    st.success("done", icon=":material/check:")


if __name__ == "__main__":  # streamlit run
    main()

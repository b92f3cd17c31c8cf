"""The doctests of the command; capicu/web/ holds the scripts Streamlit runs, which do their
work on import (the app's pages, the server's routes): never imported by the suite."""

collect_ignore = ["web"]

"""The app's pages, one file per page (shell.PAGES lists them)."""

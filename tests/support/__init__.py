"""Helpers shared by the test suites (and the browser benchmarks)."""

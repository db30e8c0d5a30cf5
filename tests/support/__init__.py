"""Helpers shared by the test files (import as `tests.support.<module>`)."""

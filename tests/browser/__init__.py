"""Browser tests (Playwright, Debian's Chromium): a package, so its conftest and the one above it have distinct module names."""

"""Shared test configuration: Hypothesis profiles ("ci" when CI=true, else "dev")."""

import os

from hypothesis import settings

settings.register_profile("ci", max_examples=500, deadline=None)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") == "true" else "dev")

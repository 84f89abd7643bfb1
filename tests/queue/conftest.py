"""Fixtures of the queue's tests: a fresh PostgreSQL schema (``pg_schema_url``) and the
storage fixtures (``db``: SQLite and PostgreSQL)."""

from tests.storage.conftest import db, db_path, db_target, pg_schema_url  # noqa: F401

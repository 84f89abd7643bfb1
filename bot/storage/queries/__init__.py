"""The SQL statements by domain; :mod:`bot.storage.sql` re-exports them all."""

"""Alembic's entry point: migrate the connection ``models/migrate.py`` hands over.

There is no offline (SQL script) mode and no URL here: the store always
migrates the live database, inside the transaction it already opened.
"""

from alembic import context

context.configure(connection=context.config.attributes["connection"])
with context.begin_transaction():
    context.run_migrations()

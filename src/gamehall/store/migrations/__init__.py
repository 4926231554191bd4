"""The store's Alembic migrations (``env.py`` and ``versions/``), run by ``upgrade_database``."""

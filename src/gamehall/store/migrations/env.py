"""Alembic's environment for the store: the models' metadata, and the connection that
``upgrade_database`` shares (``config.attributes["connection"]``) or one made from the URL."""

from typing import Literal

from alembic import context
from alembic.autogenerate.api import AutogenContext
from sqlalchemy import Connection

from gamehall.store.database import make_engine
from gamehall.store.models import Base, UTCDateTime

config = context.config


def _render_item(kind: str, item: object, autogen_context: AutogenContext) -> str | Literal[False]:
    """Write the models' UTCDateTime as the plain type it stores, so that migrations do not
    import the models."""
    if kind == "type" and isinstance(item, UTCDateTime):
        return "sa.DateTime(timezone=True)"
    return False


def _migrate(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        compare_type=True,
        render_as_batch=connection.dialect.name == "sqlite",
        render_item=_render_item,
    )
    with context.begin_transaction():
        context.run_migrations()


_NAMED: dict[str, str] = {"paramstyle": "named"}


def run_offline() -> None:
    """Write the migrations' SQL out instead of running it (``alembic upgrade --sql``)."""
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=Base.metadata,
        literal_binds=True,
        dialect_opts=_NAMED,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    """Run the migrations on the shared connection, or on one of the configured URL."""
    shared: object = config.attributes.get("connection")
    if isinstance(shared, Connection):
        _migrate(shared)
        return
    url = config.get_main_option("sqlalchemy.url")
    if url is None:
        raise RuntimeError("no database: set sqlalchemy.url or pass a connection")
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            _migrate(connection)
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_offline()
else:
    run_online()

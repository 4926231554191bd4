"""The store's migration scripts, oldest first (a package only so that they are installed)."""

"""The site adapter: the only code that imports MkDocs (hooks, config, live rebuilds, publish)."""

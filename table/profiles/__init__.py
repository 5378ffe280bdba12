"""Hardware profiles shipped with the package (reference.toml: the reference build)."""

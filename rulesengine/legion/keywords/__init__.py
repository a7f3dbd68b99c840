"""One small module per keyword, each hooked to the attack step where it acts."""

"""Benchmarks and generators: they print figures or write test material, and no build imports them."""

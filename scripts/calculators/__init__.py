"""Calculators in the vault build: example blocks checked against the engine, calculators
on keyword pages, the coverage page."""

"""Calculators: the engine's registry of what each calculator asks and where it belongs,
the one HTML renderer used at build time and in the browser, and the JSON entry point."""

"""The Star Wars Trading Card Game: one attack resolved exactly, window by window.

The windows come from the glossary's timing words (attack POP, roll, re-roll,
pending damage POP, damage prevention POP, then damage is placed); `sequence` lists
them in order, one module per keyword rule. `api` is the JSON-in/JSON-out entry point.
"""

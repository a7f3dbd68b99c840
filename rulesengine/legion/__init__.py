"""Star Wars: Legion: the attack sequence resolved exactly (see `attack.py`).

`api.run` is the JSON-in/JSON-out entry point; `cli.main` the command line.
"""

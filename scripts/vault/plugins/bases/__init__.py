"""Obsidian's Bases (issue 43): `.base` files and ```` ```base ```` blocks computed at build.

base_file.py reads the YAML, syntax.py the expression language, values.py its values,
functions.py and methods.py its functions, evaluate.py works an expression out for one
note, query.py a view's rows, groups and summaries, html.py draws the views, plugin.py is
the room's shape.
"""

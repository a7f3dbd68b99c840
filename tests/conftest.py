"""Every test's site builds skip the calculators' answers computed at build time
(scripts/calculators/answers.py; CALCULATOR_ANSWERS=off): the many small builds stay as
fast as before, and the browser tests of Python's own answers see Python answer. The tests
of those answers build with them (tests/scripts/calculators/test_answers.py,
tests/browser/test_built_answers.py); a default build (serve.sh, publish) has them."""

from __future__ import annotations

import os

os.environ.setdefault("CALCULATOR_ANSWERS", "off")

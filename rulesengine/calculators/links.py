"""Where each rule a result step applies is written: a vault page and, where the rule is a
numbered paragraph without a heading of its own, a text fragment that scrolls to it.

Pages are vault paths (as the notes are laid out in docs/); `page_url` (rulesengine.urls,
the site's one slug rule) turns one into the address the site gives it, so the same link
works from the build and from the browser once the page's `base` (its way back to the site
root) is known.
"""

from __future__ import annotations

from urllib.parse import quote

from rulesengine.urls import base_for, page_url

__all__ = ["base_for", "page_url", "rule_href", "rule_target", "text_fragment"]

ATTACK_NOTE = "legion/Attack.md"
GUARDIAN_NOTE = "legion/keywords/Guardian X.md"

# The Attack note numbers its steps 1-10 and gives only steps 3 and 10 headings; a text
# fragment of the step's bold title reaches the others.
ATTACK_STEP_TITLES = {
    "1": "Declare Defender",
    "2": "Form Attack Pool",
    "3": "Declare Additional Defender",
    "4": "Roll Attack Dice",
    "5": "Apply Dodge and Cover",
    "6": "Modify Attack Dice",
    "7": "Roll Defense Dice",
    "8": "Modify Defense Dice",
    "9": "Compare Results",
    "10": "Choose Additional Attack Pool",
}

# Steps 3 and 10 have headings of their own in the Attack note (their bullets live there).
ATTACK_HEADINGS = {
    "declare-additional-defender": "declare-additional-defender",
    "choose-additional-attack-pool": "choose-additional-attack-pool",
}

# Sub-steps (4a-4c, 7a-7c) are lettered lines inside their step's paragraph, titled in
# bold italics. "Roll Dice" and "Reroll Dice" title both 4a/7a and 4b/7b, and a text
# fragment stops at the first match, so each also names the words right after its title
# (the suffix) to land on its own step. Fragments are (text, suffix) as rendered: no
# markup, no icons.
ATTACK_SUBSTEPS = {
    "4a": ("Roll Dice", ": The attacker rolls"),
    "4b": ("Reroll Dice", ": The attacker can"),
    "4c": ("Convert Attack Surges", ""),
    "7a": ("Roll Dice", ": For each hit"),
    "7b": ("Reroll Dice", ": The defender can"),
    "7c": ("Convert Defense Surges", ""),
}

# Guardian X trace steps apply one paragraph each of the Guardian X note: the guardian
# cancelling hits (the note's first paragraph) and Pierce cancelling its blocks (a bullet
# whose "pierce x" is a link; fragments match across inline elements).
GUARDIAN_STEPS = {
    "guardian": "may cancel up to x hit",
    "pierce": "The pierce x keyword can be used to cancel block",
}

LEGION_NOTES = {
    "dice": ("legion/Dice.md", ""),
    "surges": ("legion/Surges.md", ""),
    "suppression": ("legion/Suppression.md", ""),
    "wounds": ("legion/Wounds.md", ""),
    # The translated note has no headings; its vehicle part starts at this line. The page
    # title (in the header, before it) holds "Vehicle Damage" too, so name what follows.
    "vehicle-damage": ("legion/Attack Resolution and Vehicle Damage.md", "#:~:text=Vehicle%20damage,-After%20a%20vehicle%20model"),
}

LEGION_KEYWORD_NOTES = {
    "guardian-x": "Guardian X", "guardian": "Guardian X",
    "pierce-x": "Pierce X", "pierce": "Pierce X",
    "impervious": "Impervious",
    "immune-pierce": "Immune Pierce",
    "dodge": "Dodge",
    "cover": "Cover", "cover-x": "Cover X",
    "sharpshooter-x": "Sharpshooter X", "sharpshooter": "Sharpshooter X",
    "blast": "Blast",
    "aim": "Aim",
    "precise-x": "Precise X", "precise": "Precise X",
    "critical-x": "Critical X", "critical": "Critical X",
    "impact-x": "Impact X", "impact": "Impact X",
    "armor-x": "Armor X", "armor": "Armor X",
}

# SWTCG timing windows are named in the glossary's definitions ("the damage prevention
# POP"); they have no page, so link to the first sentence that names them.
SWTCG_WINDOWS = {
    "attack": ("swtcg/CW_DS_Droid_06n.md", "attack POP"),
    "pending-damage": ("swtcg/The Cantina.md", "pending damage POP"),
    "damage-prevention": ("swtcg/The Cantina.md", "damage prevention POP"),
}


# Keyword pages the vault compiler makes from the SWTCG glossary notes.
SWTCG_KEYWORD_PAGES = frozenset({
    "accuracy", "armor", "bombard", "critical-hit", "deflect", "elude", "enhance", "equip", "evade",
    "hidden-cost", "inspiration", "intercept", "overkill", "parry", "pilot", "reserves", "shields", "switch",
})


def rule_target(game: str, rule: str, step: str = "") -> tuple[str, str] | None:
    """(vault path, fragment) of the paragraph stating `rule`, or None if no page has it.

    `step` is the trace step's id (4a, 7c, guardian): where a rule spans several
    paragraphs, it picks the one that step applies."""
    key = rule.strip().lower()
    if game == "legion":
        return _legion_target(key, step.strip().lower())
    if game == "swtcg":
        return _swtcg_target(key)
    return None


def _legion_target(key: str, step: str) -> tuple[str, str] | None:
    if key.startswith("attack-step-"):
        number = "".join(c for c in key[len("attack-step-"):] if c.isdigit())
        # A sub-step counts only under its own step's rule (4a under attack-step-4).
        if step in ATTACK_SUBSTEPS and step[:-1] == number:
            words, suffix = ATTACK_SUBSTEPS[step]
            return ATTACK_NOTE, text_fragment(words, suffix=suffix)
        title = ATTACK_STEP_TITLES.get(number)
        return (ATTACK_NOTE, text_fragment(title)) if title else (ATTACK_NOTE, "")
    if key in ("guardian-x", "guardian") and step in GUARDIAN_STEPS:
        return GUARDIAN_NOTE, text_fragment(GUARDIAN_STEPS[step])
    if key in ("attack", "attack-sequence"):
        return ATTACK_NOTE, ""
    if key in ATTACK_HEADINGS:
        return ATTACK_NOTE, "#" + ATTACK_HEADINGS[key]
    if key in LEGION_NOTES:
        return LEGION_NOTES[key]
    if key in LEGION_KEYWORD_NOTES:
        return f"legion/keywords/{LEGION_KEYWORD_NOTES[key]}.md", ""
    return None


def _swtcg_target(key: str) -> tuple[str, str] | None:
    if key in SWTCG_WINDOWS:
        note, words = SWTCG_WINDOWS[key]
        return note, text_fragment(words)
    if key == "precision":
        key = "elude"  # the glossary defines Precision under its old name, Elude
    if key in SWTCG_KEYWORD_PAGES:
        return f"swtcg/keywords/{key}.md", ""
    return None


def text_fragment(words: str, *, prefix: str = "", suffix: str = "") -> str:
    """A URL text fragment (`#:~:text=[prefix-,]words[,-suffix]`): the browser scrolls to
    and marks the first `words` that directly follow `prefix` and precede `suffix`."""
    text = _fragment_part(words)
    if prefix:
        text = _fragment_part(prefix) + "-," + text
    if suffix:
        text += ",-" + _fragment_part(suffix)
    return "#:~:text=" + text


def _fragment_part(words: str) -> str:
    # "-", "," and "&" are the directive's own syntax; quote() leaves "-" as it is.
    return quote(words, safe="").replace("-", "%2D")


def rule_href(game: str, rule: str, base: str, step: str = "") -> str | None:
    target = rule_target(game, rule, step)
    if target is None:
        return None
    path, fragment = target
    return base + page_url(path) + fragment

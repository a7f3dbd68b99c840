"""Dodge tokens (step 5, Apply Dodge and Cover): each token spent cancels one hit, never a
crit. Dodge works against melee attacks too. Spent after cover, as many as the dodge
policy says."""

from __future__ import annotations


def dodge_tokens_spent(hits_left: int, tokens: int, policy: str) -> int:
    if policy == "none":
        return 0
    return min(hits_left, tokens)

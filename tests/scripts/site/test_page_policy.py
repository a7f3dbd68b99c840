"""Each page's Content-Security-Policy lists the hashes of exactly its own inline scripts."""

from __future__ import annotations

import pytest

from scripts.site.page_policy import HASHES_SLOT, allowing_added_scripts, inline_scripts, script_hash, with_script_hashes

PAGE = (
    f'<head><meta http-equiv="Content-Security-Policy" content="script-src \'self\' {HASHES_SLOT}">'
    "<script>alert('Hello, world.');</script>"
    '<script id="__config" type="application/json">{"a": 1}</script>'
    '<script src="x.js"></script><script type="module">let a = "</b>";</script>'
    "</head><body><p>text</p><script>alert('Hello, world.');</script></body>"
)


def test_only_scripts_that_run_inline_are_counted_as_written() -> None:
    assert inline_scripts(PAGE) == ["alert('Hello, world.');", 'let a = "</b>";', "alert('Hello, world.');"]


@pytest.mark.parametrize(("text", "expected"), [
    # The example from the CSP specification's and MDN's hash-source documentation.
    ("alert('Hello, world.');", "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='"),
    ("", "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"),
])
def test_script_hash_is_the_csp_hash_source(text: str, expected: str) -> None:
    assert script_hash(text) == expected


def test_the_slot_is_filled_once_with_each_hash_once() -> None:
    filled = with_script_hashes(PAGE)
    assert HASHES_SLOT not in filled
    assert filled.count("'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='") == 1
    assert script_hash('let a = "</b>";') in filled
    assert script_hash('{"a": 1}') not in filled
    assert with_script_hashes("<p>no policy here</p>") == "<p>no policy here</p>"


def test_a_script_added_after_the_build_is_allowed_by_its_hash_and_nothing_else() -> None:
    built = with_script_hashes(PAGE)
    served = built.replace("</body>", "<script>livereload(1, 2);</script></body>")
    allowed = allowing_added_scripts(built, served)
    policy = allowed.split('content="')[1].split('"')[0]
    assert script_hash("livereload(1, 2);") in policy
    assert policy.count("'sha256-") == 3  # the two distinct built scripts and the added one
    assert allowing_added_scripts(built, built) == built


def test_a_script_inside_the_notes_content_is_never_hashed() -> None:
    body = "<p>text</p><script>steal(document.cookie);</script>"
    page = PAGE.replace("<body><p>text</p>", f"<body>{body}")
    policy = with_script_hashes(page, body).split('content="')[1].split('"')[0]
    assert script_hash("steal(document.cookie);") not in policy
    assert script_hash("alert('Hello, world.');") in policy  # the theme's own, in <head>


@pytest.mark.parametrize(("html", "expected"), [
    ("<scripts>no</scripts><script>yes()</script>", ["yes()"]),
    ("<SCRIPT TYPE='Module'>up()</SCRIPT>", ["up()"]),
    ('<script\ndefer src="a.js"></script><script\n>nl()</script>', ["nl()"]),
    ("<script>unclosed()", []),
])
def test_script_elements_are_found_as_a_browser_finds_them(html: str, expected: list[str]) -> None:
    assert inline_scripts(html) == expected

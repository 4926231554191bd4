"""How much of what a page shows is in the reader's language (issue 37's measure: at least 90 %
of the visible words on every page, only names, notation and the brand left as they are).

A visible word is a run of letters in a rendered text node or a button's or field's visible
label; a word written in Latin letters is counted as English, since none of the hall's other
languages (Russian, Georgian, Chinese) writes its words in them. What is not to be translated
is marked in the page as HTML marks it, ``translate="no"`` (players' names, notation), and left
out; so is the brand.
"""

from __future__ import annotations

from dataclasses import dataclass

from playwright.sync_api import Page

SHARE = 0.9
"""The least share of visible words in the reader's language."""

VISIBLE_WORDS = """(root) => {
  const words = [];
  const shown = (element) => {
    for (let e = element; e; e = e.parentElement) {
      if (e.closest('[translate="no"], script, style, noscript, title')) return false;
      const style = getComputedStyle(e);
      if (style.display === 'none' || style.visibility === 'hidden') return false;
    }
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const top = document.querySelector(root);
  if (!top) return '';
  const walker = document.createTreeWalker(top, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && node.textContent.trim() && shown(parent)) words.push(node.textContent);
  }
  for (const field of top.querySelectorAll('input[placeholder], textarea[placeholder]')) {
    if (!field.value && shown(field)) words.push(field.getAttribute('placeholder'));
  }
  for (const option of top.querySelectorAll('select')) {
    if (shown(option) && option.selectedOptions[0]) words.push(option.selectedOptions[0].text);
  }
  return words.join(' ');
}"""

BRAND = {"gamehall"}


@dataclass(frozen=True)
class Reading:
    """The visible words of a page: all of them, and those left in English."""

    words: tuple[str, ...]
    english: tuple[str, ...]

    @property
    def share(self) -> float:
        """The share of the visible words in the reader's language (1.0 for a page without)."""
        return 1 - len(self.english) / len(self.words) if self.words else 1.0


def reading(page: Page, root: str = "body", *, also_kept: frozenset[str] = frozenset()) -> Reading:
    """The visible words of ``page`` now, of the first element ``root`` selects (the whole
    page by default); ``also_kept`` are words shown as they are (a name the page could not
    mark), never counted as English."""
    text: str = page.evaluate(VISIBLE_WORDS, root)
    words = tuple("".join(c if c.isalpha() else " " for c in text).split())
    kept = {w.lower() for w in BRAND | also_kept}
    english = tuple(w for w in words if w.isascii() and len(w) > 1 and w.lower() not in kept)
    return Reading(words, english)


def assert_in_language(
    page: Page, where: str, root: str = "body", *, also_kept: frozenset[str] = frozenset()
) -> Reading:
    """Fail unless at least ``SHARE`` of what ``page`` shows (in ``root``) is in the reader's
    language, naming the English words left."""
    seen = reading(page, root, also_kept=also_kept)
    assert seen.words, f"{where}: no words shown in {root}"
    assert seen.share >= SHARE, (
        f"{where}: {seen.share:.0%} of {len(seen.words)} words translated;"
        f" in English: {' '.join(seen.english)}"
    )
    return seen

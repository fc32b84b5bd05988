"""Tap targets on a phone: every visible link and button is tall enough to hit with a thumb and
clear of its neighbours, so a tap never lands on the wrong one.

Shared by the table-page checks of every game (tests/browser/test_tap_targets.py). Sizes are CSS
pixels: 44 px is the smallest comfortable target (Apple's HIG, WCAG 2.5.5), and neighbours keep at
least a few pixels of air between their boxes.
"""

from __future__ import annotations

from playwright.sync_api import Locator, Page

MIN_TARGET_PX = 44
MIN_GAP_PX = 4

TARGETS = "a[href], button, input[type=submit], input[type=button], summary"

# A sticky bar (or the fixed tab bar) floats over whatever scrolls under it, by design, and covers it from
# the thumb: boxes are compared where they sit in the page's flow, with every such element let down into
# its place.
MEASURE = """([selector, minGap]) => {
  const sticky = [...document.querySelectorAll('*')].filter(el => ['sticky', 'fixed'].includes(getComputedStyle(el).position));
  sticky.forEach(el => el.style.setProperty('position', 'relative', 'important'));
  const seen = [...document.querySelectorAll(selector)].filter(el => {
    const r = el.getBoundingClientRect();  // checkVisibility: false inside a closed <details> too
    return r.width > 0 && r.height > 0 && el.checkVisibility({visibilityProperty: true, opacityProperty: true});
  });
  const name = el => `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : ''} "${(el.innerText || el.value || '').trim().slice(0, 30)}"`;
  const boxes = seen.map(el => [el, el.getBoundingClientRect()]);
  const short = boxes.filter(([, r]) => r.height < %(min)d - 0.5).map(([el, r]) => `${name(el)}: ${r.height.toFixed(1)}px`);
  const touching = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, ra] = boxes[i], [b, rb] = boxes[j];
      if (a.contains(b) || b.contains(a)) continue;
      const gx = Math.max(ra.left - rb.right, rb.left - ra.right);
      const gy = Math.max(ra.top - rb.bottom, rb.top - ra.bottom);
      if (gx < minGap - 0.5 && gy < minGap - 0.5) touching.push(`${name(a)} / ${name(b)} (gap ${Math.max(gx, gy).toFixed(1)}px)`);
    }
  }
  sticky.forEach(el => el.style.removeProperty('position'));
  return {short, touching};
}"""


def target_problems(page: Page, *, min_gap: int = MIN_GAP_PX) -> dict[str, list[str]]:
    """Visible links and buttons on the page that are shorter than 44 px (``short``) or that overlap or
    come closer than ``min_gap`` px to another (``touching``), each named for the failure message."""
    return page.evaluate(MEASURE % {"min": MIN_TARGET_PX}, [TARGETS, min_gap])


def under_a_thumb(targets: Locator) -> list[str]:
    """Those of ``targets`` on the screen (a picker's cards) narrower or lower than 44 px, each named by
    its text with its size, for the failure message."""
    return targets.evaluate_all(
        """(els, min) => els.filter(e => e.checkVisibility()).map(e => [e, e.getBoundingClientRect()])
             .filter(([, r]) => r.width < min - 0.5 || r.height < min - 0.5)
             .map(([e, r]) => `${e.innerText.trim()}: ${r.width.toFixed(1)}x${r.height.toFixed(1)}`)""",
        MIN_TARGET_PX,
    )

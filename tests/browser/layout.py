"""What a page must not do on a phone or a laptop, measured in Chromium (issue 28 §5, §6).

``problems(page, public=…)`` returns a list of sentences, empty when the page is right:
- the document scrolls sideways (``document.scrollingElement.scrollWidth`` wider than the window);
- on a public page, a table pans inside its box (allowed only where a table cannot fold: the crosstable, the
  bracket, the team crosstable — ``PANNING``);
- a word is broken inside (``Сто|л``, ``проводит|ся``) although the content column would hold it: only what is
  longer than the column (a URL, a token: ``.slip-url``, ``.break-anywhere``) may break;
- something spills past the content column (outside a box that pans);
- the skip link's target is missing, or it is not after the tournament's tabs.
"""

from __future__ import annotations

# Where a table may pan inside its own frame on a public page: nothing folds a crosstable or a bracket.
PANNING = "table.crosstable, .bracket-wrap, #team-crosstable, table.board-crosstable, .crosstable-wrap"

CHECK = """({panning, boxes}) => {
  const out = [];
  const doc = document.scrollingElement.scrollWidth;
  if (doc > window.innerWidth) out.push(`the page is ${doc} px wide in a ${window.innerWidth} px window`);
  const main = document.querySelector('main') || document.body;
  const ms = getComputedStyle(main);
  const column = main.clientWidth - parseFloat(ms.paddingLeft) - parseFloat(ms.paddingRight);
  const mainRight = main.getBoundingClientRect().right;
  const pans = '.scroll, .table-wrap, .table-scroll, .bracket-wrap, .table-container';
  const unread = 'script, style, svg, noscript, template, textarea, select';
  const mayBreak = '.slip-url, .break-anywhere, code';  // URLs and tokens: longer than any line
  const name = (el) =>
    el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + '.' + [...el.classList].join('.');
  const hidden = (el) => !el.getClientRects().length || el.closest('[hidden], .tabs') ||
    getComputedStyle(el).clipPath === 'inset(50%)';
  // Boxes that pan (a table in .scroll): on public pages only a crosstable or a bracket may.
  if (boxes) {
    for (const el of main.querySelectorAll('*')) {
      const st = getComputedStyle(el);
      if (st.overflowX === 'visible' || el.matches('input, textarea, select') || hidden(el)) continue;
      if (el.scrollWidth > el.clientWidth + 1 && !el.closest(panning) && !el.querySelector(panning)) {
        out.push(`${name(el)} pans: ${el.scrollWidth} px in ${el.clientWidth}`);
      }
    }
  }
  // Spilling past the content column (outside a box that pans).
  for (const el of main.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (!r.width || hidden(el)) continue;
    if (r.right > mainRight + 1 && !el.closest(pans)) {
      out.push(`${name(el)} spills past the content column to ${Math.round(r.right)} px`);
      break;
    }
  }
  // Words broken inside although the column would hold them.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  const broken = new Set();
  let node;
  while ((node = walker.nextNode())) {
    const el = node.parentElement;
    if (!el || el.closest(unread) || el.closest(mayBreak)) continue;
    if (hidden(el)) continue;
    const re = /[^\\s\\-‐‑–—\\/·,;:()«»"'.!?]+/g;
    let m;
    while ((m = re.exec(node.data))) {
      if (m[0].length < 2) continue;
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0.5);
      if (new Set(rects.map((r) => Math.round(r.top))).size < 2) continue;
      if (rects.reduce((s, r) => s + r.width, 0) <= column) broken.add(m[0]);
    }
  }
  if (broken.size) out.push(`words broken inside: ${[...broken].slice(0, 8).join(', ')}`);
  // The skip link (WCAG 2.4.1) lands after the tournament's tabs.
  const skip = document.querySelector('a.skip-link');
  const target = skip && document.getElementById(skip.hash.slice(1));
  if (document.querySelector('header.top') && (!skip || !target)) {
    out.push('no skip link to the content, or its target is missing');
  }
  const tabs = document.querySelector('nav.tabs');
  if (tabs && target && !(tabs.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING)) {
    out.push('the skip link lands before the tabs');
  }
  return out;
}"""


def problems(page, *, public: bool) -> list[str]:
    """What is wrong with the page as laid out now (see the module's docstring)."""
    return page.evaluate(CHECK, {"panning": PANNING, "boxes": public})

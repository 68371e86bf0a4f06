// What the browser tests check of a webview page for a person who does not see it or uses no
// mouse: axe-core's rules (no serious or critical violation), the order Tab takes through it, a
// visible focus, and text a screen reader reaches. axe is evaluated into the page's own frame
// through the DevTools protocol (Playwright's evaluate): the pages' CSP admits no script tag
// without the load's nonce, and the webview's document is two frames below the workbench.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Evaluates axe into `frame` once (the same document keeps it). */
async function injectAxe(frame) {
  if (await frame.evaluate(() => typeof window.axe === 'object')) return;
  // A string is run as a classic script of the frame's realm, which defines window.axe.
  await frame.evaluate(`${AXE_SOURCE}\n;undefined`);
}

/** axe's violations of impact serious or critical on the frame's document: id, impact, help and
 * each node's target. */
async function seriousViolations(frame) {
  await injectAxe(frame);
  return frame.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
      }));
  });
}

/** One line per violation and node, for a failure message a person can act on. */
function describeViolations(violations) {
  return violations
    .map(
      (v) =>
        `${v.impact} ${v.id} (${v.help}):\n${v.nodes.map((n) => `    ${n.target}: ${(n.summary ?? '').replace(/\n\s*/g, ' ')}`).join('\n')}`,
    )
    .join('\n');
}

/** Fails with every serious or critical violation axe finds on `frame`'s page. */
export async function assertAccessible(frame, pageName) {
  const violations = await seriousViolations(frame);
  assert.equal(
    violations.length,
    0,
    `${pageName}: ${violations.length} serious or critical accessibility violations:\n${describeViolations(violations)}`,
  );
}

/** The accessible name of the frame's focused element as axe computes it (its text when it has
 * none), or undefined when focus has left the page or come back to an element already named. */
function nextFocused(frame) {
  return frame.evaluate(() => {
    const active = document.activeElement;
    const seen = (window.tabOrderSeen ??= new Set());
    if (!document.hasFocus() || !active || active === document.body || seen.has(active)) return undefined;
    seen.add(active);
    // A web component (vscode-elements) may keep the focus inside its shadow root: the element
    // that has it there is the one named.
    let focused = active;
    while (focused.shadowRoot?.activeElement) focused = focused.shadowRoot.activeElement;
    const { axe } = window;
    axe.setup(document);
    try {
      const name =
        axe.commons.text.accessibleTextVirtual(axe.utils.getNodeFromTree(focused)) || focused.textContent || '';
      return name.replace(/\s+/g, ' ').trim() || `<${focused.tagName.toLowerCase()}>`;
    } finally {
      axe.teardown();
    }
  });
}

/**
 * Focuses `start` (a locator in the frame), then presses Tab up to `max` times from the keyboard
 * and returns the accessible names focus went through, `start`'s first, until focus leaves the
 * page or comes back to an element already named. With `click`, `start` (a text that takes no
 * focus, such as the page's heading) is clicked and Tab goes on from there, as it does for a person.
 */
export async function tabOrder(page, frame, start, { max = 40, click = false } = {}) {
  await injectAxe(frame);
  await frame.evaluate(() => (window.tabOrderSeen = new Set()));
  if (click) {
    await start.click();
    await page.keyboard.press('Tab');
  } else await start.focus();
  const names = [];
  for (
    let name = await nextFocused(frame);
    name !== undefined && names.length <= max;
    name = await nextFocused(frame)
  ) {
    names.push(name);
    await page.keyboard.press('Tab');
  }
  return names;
}

/** Asserts that `names` holds each of `wanted` (regular expressions), in that order. */
export function assertInOrder(names, wanted, what) {
  let at = -1;
  for (const pattern of wanted) {
    const found = names.findIndex((n, i) => i > at && pattern.test(n));
    assert.ok(
      found > at,
      `${what}: Tab does not reach ${pattern} after ${names[at] ?? 'the start'}; Tab went: ${names.join(' → ')}`,
    );
    at = found;
  }
}

/** The focus ring a keyboard user sees on `locator` once focused from the keyboard: its outline or
 * box-shadow (on the element or, for a web component, inside its shadow root). */
export async function assertFocusVisible(page, locator, what) {
  await locator.focus();
  // :focus-visible follows the last input: a key press (Shift alone changes nothing) makes it the keyboard's.
  await page.keyboard.press('Shift');
  const ring = await locator.evaluate((element) => {
    const inner = element.shadowRoot?.activeElement ?? element.shadowRoot?.querySelector('button, [tabindex]');
    const looks = [element, inner].filter(Boolean).map((e) => getComputedStyle(e));
    return looks.map((s) => ({ outline: `${s.outlineStyle} ${s.outlineWidth}`, shadow: s.boxShadow }));
  });
  assert.ok(
    ring.some((r) => !/^none|\b0px$/.test(r.outline) || (r.shadow && r.shadow !== 'none')),
    `${what}: no visible focus (outline/box-shadow) when focused from the keyboard: ${JSON.stringify(ring)}`,
  );
}

/** Asserts each `selector` in the frame is in the accessibility tree: rendered, not hidden from
 * assistive technology (no aria-hidden on it or above it), and holding text. Returns the texts. */
export async function assertReachableText(frame, selector, what) {
  const found = await frame.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      let hiddenBy;
      for (let e = element; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (
          e.getAttribute('aria-hidden') === 'true' ||
          e.hidden ||
          style.display === 'none' ||
          style.visibility === 'hidden'
        )
          hiddenBy ??= e.tagName.toLowerCase() + (e.className ? `.${e.className}` : '');
      }
      return { hiddenBy, text: (element.textContent ?? '').replace(/\s+/g, ' ').trim() };
    }),
  );
  assert.ok(found.length > 0, `${what}: ${selector} is not on the page`);
  for (const f of found) {
    assert.equal(f.hiddenBy, undefined, `${what}: ${selector} is hidden from a screen reader by ${f.hiddenBy}`);
    assert.ok(f.text.length > 0, `${what}: ${selector} holds no text`);
  }
  return found.map((f) => f.text);
}

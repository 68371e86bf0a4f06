// axe-core on a page a test opened: evaluated into it through the DevTools protocol (the page's
// CSP admits no script without its nonce), run on the whole document, and its serious and critical
// violations returned one line per element, so a failure says what to fix and where.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

// The callbacks given to page.evaluate run in the page; the Node-side type check has no DOM lib.
declare const window: { [key: string]: any };
declare const document: unknown;

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact?: string;
  nodes: AxeNode[];
}

export async function seriousAxeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(`${AXE_SOURCE}\n;undefined`);
  const violations: AxeViolation[] = await page.evaluate(
    async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations,
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${v.impact} ${v.id}: ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`,
      ),
    );
}

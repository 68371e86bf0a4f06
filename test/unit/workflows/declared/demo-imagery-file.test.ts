// The demo workspace's imagery.json (scripts/demo-workspace/, what `npm start` opens) is the
// example of docs/imagery-as-code.md, and it plans and applies as it stands against the demo service: no
// dates to go stale (the last 30 days, weekly), an area file the demo has. Through the CLI, its
// clock at the simulator's (pinned), the money read from the simulator's charge log.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pinnedClock } from '../../../simulator/test-helpers';
import { useCliSimulator } from '../../fixtures/cli-fixture';
import { runAtSimulatorClock } from '../../fixtures/cli-at-clock';

const root = join(__dirname, '..', '..', '..', '..', '..');
const DEMO = join(root, 'scripts', 'demo-workspace');
const KEY = 'demo-imagery-file-key-Hn3v';

const demoFiles = Object.fromEntries(readdirSync(DEMO).map((name) => [name, readFileSync(join(DEMO, name), 'utf8')]));

/** The first JSON block of docs/imagery-as-code.md. */
function docExample(): unknown {
  const doc = readFileSync(join(root, 'docs', 'imagery-as-code.md'), 'utf8');
  const block = /```json\n([\s\S]*?)```/.exec(doc);
  assert.ok(block, 'docs/imagery-as-code.md has a JSON example');
  return JSON.parse(block[1]);
}

describe("The demo's imagery.json, the example of docs/imagery-as-code.md", function () {
  this.timeout(180_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-demo-imagery-',
    simulator: { seed: 1, clock: pinnedClock('2026-11-26T10:00:00Z') },
    files: demoFiles,
  });
  const charges = () => cli.sim.requests.filter((r) => r.charged);

  it('is the example of docs/imagery-as-code.md, word for word', () => {
    assert.deepEqual(docExample(), JSON.parse(demoFiles['imagery.json']));
  });

  it('plans, applies within its budget, and then has nothing to do', async () => {
    const plan = await runAtSimulatorClock(cli, 'plan');
    assert.equal(plan.code, 2, plan.stderr);
    const buys = plan.stdout.split('\n').filter((line) => /^\+ buy +ndvi fields\.geojson \d{4}-\d{2}-\d{2}/.test(line));
    assert.ok(buys.length >= 3, `a week's date or more in the last 30 days:\n${plan.stdout}`);

    const apply = await runAtSimulatorClock(cli, 'apply', '--yes', '--max-cost', '50');
    assert.equal(apply.code, 0, apply.stderr);
    assert.match(apply.stdout, new RegExp(`^Apply: ${buys.length} bought, 0 uncertain, 0 failed`, 'm'));
    assert.equal(charges().length, buys.length, 'the simulator charged each planned date once');

    const again = await runAtSimulatorClock(cli, 'plan');
    assert.equal(again.code, 0, again.stdout);
    assert.match(again.stdout, /No changes/);
  });
});

// plan --markdown's renderer on plans made by hand, read back by a CommonMark parser with GFM's
// tables (markdown-it): the marker line, one table per dataset with its rows and cells, the
// orders, the totals, what stops an apply, the notes; names a repository chose (a `|`, a
// backtick, a newline, `<`, `-->`) stay data; a plan larger than a comment can hold keeps its
// rows to buy and counts the rest.
import * as assert from 'node:assert/strict';
import type { Plan, PlanUnit } from '../../../src/workflows/declared/declared-plan';
import type { PlanOrder } from '../../../src/workflows/declared/declared-orders';
import { planMarkdown } from '../../../src/cli/plan-markdown';
import { parsePlanMarkdown, shownText } from './plan-markdown-parse';

function unit(kind: PlanUnit['kind'], date: string, extra: Partial<PlanUnit> = {}): PlanUnit {
  return { kind, dataset: 'rgb', area: 'field.geojson', date, key: `key-${kind}-${date}`, ...extra };
}

function plan(overrides: Partial<Plan> = {}): Plan {
  return {
    file: 'imagery.json',
    units: [
      unit('have', '2026-06-01', { file: 'rgb/composite-a.tif' }),
      unit('buy', '2026-06-10', { credits: 1.5 }),
      unit('rebuy', '2026-06-05', { credits: 2, changes: ['Resolution: 20 → 10'], file: 'rgb/composite-b.tif' }),
      unit('unavailable', '2026-06-07', { reason: 'not available: no imagery that day' }),
      unit('uncertain', '2026-06-03', { reason: 'sent, its answer lost' }),
      { ...unit('buy', '2026-06-10', { credits: 3 }), dataset: 'ndvi' },
    ],
    orders: [],
    total: { credits: 6.5, euroThisMonth: 0, euroPerMonth: 0 },
    balance: { credits: 100 },
    budget: { maxCredits: 50 },
    stops: [],
    notes: [],
    ...overrides,
  };
}

const order = (kind: PlanOrder['kind'], extra: Partial<PlanOrder> = {}): PlanOrder => ({
  kind,
  order: `watch-${kind}`,
  area: 'farm.geojson',
  payloadHash: `hash-${kind}`,
  ...extra,
});

describe('plan --markdown: the renderer', () => {
  it('starts with the marker line, then one table per dataset with its rows most telling first', () => {
    const text = planMarkdown(plan());
    assert.equal(text.split('\n')[0], '<!-- sat-imagery plan: imagery.json -->');
    const md = parsePlanMarkdown(text);
    assert.deepEqual(md.html, ['<!-- sat-imagery plan: imagery.json -->\n'], 'the marker is the only HTML');
    assert.deepEqual(md.markup, []);
    assert.deepEqual(
      md.tables.map((t) => t.heading),
      ['Dataset rgb', 'Dataset ndvi'],
    );
    assert.deepEqual(md.tables[0]!.header, ['What happens', 'Area', 'Date', 'Credits', 'File', 'Why']);
    assert.deepEqual(md.tables[0]!.rows, [
      ['to buy', 'field.geojson', '2026-06-10', '1.5', '', ''],
      ['rebuy', 'field.geojson', '2026-06-05', '2', 'rgb/composite-b.tif', 'Resolution: 20 → 10'],
      ['uncertain', 'field.geojson', '2026-06-03', '', '', 'sent, its answer lost'],
      ['unavailable', 'field.geojson', '2026-06-07', '', '', 'no imagery that day'],
      ['have', 'field.geojson', '2026-06-01', '', 'rgb/composite-a.tif', ''],
    ]);
    assert.deepEqual(md.tables[1]!.rows, [['to buy', 'field.geojson', '2026-06-10', '3', '', '']]);
    assert.match(text, /\*\*Changes to make:\*\* 2 to buy; 1 rebuy; 1 uncertain; 1 unavailable; 1 have\./);
    assert.match(
      text,
      /- \*\*Total:\*\* 6\.5 credits\n- \*\*Balance:\*\* 100 credits\n- \*\*Budget:\*\* 50 credits an apply/,
    );
    assert.match(text, /Nothing stops an apply\./);
  });

  it('lists the orders with their euros, what stops an apply and the notes', () => {
    const text = planMarkdown(
      plan({
        orders: [
          order('create', { currency: 'EUR', euroThisMonth: 12.5, euroPerMonth: 10 }),
          order('exists', { guid: 'g-1' }),
          order('differs', { guid: 'g-2', changes: ['ImageFrequency: 7 → 3'] }),
          order('uncertain'),
        ],
        total: { credits: 6.5, euroThisMonth: 12.5, euroPerMonth: 10 },
        budget: { maxCredits: 5, maxEuroPerMonth: 20 },
        stops: ["the total of 6.5 credits is above the file's budget of 5 credits"],
        notes: ['rgb/sat-imagery-ledger.jsonl: a line naming "../x" ignored'],
      }),
    );
    const md = parsePlanMarkdown(text);
    const orders = md.tables.find((t) => t.heading === 'Orders');
    assert.ok(orders, text);
    assert.deepEqual(orders.header, ['What happens', 'Order', 'Area', 'This month', 'Per month', 'Why']);
    assert.deepEqual(
      orders.rows.map((r) => r.slice(0, 5)),
      [
        ['to create', 'watch-create', 'farm.geojson', '12.5 EUR', '10 EUR'],
        ['exists', 'watch-exists', 'farm.geojson', '', ''],
        ['differs', 'watch-differs', 'farm.geojson', '', ''],
        ['uncertain', 'watch-uncertain', 'farm.geojson', '', ''],
      ],
    );
    assert.match(orders.rows[2]![5]!, /^cancel g-2 and create it again by hand \(ImageFrequency: 7 → 3\)/);
    assert.match(text, /new orders 12\.5 EUR this month, 10 EUR per month/);
    assert.match(text, /\*\*Budget:\*\* 5 credits an apply; 20 EUR a month for orders/);
    const items = md.tokens.filter((t) => t.type === 'inline').map(shownText);
    assert.ok(items.includes("the total of 6.5 credits is above the file's budget of 5 credits"), items.join('\n'));
    assert.ok(items.includes('rgb/sat-imagery-ledger.jsonl: a line naming "../x" ignored'), items.join('\n'));
    assert.doesNotMatch(text, /Nothing stops an apply/);
  });

  it("lists an order the monthly cap defers with its euros and why, and the month's orders against the cap", () => {
    const text = planMarkdown(
      plan({
        units: [],
        orders: [
          order('exists', { guid: 'g-1' }),
          order('deferred', {
            currency: 'EUR',
            euroThisMonth: 0.86,
            euroPerMonth: 0.86,
            reason: "the month's orders would reach 2.58 EUR of the file's 2 EUR",
          }),
        ],
        total: { credits: 0, euroThisMonth: 0, euroPerMonth: 0 },
        budget: { maxEuroPerMonth: 2 },
        orderMonth: {
          month: '2026-07',
          spentEuro: 1.72,
          nextMonthEuro: 1.72,
          maxEuro: 2,
          leftEuro: 0.28,
          deferredEuro: 0.86,
        },
      }),
    );
    const orders = parsePlanMarkdown(text).tables.find((t) => t.heading === 'Orders');
    assert.ok(orders, text);
    assert.deepEqual(orders.rows[1], [
      'deferred',
      'watch-deferred',
      'farm.geojson',
      '0.86 EUR',
      '0.86 EUR',
      "the month's orders would reach 2.58 EUR of the file's 2 EUR",
    ]);
    assert.match(text, /\*\*Changes to make:\*\* orders: 1 deferred, 1 exists\./);
    const items = parsePlanMarkdown(text)
      .tokens.filter((t) => t.type === 'inline')
      .map(shownText);
    assert.ok(
      items.includes(
        'Orders this month (2026-07): 1.72 EUR of the cap of 2 EUR spent, 0.28 EUR left after this plan; 1.72 EUR billed next month for the orders already made; 1 deferred (0.86 EUR)',
      ),
      items.join('\n'),
    );
  });

  it('says no changes when the folders hold everything', () => {
    const text = planMarkdown(
      plan({
        units: [unit('have', '2026-06-01', { file: 'rgb/a.tif' })],
        total: { credits: 0, euroThisMonth: 0, euroPerMonth: 0 },
      }),
    );
    assert.match(text, /\*\*No changes:\*\* the folders hold everything the file declares \(1 have\)\./);
    assert.doesNotMatch(text, /Nothing stops an apply/);
  });

  it("keeps a repository's names as data: no cell split, no HTML, no link, no emphasis, the marker whole", () => {
    const hostile = 'a|b `c` <img src=x onerror=alert(1)>\n| x | y |\n*em* [l](https://e.example) @someone \\| --> ``';
    const seen = hostile.replace(/\s+/g, ' ').trim();
    const text = planMarkdown(
      plan({
        file: `dir/${hostile}.json`,
        units: [
          { ...unit('buy', '2026-06-10', { credits: 1 }), dataset: hostile, area: hostile },
          { ...unit('have', '2026-06-01', { file: `rgb/${hostile}.tif` }), dataset: hostile, area: hostile },
        ],
        orders: [
          order('create', { order: hostile, area: hostile, currency: '<b>EUR</b>', euroThisMonth: 1, euroPerMonth: 1 }),
        ],
        stops: [`# ${hostile}`],
        notes: [`1. ${hostile}`, `- ${hostile}`],
      }),
    );
    const md = parsePlanMarkdown(text);
    assert.equal(md.html.length, 1, `only the marker is HTML: ${JSON.stringify(md.html)}`);
    assert.deepEqual(md.markup, []);
    const marker = text.split('\n')[0]!;
    assert.match(marker, /^<!-- sat-imagery plan: [A-Za-z0-9._/%-]+ -->$/);
    assert.equal(
      decodeURIComponent(marker.slice('<!-- sat-imagery plan: '.length, -' -->'.length)),
      `dir/${hostile}.json`,
    );
    assert.deepEqual(
      md.tables.map((t) => t.heading),
      [`Dataset ${seen}`, 'Orders'],
    );
    for (const table of md.tables) for (const row of table.rows) assert.equal(row.length, 6, JSON.stringify(row));
    assert.deepEqual(md.tables[0]!.rows, [
      ['to buy', seen, '2026-06-10', '1', '', ''],
      ['have', seen, '2026-06-01', '', `rgb/${seen}.tif`, ''],
    ]);
    assert.deepEqual(md.tables[1]!.rows[0]!.slice(0, 4), ['to create', seen, seen, '1 <b>EUR</b>']);
    // Our own headings only: the stop and the notes stayed list items, not a heading or a nested list.
    assert.equal(md.tokens.filter((t) => t.type === 'heading_open').length, 4);
    assert.equal(md.tokens.filter((t) => t.type === 'bullet_list_open').length, 3);
    assert.equal(md.tokens.filter((t) => t.type === 'ordered_list_open').length, 0);
    const items = md.tokens.filter((t) => t.type === 'inline').map(shownText);
    for (const line of [`# ${seen}`, `1. ${seen}`, `- ${seen}`])
      assert.ok(items.includes(line), `${line} in ${items.join('\n')}`);
  });

  it("shows deferred units with their month, the monthly cap in the budget and the month's spend", () => {
    const text = planMarkdown(
      plan({
        units: [
          unit('buy', '2026-06-10', { credits: 2 }),
          unit('deferred', '2026-06-17', {
            credits: 4,
            reason: 'beyond the monthly cap: bought in 2026-07',
            month: '2026-07',
          }),
        ],
        total: { credits: 2, euroThisMonth: 0, euroPerMonth: 0 },
        budget: { maxCredits: 50, maxCreditsPerMonth: 10 },
        month: { month: '2026-06', spentCredits: 7, maxCredits: 10, leftCredits: 1, deferredCredits: 4 },
      }),
    );
    const md = parsePlanMarkdown(text);
    assert.deepEqual(md.tables[0]!.rows, [
      ['to buy', 'field.geojson', '2026-06-10', '2', '', ''],
      ['deferred', 'field.geojson', '2026-06-17', '4', '', 'beyond the monthly cap: bought in 2026-07'],
    ]);
    assert.match(text, /\*\*Changes to make:\*\* 1 to buy; 1 deferred\./);
    assert.match(text, /- \*\*Budget:\*\* 50 credits an apply; 10 credits a month\n/);
    assert.match(
      text,
      /- \*\*This month \(2026-06\):\*\* 7 of the cap of 10 credits spent, 1 left after this plan; 1 deferred \(4 credits\)\n/,
    );
  });

  it('fits a comment: beyond 60,000 characters it counts the rows it leaves out, what is had first', () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      unit('have', `2026-06-${String(i).padStart(4, '0')}`, { file: `rgb/composite-${i}.tif` }),
    );
    const buying = [unit('buy', '2026-07-01', { credits: 1 }), unit('buy', '2026-07-02', { credits: 1 })];
    const text = planMarkdown(plan({ units: [...many, ...buying] }));
    assert.ok(text.length <= 65_536, `${text.length} characters`);
    const md = parsePlanMarkdown(text);
    const rows = md.tables[0]!.rows;
    assert.deepEqual(
      rows.slice(0, 2).map((r) => r[2]),
      ['2026-07-01', '2026-07-02'],
    );
    const shownHave = rows.filter((r) => r[0] === 'have').length;
    assert.ok(shownHave > 100 && shownHave < 5000, String(shownHave));
    assert.match(text, new RegExp(`${5000 - shownHave} more not shown here \\(the comment's size\\)`));
    assert.match(text, /### Totals/);
  });
});

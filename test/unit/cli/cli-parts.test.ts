import * as assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { OptionReader, parseCommandLine } from '../../../src/cli/args';
import { UsageError } from '../../../src/cli/exit-codes';
import { ordersText } from '../../../src/cli/format';
import { refusal } from '../../../src/cli/ports';
import { Terminal } from '../../../src/cli/terminal';
import { parseEvery, selectSeriesDates } from '../../../src/workflows/series/series-dates';

function stream(isTTY: boolean): PassThrough & { isTTY: boolean; text(): string } {
  const s = new PassThrough() as PassThrough & { isTTY: boolean; text(): string };
  let text = '';
  s.on('data', (c: Buffer) => (text += c.toString('utf8')));
  s.isTTY = isTTY;
  s.text = () => text;
  return s;
}

describe('CLI parts', () => {
  it('reads verbs, groups, the area and comma lists; refuses options of other verbs', () => {
    const parsed = parseCommandLine([
      'orders',
      'create',
      'a.geojson',
      '--satellite-constellations',
      'Sentinel1,Sentinel2',
      '--from',
      '2026-12-01',
    ]);
    assert.equal(parsed.verb, 'orders create');
    assert.deepEqual(parsed.rest, ['a.geojson']);
    const o = new OptionReader(parsed.values);
    assert.deepEqual(o.list('satellite-constellations'), ['Sentinel1', 'Sentinel2']);
    assert.equal(o.day('from'), '2026-12-01');
    assert.throws(() => parseCommandLine(['models', '--dates', '2026-01-01']), UsageError);
    assert.throws(
      () => new OptionReader(parseCommandLine(['download', 'a', '--date', '2026-02-30']).values).day('date'),
      /YYYY-MM-DD/,
    );
    assert.throws(() => parseCommandLine(['models', '--api-key=abc']), /never taken from a flag/);
  });

  it('the guard lets a billed call through only with --yes and an estimate within what is left of the budget', () => {
    const credits = (amount: number | undefined) => ({ images: { credits: amount } });
    assert.match(refusal({ yes: false, maxCost: 10, spent: {} }, credits(1))!, /--yes/);
    assert.match(refusal({ yes: true, maxCost: undefined, spent: {} }, credits(1))!, /--max-cost/);
    assert.match(refusal({ yes: true, maxCost: 10, spent: {} }, credits(undefined))!, /no cost/);
    assert.equal(refusal({ yes: true, maxCost: 10, spent: {} }, credits(10)), undefined);
    assert.match(refusal({ yes: true, maxCost: 10, spent: { credits: 9.5 } }, credits(1))!, /0\.5 left/);
    // Each part in its own unit: euros spent take nothing from the credits' budget, and the reverse.
    const order = { createdBy: 'AutomaticOrderCreation' as const, currency: 'EUR', currentMonth: 6.07, perMonth: 6.07 };
    assert.equal(refusal({ yes: true, maxCost: 10, spent: { EUR: 9.5 } }, credits(1)), undefined);
    assert.match(
      refusal({ yes: true, maxCost: 3, spent: {} }, { images: { credits: 2.02 }, order })!,
      /would create \(AutomaticOrderCreation\) costs 6\.07 EUR, above the budget of 3/,
    );
  });

  it('series dates: every N days from the oldest, the newest N kept', () => {
    const found = ['2026-11-16', '2026-11-11', '2026-11-08', '2026-11-04', '2026-10-31', '2026-10-28'];
    assert.deepEqual(selectSeriesDates(found, {}), [...found].reverse());
    assert.deepEqual(selectSeriesDates(found, { every: 7 }), ['2026-10-28', '2026-11-04', '2026-11-11']);
    assert.deepEqual(selectSeriesDates(found, { every: 7, maxDates: 2 }), ['2026-11-04', '2026-11-11']);
    assert.equal(parseEvery('2w'), 14);
    assert.equal(parseEvery('7d'), 7);
    assert.equal(parseEvery('0'), undefined);
  });

  it('draws a progress bar on a terminal and nothing when stderr is not one; redacts every write', () => {
    const tty = { stdout: stream(false), stderr: stream(true) };
    const terminal = new Terminal(false, tty);
    terminal.redact('s3cret');
    terminal.report({ message: '1 of 4 tiles, 2.0 MiB', increment: 25 });
    assert.match(tty.stderr.text(), /\r\x1b\[K\[#{6}\.{18}\]  25% 1 of 4 tiles, 2\.0 MiB/);
    terminal.out('key s3cret here');
    assert.equal(tty.stdout.text(), 'key [api-key] here\n');
    const piped = { stdout: stream(false), stderr: stream(false) };
    const quiet = new Terminal(false, piped);
    quiet.report({ message: 'Downloading 1 MiB', increment: 50 });
    assert.equal(piped.stderr.text(), '');
  });

  it('orders list: columns as wide as their widest cell, so a long status keeps its row in line', () => {
    const order = (guid: string, status: string, model: string, to: string | null, km2: number) => ({
      TaskOrderGuid: guid,
      OrderingProcessStatus: status,
      Model: model,
      From: '2026-11-01',
      To: to,
      TaskOrderAreaKm2: km2,
    });
    const lines = ordersText([
      order('a', 'UpToDate', 'Stratus2', null, 412.4),
      order('b', 'AwaitingSatelliteProducts', 'Stratus2Fast', '2027-02-26', 4.3),
      order('c', 'Canceled', 'Stratus3', '2026-12-31', 17.4),
    ] as never).split('\n');
    assert.deepEqual(lines, [
      'a  UpToDate                   Stratus2      2026-11-01 to recurring   412.4 km²',
      'b  AwaitingSatelliteProducts  Stratus2Fast  2026-11-01 to 2027-02-26  4.3 km²',
      'c  Canceled                   Stratus3      2026-11-01 to 2026-12-31  17.4 km²',
    ]);
    assert.equal(ordersText([]), 'No orders.');
  });
});

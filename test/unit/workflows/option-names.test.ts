// Issue 13, section 5: every workflow command refuses an option name it does not know, naming the
// ones it accepts, and docs/workflows.md lists every accepted name of every command.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkOptionNames,
  downloadCompositeOptionNames,
  downloadSeriesOptionNames,
  findDatesOptionNames,
  orderOptionNames,
  processTilesOptionNames,
  searchTilesOptionNames,
} from '../../../src/workflows/option-names';
import { OUTPUT_FIELD_NAMES } from '../../../src/request/output-fields';

const declarations: Record<string, Record<string, true>> = {
  'satImagery.downloadComposite': downloadCompositeOptionNames,
  'satImagery.findAvailableDates': findDatesOptionNames,
  'satImagery.createOrder': orderOptionNames,
  'satImagery.searchTiles': searchTilesOptionNames,
  'satImagery.processTiles': processTilesOptionNames,
  'satImagery.downloadTimeSeries': downloadSeriesOptionNames,
};

describe('workflow options: the names a script can trust', () => {
  it('refuses a misspelt name, listing the accepted ones', () => {
    assert.throws(
      () =>
        checkOptionNames(
          'satImagery.downloadComposite',
          { Model: 'Stratus2', resolution: 10 },
          downloadCompositeOptionNames,
        ),
      (error: Error & { kind?: string }) => {
        assert.equal(error.kind, 'invalid-option');
        assert.match(
          error.message,
          /^satImagery\.downloadComposite: unknown option 'Model'\. Accepted: .*'model'.*Nothing was sent\.$/,
        );
        for (const name of Object.keys(downloadCompositeOptionNames))
          assert.ok(error.message.includes(`'${name}'`), name);
        return true;
      },
    );
  });

  it('accepts every declared name, and the uri a keybinding passes beside them', () => {
    for (const [command, names] of Object.entries(declarations)) {
      const all = Object.fromEntries(Object.keys(names).map((n) => [n, undefined]));
      assert.doesNotThrow(() => checkOptionNames(command, { ...all, uri: 'file:///a.wkt' }, names), command);
    }
  });

  it("the time series refuses a misspelt name or one of a single composite, and accepts its dates and the composite's options", () => {
    for (const [options, name] of [
      [{ Dates: ['2026-11-04'] }, 'Dates'],
      [{ Model: 'x' }, 'Model'],
      [{ date: '2026-11-04' }, 'date'],
    ] as const) {
      assert.throws(
        () => checkOptionNames('satImagery.downloadTimeSeries', options, downloadSeriesOptionNames),
        (error: Error & { kind?: string }) => {
          assert.equal(error.kind, 'invalid-option');
          assert.match(
            error.message,
            new RegExp(
              `^satImagery\\.downloadTimeSeries: unknown option '${name}'\\. Accepted: .*'dates'.*Nothing was sent\\.$`,
            ),
          );
          return true;
        },
      );
    }
    const series = ['dates', 'from', 'to', 'every', 'nth', 'maxDates', 'concurrency', 'resendUncertain'];
    const composite = Object.keys(downloadCompositeOptionNames).filter((name) => name !== 'date');
    assert.deepEqual(Object.keys(downloadSeriesOptionNames).sort(), [...new Set([...series, ...composite])].sort());
  });

  it('the order options include the tile lists, the batch options the worker count', () => {
    assert.ok(orderOptionNames.miniTileGuids);
    assert.ok(processTilesOptionNames.concurrency);
    assert.ok(downloadCompositeOptionNames.output && downloadCompositeOptionNames.aoiMode);
  });

  it('docs/workflows.md lists every output field in the output option of the commands that take one', () => {
    const doc = readFileSync(join(__dirname, '..', '..', '..', '..', 'docs', 'workflows.md'), 'utf8');
    const rows: Record<string, readonly string[]> = {
      'satImagery.downloadComposite': OUTPUT_FIELD_NAMES.composite,
      'satImagery.processTiles': [...new Set([...OUTPUT_FIELD_NAMES.tile, ...OUTPUT_FIELD_NAMES.minitile])],
    };
    for (const [command, fields] of Object.entries(rows)) {
      const row = doc.split('\n').find((line) => line.startsWith('|') && line.includes(`\`${command}\``))!;
      const output = row.slice(row.indexOf('`output`'));
      const missing = fields.filter((name) => !output.includes(`\`${name}\``));
      assert.deepEqual(missing, [], `${command}: output fields missing from docs/workflows.md`);
    }
  });

  it('docs/workflows.md lists every accepted name of every command', () => {
    const doc = readFileSync(join(__dirname, '..', '..', '..', '..', 'docs', 'workflows.md'), 'utf8');
    for (const [command, names] of Object.entries(declarations)) {
      const row = doc.split('\n').find((line) => line.startsWith('|') && line.includes(`\`${command}\``));
      assert.ok(row, `docs/workflows.md has a row for ${command}`);
      const missing = Object.keys(names).filter((name) => !row.includes(`\`${name}\``));
      assert.deepEqual(missing, [], `${command} options missing from docs/workflows.md`);
    }
  });
});

// The output fields are declared once, in their table (src/api/request-fields.ts). What cannot
// come from it (package.json is static JSON, the docs are prose) is checked against it here, and so
// is what does come from it: the settings reader, the CLI flags, the names each kind accepts.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as vscode from 'vscode';
import {
  CHOICE_FIELDS,
  ORDER_COUNT_FIELDS,
  ORDER_DEFAULTS,
  ORDER_OTHER_FIELDS,
  OUTPUT_FIELDS,
  outputFieldsOf,
} from '../../../src/api/request-fields';
import type { FieldKind } from '../../../src/api/request-fields';
import { optionTable, OptionReader, parseCommandLine } from '../../../src/cli/args';
import { flagOfQuestion } from '../../../src/cli/ports';
import { outputOptions } from '../../../src/cli/verbs/composite-options';
import { Settings } from '../../../src/ui/constants';
import { readChoiceSettings, readOrderSettings, readOutputSettings } from '../../../src/ui/output-settings';
import { imageryFileSchema } from '../../../src/workflows/declared/declared-schema';
import { orderEstimateRequest } from '../../../src/workflows/orders/order-payload';
import { orderOptionNames } from '../../../src/workflows/option-names';
import { OUTPUT_FIELD_NAMES } from '../../../src/request/output-fields';

const root = join(__dirname, '..', '..', '..', '..');
interface Contributed {
  type?: string | string[];
  minimum?: number;
  maximum?: number;
  scope?: string;
  enum?: string[];
  default?: unknown;
}
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, Contributed> } };
};
const properties = pkg.contributes.configuration.properties;
// The settings in full are docs/settings.md's table, each command's options docs/workflows.md's.
const settingsDoc = readFileSync(join(root, 'docs', 'settings.md'), 'utf8').split('\n');
const workflowsDoc = readFileSync(join(root, 'docs', 'workflows.md'), 'utf8').split('\n');

/** A fake of the configuration section: `get` sees the workspace over the user, `inspect` both. */
function configuration(
  user: Record<string, unknown>,
  workspace: Record<string, unknown> = {},
): vscode.WorkspaceConfiguration {
  return {
    get: (key: string) => (key in workspace ? workspace[key] : user[key]),
    inspect: (key: string) => ({ key, globalValue: user[key], workspaceValue: workspace[key] }),
  } as unknown as vscode.WorkspaceConfiguration;
}

describe('the output field table: one row per field, the rest checked against it', () => {
  it('package.json contributes exactly the settings of the table, with the matching type, values and scope', () => {
    const declared = Object.keys(properties).filter((name) => name.startsWith('satImagery.defaults.output.'));
    const rows = OUTPUT_FIELDS.filter((row) => 'setting' in row);
    assert.deepEqual(declared.sort(), rows.map((row) => `satImagery.${row.setting}`).sort());
    for (const row of rows) {
      const setting = properties[`satImagery.${row.setting}`]!;
      assert.equal(setting.type, row.value === 'flag' ? 'boolean' : 'string', row.wire);
      assert.equal(setting.default, row.value === 'flag' ? false : '', `${row.wire}: the default is the service's`);
      if (setting.enum)
        assert.deepEqual(
          setting.enum.filter((v) => v !== ''),
          'known' in row ? [...row.known] : [],
          `${row.wire}: the values offered`,
        );
      // Where images go is the user's alone.
      assert.equal(setting.scope, 'userOnly' in row ? 'application' : 'resource', `${row.wire}: scope`);
    }
  });

  it("the settings table (docs/settings.md) names every output setting, and each command's options row every field its kind takes", () => {
    const settingsRows = settingsDoc.filter((line) => line.startsWith('| `satImagery.defaults.output.'));
    for (const row of OUTPUT_FIELDS.filter((r) => 'setting' in r)) {
      const suffix = row.setting.slice('defaults.output.'.length);
      assert.ok(
        settingsRows.some((line) => line.includes(`\`satImagery.${row.setting}\``) || line.includes(`\`.${suffix}\``)),
        `the settings table (docs/settings.md) lacks ${row.setting}`,
      );
    }
    // The series' row says "as for a composite; not UploadUrl".
    const commands: [string, FieldKind][] = [
      ['satImagery.downloadComposite', 'composite'],
      ['satImagery.processTiles', 'tile'],
    ];
    for (const [command, kind] of commands) {
      const line = workflowsDoc.find((l) => l.startsWith(`| \`${command}\``))!;
      const output = line.slice(line.indexOf('`output`'));
      const missing = outputFieldsOf(kind)
        .map((row) => row.wire)
        .filter((wire) => !output.includes(`\`${wire}\``));
      assert.deepEqual(missing, [], `${command}: output fields missing from docs/workflows.md`);
    }
  });

  it('every row has its flag, for the verbs of its kinds, answering the output step of its field', () => {
    for (const row of OUTPUT_FIELDS) {
      const spec = optionTable[row.flag];
      assert.ok(spec, `--${row.flag}`);
      assert.equal(spec.type, row.value === 'flag' ? 'boolean' : 'string', row.flag);
      assert.equal(
        flagOfQuestion(`output.${row.wire}`),
        `--${row.flag}`,
        'the question of the output step names the flag',
      );
      const kinds: readonly FieldKind[] = row.kinds;
      if (kinds.includes('series')) assert.ok(spec.verbs!.includes('series'), `--${row.flag} on series`);
      if (kinds.includes('tile')) assert.ok(spec.verbs!.includes('tiles process'), `--${row.flag} on tiles process`);
      if (kinds.includes('composite'))
        assert.ok(spec.verbs!.includes('download') && spec.verbs!.includes('estimate'), `--${row.flag} on download`);
      assert.equal(
        spec.verbs!.includes('available'),
        row.checked && kinds.includes('composite'),
        `--${row.flag} on available`,
      );
    }
    assert.deepEqual(optionTable['upload-url']!.verbs!.sort(), ['download', 'estimate', 'tiles process']);
    assert.deepEqual(optionTable['level']!.verbs, ['tiles process']);
  });

  it('the flags read into the fields by wire name, and --level takes only 1 or 2', () => {
    const argv = [
      'tiles',
      'process',
      'a.wkt',
      '--data-type',
      'uint8',
      '--allow-partial-image',
      '--level',
      '1',
      '--harmonize',
      '--upload-url',
      'https://example.org/x',
    ];
    assert.deepEqual(outputOptions(new OptionReader(parseCommandLine(argv).values)), {
      DataType: 'uint8',
      AllowPartialImage: true,
      Level: 1,
      Harmonize: true,
      UploadUrl: 'https://example.org/x',
    });
    assert.equal(outputOptions(new OptionReader(parseCommandLine(['download', 'a.wkt']).values)), undefined);
    assert.throws(
      () => outputOptions(new OptionReader(parseCommandLine(['tiles', 'process', 'a.wkt', '--level', '3']).values)),
      /--level must be 1 or 2, not 3/,
    );
  });

  it('the settings reader keeps only the fields set, trimmed, and the upload address from the user alone', () => {
    const user = {
      'defaults.output.dataType': ' uint8 ',
      'defaults.output.fileType': '',
      'defaults.output.allowPartialImage': true,
      'defaults.output.utmGridForcePixelResolutionSize': false,
      'defaults.output.uploadUrl': 'https://user.example/up',
    };
    assert.deepEqual(readOutputSettings(configuration(user)), {
      DataType: 'uint8',
      AllowPartialImage: true,
      UploadUrl: 'https://user.example/up',
    });
    const hostile = {
      'defaults.output.uploadUrl': 'https://attacker.example/up',
      'defaults.output.pixelSelectionMode': 'contained',
    };
    assert.deepEqual(
      readOutputSettings(configuration({}, hostile)),
      { PixelSelectionMode: 'contained' },
      "a workspace's upload address is never read",
    );
  });

  it('each kind accepts the fields of its rows: Level only on tiles, AutomaticOrderCreation only on composites', () => {
    assert.ok(OUTPUT_FIELD_NAMES.tile.includes('Level') && !OUTPUT_FIELD_NAMES.composite.includes('Level'));
    assert.ok(
      OUTPUT_FIELD_NAMES.composite.includes('AutomaticOrderCreation') &&
        !OUTPUT_FIELD_NAMES.minitile.includes('AutomaticOrderCreation'),
    );
    assert.deepEqual(OUTPUT_FIELD_NAMES.tile, OUTPUT_FIELD_NAMES.minitile);
  });

  it('the choices: each row has its setting in package.json, its name in docs/settings.md, its flag on the verbs of its kinds', () => {
    const types = { text: ['string'], list: ['array'], number: ['integer', 'null'] };
    for (const row of CHOICE_FIELDS) {
      const setting = properties[`satImagery.${row.setting}`];
      assert.ok(setting, row.setting);
      assert.deepEqual([setting.type].flat(), types[row.value], `${row.setting}: type`);
      assert.equal(setting.scope, 'resource', `${row.setting}: scope`);
      assert.ok(
        settingsDoc.find((l) => l.startsWith('| `satImagery.defaults.*`'))!.includes(`\`${row.name}\``),
        `the settings table (docs/settings.md) lacks ${row.name}`,
      );
      const verbs = optionTable[row.flag]!.verbs!;
      const kinds: readonly string[] = row.kinds;
      assert.ok(
        verbs.includes('download') && verbs.includes('series') && verbs.includes('tiles process'),
        `--${row.flag}`,
      );
      assert.equal(verbs.includes('orders estimate'), kinds.includes('order'), `--${row.flag} on orders`);
    }
    const contributed = Object.keys(properties).filter((name) => /^satImagery\.defaults\.[a-zA-Z]+$/.test(name));
    assert.deepEqual(
      contributed.sort(),
      CHOICE_FIELDS.map((row) => `satImagery.${row.setting}`).sort(),
      'every defaults.* choice setting has its row',
    );
    assert.equal(Settings.defaultModel, CHOICE_FIELDS.find((row) => row.name === 'model')!.setting);
  });

  it("imagery.json's dataset output takes exactly the series' rows: text as text, flags as true or false", () => {
    const dataset = (output: Record<string, unknown>) =>
      imageryFileSchema.safeParse({ datasets: [{ name: 'd', area: 'a.geojson', model: 'Stratus2', output }] }).success;
    const rows = outputFieldsOf('series');
    assert.ok(dataset(Object.fromEntries(rows.map((row) => [row.wire, row.value === 'flag' ? true : 'x']))));
    for (const row of rows) assert.equal(dataset({ [row.wire]: row.value === 'flag' ? 'yes' : true }), false, row.wire);
    for (const row of OUTPUT_FIELDS.filter((r) => !(r.kinds as readonly string[]).includes('series')))
      assert.equal(dataset({ [row.wire]: 1 }), false, `${row.wire} is no series field`);
  });

  it('the choices are read from the settings as set, the others absent', () => {
    const user = {
      'defaults.model': ' Stratus2 ',
      'defaults.satelliteConstellations': ['Sentinel2', ''],
      'defaults.epsgProjection': 4326,
      'defaults.resolution': null,
      'defaults.bandnames': '',
    };
    assert.deepEqual(readChoiceSettings(configuration(user)), {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      epsgProjection: 4326,
    });
    assert.deepEqual(readChoiceSettings(configuration({ 'defaults.satelliteConstellations': [] })), {});
  });
});

describe("the order field table: a tasking order's fields, one row each, the rest checked against it", () => {
  const orderRows = [...ORDER_COUNT_FIELDS, ...ORDER_OTHER_FIELDS];
  const order = {
    model: 'Stratus2',
    satelliteConstellations: ['Sentinel2'],
    from: '2026-01-01',
    to: '2026-03-31',
    ...ORDER_DEFAULTS,
  };

  it('package.json contributes exactly the settings of the rows, the counts with their range and default', () => {
    const declared = Object.keys(properties).filter((name) => name.startsWith('satImagery.defaults.order.'));
    assert.deepEqual(
      declared.sort(),
      orderRows
        .filter((row) => 'setting' in row)
        .map((row) => `satImagery.${row.setting}`)
        .sort(),
    );
    for (const row of ORDER_COUNT_FIELDS) {
      const setting = properties[`satImagery.${row.setting}`]!;
      assert.deepEqual(
        [setting.type, setting.minimum, setting.maximum, setting.default],
        ['integer', row.min, row.max, row.default],
        row.setting,
      );
    }
  });

  it('every row has its option name, its flag on the order verbs, and its name in the settings table (docs/settings.md)', () => {
    const settingsRow = settingsDoc.find((line) => line.startsWith('| `satImagery.defaults.order.*`'))!;
    for (const row of orderRows) {
      assert.ok(row.name in orderOptionNames, row.name);
      assert.ok(optionTable[row.flag]!.verbs!.includes('orders create'), `--${row.flag}`);
      if ('setting' in row)
        assert.ok(settingsRow.includes(`\`${row.name}\``), `the settings table (docs/settings.md) lacks ${row.name}`);
    }
  });

  it('the flags, the payload, imagery.json and the settings take exactly the range of each count', () => {
    for (const row of ORDER_COUNT_FIELDS) {
      const flag = (value: number) =>
        new OptionReader(parseCommandLine(['orders', 'create', 'a.wkt', `--${row.flag}`, String(value)]).values).number(
          row.flag,
          { integer: true, min: row.min, max: row.max },
        );
      assert.equal(flag(row.max), row.max);
      assert.throws(
        () => flag(row.max + 1),
        new RegExp(`--${row.flag} must be a whole number from ${row.min} to ${row.max}`),
      );
      assert.equal(
        orderEstimateRequest(undefined, { ...order, referenceDate: order.from, [row.name]: row.min }).ImageFrequency,
        row.name === 'imageFrequency' ? row.min : 1,
      );
      assert.throws(
        () => orderEstimateRequest(undefined, { ...order, referenceDate: order.from, [row.name]: row.min - 1 }),
        new RegExp(`${row.wire} must be a whole number from ${row.min} to ${row.max}`),
      );
      const file = (value: number) =>
        imageryFileSchema.safeParse({ orders: [{ name: 'o', area: 'a.geojson', ...order, [row.name]: value }] })
          .success;
      assert.deepEqual(
        [file(row.min), file(row.max), file(row.min - 1), file(row.max + 1)],
        [true, true, false, false],
        row.name,
      );
      assert.deepEqual(readOrderSettings(configuration({ [row.setting]: row.max })), { [row.name]: row.max });
      assert.deepEqual(
        readOrderSettings(configuration({ [row.setting]: row.max + 1 })),
        {},
        `${row.setting} out of range is not taken`,
      );
    }
    assert.deepEqual(
      readOrderSettings(
        configuration({ 'defaults.order.referenceDate': ' 2026-01-05 ', 'defaults.order.geometryTileOrdering': false }),
      ),
      { referenceDate: '2026-01-05', geometryTileOrdering: false },
    );
  });
});

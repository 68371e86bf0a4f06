import * as assert from 'node:assert/strict';
import { checkBandExpression, parseBandExpression } from '../../../../src/request/band-expression';
import { checkEpsg, epsgItems, parseEpsg, utmChoice, utmZoneOf } from '../../../../src/request/projection';
import { checkOutput, mergeOutput } from '../../../../src/request/output-fields';
import { judgeAvailability } from '../../../../src/workflows/composite/availability';
import { WorkflowError } from '../../../../src/request/workflow-error';

const refused = (run: () => unknown, pattern: RegExp) =>
  assert.throws(
    run,
    (error: unknown) =>
      error instanceof WorkflowError && error.kind === 'invalid-option' && pattern.test(error.message),
  );

describe('output choices: band expressions', () => {
  it('counts rgb, all and comma lists with index expressions', () => {
    assert.deepEqual(parseBandExpression('rgb'), { items: ['B4', 'B3', 'B2'], count: 3 });
    assert.equal(parseBandExpression('all', ['B2', 'B3']).count, 2);
    assert.equal(parseBandExpression('all').count, undefined, 'unknown when the model names no bands');
    assert.deepEqual(parseBandExpression(' B2, B3,B4,B8,[B8_B4] ').items, ['B2', 'B3', 'B4', 'B8', '[B8_B4]']);
    assert.equal(parseBandExpression('B8A,B11,[B11_B8A]').count, 3);
  });

  it('names the item and column of a syntax error or an unknown band', () => {
    refused(() => parseBandExpression('B2,,B3'), /item 2 \(column 4\) is empty/);
    refused(() => parseBandExpression('B2,B13'), /item 2 .* 'B13' is not a band name/);
    refused(() => parseBandExpression('[B8-B4]'), /item 1 .* not an index expression/);
    refused(() => parseBandExpression('[B8_B99]'), /'B99' is not a band name/);
    refused(() => parseBandExpression('B2,B2'), /named twice/);
    refused(() => parseBandExpression('  '), /enter rgb, all/);
    refused(() => parseBandExpression('b2'), /'b2' is not a band name/);
  });

  it('refuses a band the model does not have', () => {
    refused(() => parseBandExpression('B1,B2', ['B2', 'B3', 'B4']), /'B1' is not a band of this model/);
  });

  it('checks the band count against MaxTotalBands', () => {
    assert.equal(checkBandExpression('B2,B3,B4', 3).count, 3);
    refused(() => checkBandExpression('B2,B3,B4,[B8_B4]', 3), /4 bands asked, this key allows at most 3/);
    refused(() => checkBandExpression('all', 5, ['B2', 'B3', 'B4', 'B5', 'B6', 'B7']), /6 bands asked/);
    assert.equal(checkBandExpression('all', 5).count, undefined, 'no count, no refusal: the service decides');
  });
});

describe('output choices: projection', () => {
  it('computes the UTM zone of an area, north and south', () => {
    assert.equal(utmZoneOf(10.1), 32);
    assert.equal(utmZoneOf(-180), 1);
    assert.equal(utmZoneOf(180), 60);
    assert.deepEqual(utmChoice({ west: 10.1, east: 10.12, south: 56.1, north: 56.12 }), {
      codes: [32632],
      single: true,
      warning: undefined,
    });
    assert.deepEqual(utmChoice({ west: 18.4, east: 18.5, south: -34, north: -33.9 }).codes, [32734]);
  });

  it('warns when the area spans zones and pre-selects none of them', () => {
    const choice = utmChoice({ west: 11.9, east: 12.1, south: 50, north: 50.1 });
    assert.deepEqual(choice.codes, [32632, 32633]);
    assert.equal(choice.single, false);
    assert.match(choice.warning!, /spans UTM zones 32–33/);
  });

  it('offers the zone, 47000, 4326 and a typed code', () => {
    const items = epsgItems({ west: 10.1, east: 10.12, south: 56.1, north: 56.12 }, -1);
    assert.deepEqual(
      items.map((i) => i.value),
      [32632, 47000, 4326, -1],
    );
    assert.deepEqual(
      epsgItems(undefined, -1).map((i) => i.value),
      [47000, 4326, -1],
    );
  });

  it('reads a typed code and checks it against the document enum when there is one', () => {
    assert.equal(parseEpsg('EPSG:3035'), 3035);
    assert.equal(parseEpsg(' 32632 '), 32632);
    assert.equal(typeof parseEpsg('UTM 32'), 'string');
    assert.equal(checkEpsg(3035, undefined), 3035);
    refused(() => checkEpsg(3035, [4326, 47000]), /not one the service lists: 4326, 47000/);
    refused(() => checkEpsg(-5, undefined), /not a whole positive number/);
  });
});

describe('output choices: output fields', () => {
  it('takes the settings, then the options, and drops fields the request kind does not take', () => {
    const settings = { DataType: 'int16', AllowPartialImage: true, Level: 1 };
    assert.deepEqual(mergeOutput('composite', settings, { DataType: 'uint8', AutomaticOrderCreation: true }), {
      DataType: 'uint8',
      AllowPartialImage: true,
      AutomaticOrderCreation: true,
    });
    assert.deepEqual(mergeOutput('tile', settings, { AutomaticOrderCreation: true, Harmonize: true }), {
      DataType: 'int16',
      AllowPartialImage: true,
      Level: 1,
      Harmonize: true,
    });
  });

  it('accepts a value the document allows and refuses one it does not', () => {
    const rules = { enums: { DataType: ['int16', 'uint8', 'float32'] } };
    assert.deepEqual(
      checkOutput({ DataType: 'float32' }, rules),
      { DataType: 'float32' },
      'typed, and the document allows it',
    );
    refused(() => checkOutput({ DataType: 'float64' }, rules), /DataType 'float64' is not one the service lists/);
    refused(() => checkOutput({ Level: 3 }, { enums: {} }), /Level 3 is not valid: use 1 or 2/);
    refused(() => checkOutput({ UploadUrl: 'http://example.com/x' }, { enums: {} }), /https/);
    assert.ok(checkOutput({ UploadUrl: 'http://127.0.0.1:9/x' }, { enums: {} }));
  });

  it('with AllowPartialImage a partly covered date is ready and says the covered share', () => {
    const flags = {
      FullyAvailable: false,
      PartiallyAvailable: true,
      OrdersCoverPolygon: true,
      DataAvailableForUser: true,
    };
    assert.equal(judgeAvailability(flags, '2026-11-01').ready, false);
    const verdict = judgeAvailability(flags, '2026-11-01', { allowPartial: true, share: 0.4 });
    assert.equal(verdict.ready, true);
    assert.equal(verdict.partial, true);
    assert.match(verdict.sentence, /covers about 40 % of the area/);
    assert.equal(
      judgeAvailability({ ...flags, OrdersCoverPolygon: false }, '2026-11-01', { allowPartial: true }).ready,
      false,
      'orders still decide',
    );
  });
});

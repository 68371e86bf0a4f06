// Pickers that take a typed value and take their choices from the specification document, on the
// wire against the simulator: the Advanced output step's enum pickers have a "Type a value…"
// entry (accepted when the document allows it, refused with the listed values otherwise), and the
// resolution picker offers the document's Resolution enum.
import * as assert from 'node:assert/strict';
import { downloadComposite } from '../../../../src/workflows/composite/download-composite-workflow';
import type { DownloadCompositeOptions } from '../../../../src/workflows/composite/download-composite-workflow';
import { typedValueProblem } from '../../../../src/workflows/composite/output-step';
import { findAvailableDates } from '../../../../src/workflows/dates/find-dates-workflow';
import { WorkflowError } from '../../../../src/request/workflow-error';
import { useSimulatorClient } from '../../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../../fixtures/workflow-ports';

const FIELD = {
  name: 'field.wkt',
  text: 'POLYGON((10.1 56.1, 10.12 56.1, 10.12 56.12, 10.1 56.12, 10.1 56.1))',
  format: 'wkt' as const,
};
const PROCESS = '/api/satelliteimages/process/composite';
const BILLED_OR_PRICED = [PROCESS, `${PROCESS}/estimate`];

interface Item {
  label: string;
  value: unknown;
}
type Question = { items: Item[]; defaultValue?: unknown; validate?: (text: string) => string | undefined };
const typeEntry = (q: Question) => q.items.find((i) => i.label === 'Type a value…')!.value;
const keepDefault = (q: Question) => q.defaultValue;

describe("workflow: typed values and the document's choices in the pickers (against the simulator)", () => {
  const fixture = useSimulatorClient({
    simulator: { demoData: true, specVariant: { resolutions: [20, 80, 320] } },
    tempPrefix: 'typed-',
  });
  let options: DownloadCompositeOptions;
  const cheap = { settings: { confirmCostAbove: 1000 } };
  const sent = (paths: string[]) => fixture.sim.requests.filter((r) => paths.includes(r.path));
  // The Output step is asked only when some other step is (here the resolution).
  const advanced = {
    resolution: 20,
    output: 'advanced',
    'output.PixelSelectionMode': keepDefault,
    'output.UtmDataSelectionMode': keepDefault,
    'output.UtmGridForcePixelResolutionSize': false,
    'output.AllowPartialImage': false,
    'output.AutomaticOrderCreation': false,
    'output.FileType': keepDefault,
    'output.UploadUrl': '',
  };

  before(async () => {
    const dates = await findAvailableDates(scriptedPorts(fixture.client, {}).ports, FIELD, {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
    });
    options = {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      date: dates.coverage!.full[0]!,
      epsgProjection: 4326,
      bandnames: 'rgb',
      outputDirectory: '',
    };
  });
  beforeEach(() => {
    options = { ...options, outputDirectory: fixture.out };
  });

  it("the resolution picker offers the document's Resolution enum, not a list of its own", async () => {
    let offered: unknown[] = [];
    const run = scriptedPorts(
      fixture.client,
      { resolution: (q: Question) => ((offered = q.items.map((i) => i.value)), 80), output: 'keep' },
      cheap,
    );
    const result = await downloadComposite(run.ports, FIELD, options);
    assert.equal(result.outcome, 'completed');
    assert.deepEqual(offered, [20, 80, 320]);
    assert.equal((sent([PROCESS])[0]!.body as Record<string, unknown>).Resolution, 80);
  });

  it('a resolution the document does not list is refused before anything is priced', async () => {
    const run = scriptedPorts(fixture.client, { output: 'keep' }, cheap);
    await assert.rejects(
      downloadComposite(run.ports, FIELD, { ...options, resolution: 40 }),
      (error: unknown) =>
        error instanceof WorkflowError &&
        /Resolution 40 m is not one the service lists: 20, 80, 320/.test(error.message),
    );
    assert.equal(sent(BILLED_OR_PRICED).length, 0);
  });

  it('an enum picker of Advanced output takes a typed value the document lists, and sends it', async () => {
    let refusal: string | undefined;
    const run = scriptedPorts(
      fixture.client,
      {
        ...advanced,
        'output.DataType': typeEntry,
        'output.typed.DataType': (q: Question) => (
          (refusal = q.validate!('float32')),
          assert.equal(q.validate!(' uint8 '), undefined),
          ' uint8 '
        ),
      },
      cheap,
    );
    const result = await downloadComposite(run.ports, FIELD, options);
    assert.equal(result.outcome, 'completed');
    assert.match(refusal!, /'float32' is not one the service lists for DataType: int16, uint8/);
    assert.equal((sent([PROCESS])[0]!.body as Record<string, unknown>).DataType, 'uint8');
  });

  it('a typed value the document does not list is refused with the listed values, and nothing is sent', async () => {
    const run = scriptedPorts(
      fixture.client,
      { ...advanced, 'output.DataType': typeEntry, 'output.typed.DataType': 'float32' },
      cheap,
    );
    await assert.rejects(
      downloadComposite(run.ports, FIELD, options),
      /'float32' is not one the service lists for DataType: int16, uint8/,
    );
    assert.equal(sent(BILLED_OR_PRICED).length, 0);
  });

  it('with no enum in the document a typed value is accepted (the service decides)', () => {
    assert.equal(typedValueProblem('DataType', 'float32', { enums: {} }), undefined);
    assert.match(typedValueProblem('DataType', '  ', { enums: {} })!, /Enter a value/);
    assert.match(
      typedValueProblem('Level', '3', { enums: { Level: [1, 2] } })!,
      /not one the service lists for Level: 1, 2/,
    );
    assert.equal(typedValueProblem('Level', '2', { enums: { Level: [1, 2] } }), undefined);
  });
});

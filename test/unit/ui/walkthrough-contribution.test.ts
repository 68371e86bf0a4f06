// The walkthrough package.json contributes is whole: every step has its picture (a file under
// media/walkthrough/, under 150 KB) and its text, every button runs a command that exists, and
// every completion event names a real command, view or context key, so no step waits for an event
// that never comes; a step whose command can end without doing it (a download cancelled before
// Proceed) completes only on the key the product sets when it was done. (That the page opens once
// and that a step completes: the UI walk; that the keys are set then and only then: the
// integration test first-run.)
import * as assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ContextKeys, WALKTHROUGH_ID } from '../../../src/ui/constants';

const root = join(__dirname, '..', '..', '..', '..');

interface Step {
  id: string;
  title: string;
  description: string;
  media: { image?: string; altText?: string };
  completionEvents?: string[];
}

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: {
    commands: { command: string }[];
    views: Record<string, { id: string }[]>;
    customEditors: { viewType: string }[];
    walkthroughs: { id: string; title: string; steps: Step[] }[];
  };
};
const commands = new Set(pkg.contributes.commands.map((c) => c.command));
const views = new Set(Object.values(pkg.contributes.views).flatMap((list) => list.map((v) => v.id)));
const editors = new Set(pkg.contributes.customEditors.map((e) => e.viewType));
const ownKeys = new Set<string>(Object.values(ContextKeys));
/** The workbench's commands a step's button may run, beside the extension's own and a view's focus. */
const WORKBENCH_COMMANDS = new Set(['workbench.action.quickOpen', 'workbench.actions.view.problems']);

function isRealCommand(id: string): boolean {
  return commands.has(id) || WORKBENCH_COMMANDS.has(id) || (id.endsWith('.focus') && views.has(id.slice(0, -6)));
}

/** Why a context key expression `a || b == c` names something that is not there, or undefined. */
function contextProblem(expression: string): string | undefined {
  for (const clause of expression.split(/\|\||&&/).map((c) => c.trim().replace(/^!/, ''))) {
    const [key, value] = clause.split('==').map((part) => part.trim());
    if (key === 'activeCustomEditorId') {
      if (!editors.has(value)) return `${value} is no custom editor of the extension`;
    } else if (!ownKeys.has(key) || value !== undefined) return `${clause} is no context key the extension sets`;
  }
  return undefined;
}

describe('The walkthrough contribution', () => {
  const walkthroughs = pkg.contributes.walkthroughs;

  it('is one walkthrough, the id the extension opens, with the first run in its order', () => {
    assert.deepEqual(
      walkthroughs.map((w) => w.id),
      [WALKTHROUGH_ID],
    );
    assert.deepEqual(
      walkthroughs[0].steps.map((s) => s.id),
      ['setApiKey', 'openArea', 'showOnMap', 'downloadComposite', 'lookAtImage', 'imageryAsCode'],
    );
  });

  it('a download and a look at the image complete only when they happened, never on a command or a view', () => {
    const events = (id: string) => walkthroughs[0].steps.find((s) => s.id === id)?.completionEvents;
    // onCommand fires as the command starts: the download may then be cancelled before Proceed.
    assert.deepEqual(events('downloadComposite'), [`onContext:${ContextKeys.compositeDownloaded}`]);
    // Opening the Downloads view, or the viewer on a file it cannot read, is not looking at an image.
    assert.deepEqual(events('lookAtImage'), [`onContext:${ContextKeys.imageShown}`]);
  });

  for (const step of pkg.contributes.walkthroughs[0]?.steps ?? []) {
    it(`${step.id}: its picture exists and is small, its text and buttons are real`, () => {
      assert.ok(step.title && step.description, 'a title and a description');
      assert.match(step.media.image ?? '', /^media\/walkthrough\/[\w-]+\.(png|svg)$/);
      const size = statSync(join(root, step.media.image!), { throwIfNoEntry: false })?.size;
      assert.ok(size !== undefined, `${step.media.image} exists`);
      assert.ok(size < 150 * 1024, `${step.media.image} is ${size} bytes`);
      assert.ok((step.media.altText ?? '').length > 20, 'the picture is said in words');
      const buttons = [...step.description.matchAll(/\]\(command:([\w.]+)/g)].map((m) => m[1]);
      assert.ok(buttons.length > 0, 'a button to do the step');
      assert.deepEqual(
        buttons.filter((id) => !isRealCommand(id)),
        [],
        'every button runs a command that exists',
      );
    });

    it(`${step.id}: completes on events that happen`, () => {
      const events = step.completionEvents ?? [];
      assert.ok(events.length > 0, 'a completion event (without one a step completes when clicked)');
      for (const event of events) {
        const [kind, ...rest] = event.split(':');
        const argument = rest.join(':');
        if (kind === 'onCommand') assert.ok(commands.has(argument), `${event}: no such command`);
        else if (kind === 'onView') assert.ok(views.has(argument), `${event}: no such view`);
        else if (kind === 'onContext') assert.equal(contextProblem(argument), undefined, event);
        else assert.fail(`${event}: an event this test does not know`);
      }
    });
  }
});

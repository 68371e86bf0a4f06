// The "ask the user" port in VS Code: one quick pick or input box per step, titled "Step n/N",
// with a Back button from the second asked step on. Escape (or hiding the box) answers undefined,
// which ends the workflow; Back answers BACK, which the wizard turns into the previous step.
import * as vscode from 'vscode';
import { BACK } from '../../workflows/engine/ports';
import type { Answer, AskPort, InputQuestion, PickManyQuestion, PickQuestion } from '../../workflows/engine/ports';
import type { PickItem } from '../../request/pick-item';

type Item<T> = vscode.QuickPickItem & { value: T };

const shown = new vscode.EventEmitter<string>();
/** Fires with a box's title as it shows, so a test in the extension host answers a question when it
 * is asked instead of after a fixed wait. */
export const onDidShowQuickInput = shown.event;

function toItems<T>(items: PickItem<T>[]): Item<T>[] {
  return items.map((item) => ({
    label: item.label,
    description: item.description,
    detail: item.detail,
    value: item.value,
  }));
}

function titleOf(question: { title: string; step: number; totalSteps: number }, workflow: string): string {
  return `${workflow}: ${question.title} (${question.step}/${question.totalSteps})`;
}

/** Resolves with the first answer and disposes the box, whatever ends it. */
function settle<T>(box: vscode.QuickInput, wire: (done: (answer: Answer<T>) => void) => void): Promise<Answer<T>> {
  return new Promise<Answer<T>>((resolve) => {
    let finished = false;
    const done = (answer: Answer<T>): void => {
      if (finished) return;
      finished = true;
      resolve(answer);
      box.dispose();
    };
    wire(done);
    box.onDidHide(() => done(undefined));
    box.show();
    shown.fire(box.title ?? '');
  });
}

export function createQuickInputAsk(workflow: string): AskPort {
  return {
    pick<T>(question: PickQuestion<T>): Promise<Answer<T>> {
      const box = vscode.window.createQuickPick<Item<T>>();
      box.title = titleOf(question, workflow);
      box.placeholder = question.placeholder;
      box.ignoreFocusOut = true;
      box.matchOnDescription = true;
      box.items = toItems(question.items);
      const initial = box.items.find((item) => item.value === question.defaultValue);
      if (initial) box.activeItems = [initial];
      box.buttons = question.canGoBack ? [vscode.QuickInputButtons.Back] : [];
      return settle<T>(box, (done) => {
        box.onDidTriggerButton((button) => button === vscode.QuickInputButtons.Back && done(BACK));
        box.onDidAccept(() => {
          const chosen = box.selectedItems[0] ?? box.activeItems[0];
          if (chosen) done(chosen.value);
        });
      });
    },

    pickMany<T>(question: PickManyQuestion<T>): Promise<Answer<T[]>> {
      const box = vscode.window.createQuickPick<Item<T>>();
      box.title = titleOf(question, workflow);
      box.placeholder = question.placeholder ?? 'Space toggles an item, Enter accepts';
      box.canSelectMany = true;
      box.ignoreFocusOut = true;
      box.items = toItems(question.items);
      box.selectedItems = box.items.filter((item) => question.defaultValues.includes(item.value));
      box.buttons = question.canGoBack ? [vscode.QuickInputButtons.Back] : [];
      return settle<T[]>(box, (done) => {
        box.onDidTriggerButton((button) => button === vscode.QuickInputButtons.Back && done(BACK));
        box.onDidAccept(() => {
          if (box.selectedItems.length > 0) done(box.selectedItems.map((item) => item.value));
        });
      });
    },

    input(question: InputQuestion): Promise<Answer<string>> {
      const box = vscode.window.createInputBox();
      box.title = titleOf(question, workflow);
      box.prompt = question.prompt;
      box.placeholder = question.placeholder;
      box.value = question.value;
      box.ignoreFocusOut = true;
      box.buttons = question.canGoBack ? [vscode.QuickInputButtons.Back] : [];
      return settle<string>(box, (done) => {
        box.onDidTriggerButton((button) => button === vscode.QuickInputButtons.Back && done(BACK));
        box.onDidChangeValue((text) => (box.validationMessage = question.validate?.(text)));
        box.onDidAccept(() => {
          const problem = question.validate?.(box.value);
          box.validationMessage = problem;
          if (!problem) done(box.value);
        });
      });
    },
  };
}

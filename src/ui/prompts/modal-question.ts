// A yes-or-no question in a modal, for what cannot be undone (cancelling an order, placing one).
// The "no" button is the dialog's close affordance, so VS Code adds no second "Cancel" beside a
// "yes" that may itself say cancel.
import * as vscode from 'vscode';

/** True only when the person picks `yes`; `no`, Escape or closing the dialog is false. */
export async function askInModal(
  question: { message: string; detail: string },
  yes: string,
  no: string,
): Promise<boolean> {
  const choice = await vscode.window.showWarningMessage(
    question.message,
    { modal: true, detail: question.detail },
    { title: yes },
    { title: no, isCloseAffordance: true },
  );
  return choice?.title === yes;
}

// The workflow's progress notification, which can step aside. A notification sits in the window's
// bottom-right corner, on top of whatever is there: a cost panel beside the editor had its Proceed
// and Cancel under it (1400 × 757), out of reach of a click. While a panel waits for the person's
// decision the notification is ended and the wait is said in the status bar (window progress),
// which covers nothing; it comes back after with its last message and the bar where it was.
import * as vscode from 'vscode';
import type { ProgressPort } from '../../workflows/engine/ports';

type Report = (value: { message?: string; increment?: number }) => void;

export class ProgressNotification {
  private report: Report | undefined;
  private end: (() => void) | undefined;
  private total = 0;
  private message: string | undefined;
  private asides = 0;
  private closed = false;

  readonly port: ProgressPort = {
    report: ({ message, increment }) => {
      // VS Code's bar only grows: clamp so rounding never overflows 100.
      const step = increment !== undefined && increment > 0 ? Math.min(increment, 100 - this.total) : undefined;
      if (step !== undefined) this.total += step;
      if (message !== undefined) this.message = message;
      this.report?.({ message, increment: step });
    },
  };

  /** Shows the notification titled `title`; its Cancel aborts `controller`. */
  constructor(
    private readonly title: string,
    private readonly controller: AbortController,
  ) {
    this.open();
  }

  private open(): void {
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    this.end = end;
    void vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: this.title, cancellable: true },
      (progress, token) => {
        if (this.end !== end) return ended; // ended before VS Code ran this
        const subscription = token.onCancellationRequested(() => this.controller.abort());
        this.report = (value) => progress.report(value);
        // Back after a wait: the last message again, and the bar where it was.
        if (this.message !== undefined || this.total > 0)
          progress.report({ message: this.message, increment: this.total > 0 ? this.total : undefined });
        return ended.finally(() => subscription.dispose());
      },
    );
  }

  private hide(): void {
    this.report = undefined;
    this.end?.();
    this.end = undefined;
  }

  /** Ends the notification for good (the work is over). */
  close(): void {
    this.closed = true;
    this.hide();
  }

  /** Runs `wait` (a panel waiting for a decision) with the notification put away and `message`
   * in the status bar instead; the notification comes back when it settles. */
  async aside<T>(message: string, wait: () => Promise<T>): Promise<T> {
    if (this.asides++ === 0) this.hide();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    void vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: message }, () => released);
    try {
      return await wait();
    } finally {
      release();
      if (--this.asides === 0 && !this.closed) this.open();
    }
  }
}

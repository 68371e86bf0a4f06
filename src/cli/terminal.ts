// Everything the CLI writes goes through here: results on stdout (text, or JSON with --json),
// messages and progress on stderr. Every write passes the redactors, so the key (in any letter
// case or percent-encoded) and an upload URL's signature cannot reach the terminal or a CI log even
// when a server repeats them, and then `printable`, so no control character a server wrote reaches
// the terminal. Progress is drawn as one rewritten line on a terminal, and not at all when stderr
// is not a TTY (CI logs stay clean).
import { KeyRedactor } from '../api/redact';
import type { ProgressPort, ProgressUpdate } from '../workflows/engine/ports';
import { printable } from './printable';
import { redactSignatures, uploadUrlSecrets } from './upload-url';

export interface TerminalStreams {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
}

export class Terminal implements ProgressPort {
  private readonly keys = new KeyRedactor();
  private readonly uploadSecrets = new KeyRedactor('[redacted]');
  private percent = 0;
  private drawn = false;

  constructor(
    readonly json: boolean,
    private readonly streams: TerminalStreams = { stdout: process.stdout, stderr: process.stderr },
  ) {}

  /** Adds a value that must never be written (the key). */
  redact(secret: string): void {
    this.keys.remember(secret);
  }

  /** A pre-signed upload URL (--upload-url): its query string (the signature) is never written. */
  redactUploadUrl(url: string): void {
    for (const secret of uploadUrlSecrets(url)) this.uploadSecrets.remember(secret);
  }

  clean(text: string): string {
    return printable(redactSignatures(this.uploadSecrets.redact(this.keys.redact(text))));
  }

  /** A result line (text mode) or document (JSON mode) on stdout. */
  out(text: string): void {
    this.clearProgress();
    this.streams.stdout.write(`${this.clean(text)}\n`);
  }

  /** Text exactly as given on stdout (a CSV table keeps its own line ends). */
  write(text: string): void {
    this.clearProgress();
    this.streams.stdout.write(this.clean(text));
  }

  result(value: unknown, text: () => string): void {
    this.out(this.json ? JSON.stringify(value, null, 2) : text());
  }

  /** A message for the person, on stderr. */
  note(text: string): void {
    this.clearProgress();
    this.streams.stderr.write(`${this.clean(text)}\n`);
  }

  report(update: ProgressUpdate): void {
    if (update.increment) this.percent = Math.min(100, this.percent + update.increment);
    if (!this.streams.stderr.isTTY || update.message === undefined) return;
    const width = 24;
    const filled = Math.round((this.percent / 100) * width);
    const bar = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.round(this.percent)).padStart(3)}%`;
    // A pseudo-terminal given no size (script(1) in a CI job) reports 0 columns: take 80 then.
    const columns = this.streams.stderr.columns || 80;
    const line = `${bar} ${update.message}`.slice(0, Math.max(10, columns - 1));
    this.streams.stderr.write(`\r\x1b[K${this.clean(line)}`);
    this.drawn = true;
  }

  /** A new run of progress (the next date of a series) starts from zero. */
  resetProgress(): void {
    this.percent = 0;
  }

  clearProgress(): void {
    if (!this.drawn) return;
    this.streams.stderr.write('\r\x1b[K');
    this.drawn = false;
  }
}

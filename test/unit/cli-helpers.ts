// Runs the bundled `sat-imagery` executable as a child process, the way a person or a CI job
// does: built once per run into a scratch folder with the project's own esbuild script.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');
let bundle: string | undefined;

/** Builds dist/cli.js (and the client beside it) into a scratch folder; returns the script path. */
export function buildCli(): string {
  if (bundle) return bundle;
  const outdir = mkdtempSync(join(tmpdir(), 'sat-imagery-cli-build-'));
  const built = spawnSync(process.execPath, [join(root, 'esbuild.mjs'), `--outdir=${outdir}`], { cwd: root, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`esbuild failed: ${built.stderr}`);
  bundle = join(outdir, 'cli.js');
  return bundle;
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  stdin?: string;
}

/** Every output of every run, so a test can check the key never reached any of them. */
export const allOutput: string[] = [];

/**
 * The clock a child must share with this process: under `faketime` (npm run test:dates) the
 * simulator here runs at the faked date, so a CLI child must too, or the two disagree on today.
 */
export function clockEnv(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && (k === 'LD_PRELOAD' || k === 'TZ' || k.startsWith('FAKETIME') || k.startsWith('DONT_FAKE'))) out[k] = v;
  return out;
}

export function startCli(args: string[], options: CliOptions = {}): { child: ChildProcess; done: Promise<CliRun> } {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', ...clockEnv() };
  for (const [k, v] of Object.entries(options.env ?? {})) if (v !== undefined) env[k] = v;
  const child = spawn(process.execPath, [buildCli(), ...args], { cwd: options.cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  child.stdin!.end(options.stdin ?? '');
  const done = new Promise<CliRun>((resolve) => {
    child.once('close', (code) => {
      allOutput.push(stdout, stderr);
      resolve({ code, stdout, stderr });
    });
  });
  return { child, done };
}

export function runCli(args: string[], options: CliOptions = {}): Promise<CliRun> {
  return startCli(args, options).done;
}

/** stdout parsed as JSON, with the run's output in the message when it is not JSON. */
export function jsonOf<T = Record<string, unknown>>(run: CliRun): T {
  try {
    return JSON.parse(run.stdout) as T;
  } catch {
    throw new Error(`not JSON (exit ${run.code}): ${run.stdout}\n${run.stderr}`);
  }
}

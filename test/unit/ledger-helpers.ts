// What the tests of folders share now that every billed run leaves the folder's purchase ledger.
import { readdir } from 'node:fs/promises';
import { LEDGER_NAME } from '../../src/workflows/engine/ledger-journal';

/** The names in `dir` apart from the purchase ledger's journal. */
export async function outputs(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name !== LEDGER_NAME);
}

// The cases of the seeded corpus of repository files (declared-files-mutation-corpus.test.ts): which
// file of a folder is changed, how, and which command reads it. The first cases of any seed go
// through every kind of change of every file once, at its largest (a million-character string in a
// lock, which once broke it, turned up in no case of the default seed); the rest are drawn at random.
import { join } from 'node:path';
import { hashOf } from '../../../simulator/random';
import { MUTATION_KINDS, chooser, mutateJson, mutateJsonLines } from './json-mutations';

export type Kind = 'imagery' | 'lock' | 'ledger' | 'plan';
export type Verb = 'plan' | 'verify' | 'apply' | 'apply --plan';

export const FILES: Record<Kind, string> = {
  imagery: 'imagery.json',
  lock: 'imagery.lock.json',
  ledger: join('rgb', 'sat-imagery-ledger.jsonl'),
  plan: 'plan.json',
};
const VERBS: Record<Kind, readonly Verb[]> = {
  imagery: ['plan', 'plan', 'plan', 'verify'],
  lock: ['plan', 'apply', 'verify'],
  ledger: ['plan', 'apply', 'verify'],
  plan: ['apply --plan'],
};

export interface Case {
  index: number;
  kind: Kind;
  verb: Verb;
  json: boolean;
  bytes: Buffer;
  /** The kinds of change made (MUTATION_KINDS' names). */
  changes: string[];
  name: string;
}

/** The corpus's first cases: every kind of change of every file once, the files taken in turn
 * (71 cases: a corpus of 200 keeps 129 drawn at random). */
const ROUND: readonly { kind: Kind; change: string }[] = (() => {
  const files: Kind[] = ['lock', 'ledger', 'imagery', 'plan'];
  const longest = Math.max(...files.map((kind) => kindsOf(kind).length));
  return Array.from({ length: longest }, (_, i) =>
    files.filter((kind) => i < kindsOf(kind).length).map((kind) => ({ kind, change: kindsOf(kind)[i]! })),
  ).flat();
})();

/** Case `index` of the corpus of `seed`, changing one of `bases` (the product's own files). */
export function caseOf(seed: number, index: number, bases: Record<Kind, string>): Case {
  const c = chooser(hashOf(seed, index));
  const round = ROUND[index];
  // The imagery file's schema refuses most changes at once: the lock and the ledger, read deeper, weigh more.
  const kind =
    round?.kind ?? c.pick(['imagery', 'imagery', 'lock', 'lock', 'ledger', 'ledger', 'ledger', 'plan'] as const);
  // In the round, each file's verbs are taken in turn too.
  const verb = round ? VERBS[kind][index % VERBS[kind].length]! : c.pick(VERBS[kind]);
  const json = c.next() < 0.3;
  const { bytes, said, kinds } =
    kind === 'ledger' ? mutateJsonLines(bases.ledger, c, round?.change) : mutateJson(bases[kind], c, round?.change);
  const steps = said.map((s) => (s.length > 120 ? `${s.slice(0, 120)}…` : s)).join('; ');
  return {
    index,
    kind,
    verb,
    json,
    bytes,
    changes: kinds,
    name: `case ${index}: ${verb}${json ? ' --json' : ''} on ${FILES[kind]}: ${steps}`,
  };
}

/** Each kind of change of a file (MUTATION_KINDS' names). */
export function kindsOf(kind: Kind): readonly string[] {
  return kind === 'ledger' ? MUTATION_KINDS.lines : MUTATION_KINDS.json;
}

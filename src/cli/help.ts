// The --help text, built from the option table and the exit codes so it cannot drift from them.
import { optionTable } from './args';
import { exitCodeHelp } from './exit-codes';

const verbs: [string, string][] = [
  ['models', 'the models of the account and their constellations'],
  ['account', 'limits and credits of the key'],
  ['dates AREA', 'dates with imagery over the area in a window'],
  ['available AREA --date D', 'whether a composite of that date can be processed, and why not'],
  ['estimate AREA', 'the cost of a composite (nothing billed)'],
  ['download AREA', 'a composite GeoTIFF (billed: --yes --max-cost)'],
  ['series AREA', 'one composite per date found in a window, resumable (billed)'],
  ['stats AREA IMAGES...', 'per-field index statistics of GeoTIFFs, folders or STAC, as CSV (nothing sent)'],
  [
    'alerts AREA IMAGES... | [FILE]',
    "field alerts (drop, unseen, low-coverage) from the field statistics, or from imagery.json's declared tables (exit 0 none, 2 alerts, 11 usage error)",
  ],
  ['plan [FILE]', 'what applying imagery.json would buy and cost (exit 0 no changes, 2 changes, 11 usage error)'],
  ['apply [FILE]', "buy what the plan lists, within --max-cost and the file's budget (billed)"],
  ['verify [FILE]', 'every image in imagery.lock.json: its size and SHA-256 on the disk'],
  ['forget ORDER [FILE]', 'take an order held as uncertain out of the lock, once you know it was not made (--yes)'],
  ['unlock FOLDER', "whose the folder's lock is and since when; clear one of another machine or of a run gone (--yes)"],
  ['orders list', 'tasking orders (--recurring-only, --expired)'],
  ['orders show GUID...', 'details of orders'],
  ['orders estimate AREA', 'the cost of a tasking order (nothing created)'],
  ['orders create AREA', 'create a tasking order (billed: --yes --max-cost)'],
  ['orders cancel GUID', 'cancel an order (--yes; without it, what cancelling does now)'],
  ['tiles search AREA', 'tiles (or --mini-tiles) over the area'],
  ['tiles optimize AREA', 'a cost-focused cover of the area by tiles and mini-tiles'],
  ['tiles process AREA', 'process tiles, each to its own file, resumable (billed)'],
];

/** The whole help, or with a known verb (`sat-imagery series --help`) that verb's options only. */
export function helpText(verb = ''): string {
  // "orders show GUID..." is the verb 'orders show': its lower-case words.
  const line = verbs.find(
    ([name]) =>
      name
        .split(' ')
        .filter((word) => /^[a-z]/.test(word))
        .join(' ') === verb,
  );
  if (verb !== '' && line) return verbHelp(verb, line);
  const group = verbs.filter(([name]) => name.startsWith(`${verb} `));
  if (verb !== '' && group.length > 0) return groupHelp(verb, group);
  const lines = [
    'Usage: sat-imagery VERB [AREA] [options]',
    '',
    'Check, price, order and download satellite imagery for a GeoJSON or WKT area file',
    "('-' reads the area from standard input).",
    '',
    'Verbs:',
    ...verbs.map(([name, text]) => `  ${name.padEnd(26)} ${text}`),
    '',
    'Options:',
  ];
  for (const [name, spec] of Object.entries(optionTable)) {
    const where = spec.verbs ? ` [${[...new Set(spec.verbs.map((v) => v.split(' ')[0]))].join(', ')}]` : '';
    lines.push(`${optionLine(name)}${where}`);
  }
  lines.push(
    '',
    'The API key comes from SAT_IMAGERY_API_KEY or --api-key-file (a file only its owner can',
    'read), never from a flag, and is sent only to the base URL. Billed verbs send nothing billed',
    'without both --yes and --max-cost: otherwise they print the estimate and stop.',
    '',
    'Exit codes:',
    ...exitCodeHelp.map(([code, text]) => `  ${String(code).padStart(3)}  ${text}`),
  );
  return `${lines.join('\n')}\n`;
}

/** The option's line of the help; for one verb, what it means for that verb. */
function optionLine(name: string, verb?: string): string {
  const spec = optionTable[name]!;
  const left = `${spec.short ? `-${spec.short}, ` : ''}--${name}${spec.value ? ` ${spec.value}` : ''}`;
  return `  ${left.padEnd(36)} ${(verb === undefined ? undefined : spec.helpOf?.[verb]) ?? spec.help}`;
}

/** `sat-imagery orders --help`: the group's verbs, and where each one's options are. */
function groupHelp(group: string, lines: [string, string][]): string {
  const names = lines.map(([name]) => name.split(' ')[1]);
  return `${[
    `Usage: sat-imagery ${group} ${names.join('|')} [options]`,
    '',
    'Verbs:',
    ...lines.map(([name, text]) => `  ${name.padEnd(26)} ${text}`),
    '',
    `The options of one: sat-imagery ${group} VERB --help. Exit codes: see sat-imagery --help.`,
  ].join('\n')}\n`;
}

function verbHelp(verb: string, [usage, text]: [string, string]): string {
  const names = Object.keys(optionTable).filter((name) => optionTable[name]!.verbs?.includes(verb) ?? true);
  const lines = [
    `Usage: sat-imagery ${usage} [options]`,
    '',
    `${text[0]!.toUpperCase()}${text.slice(1)}.`,
    '',
    'Options:',
    ...names.map((name) => optionLine(name, verb)),
    '',
    'Exit codes: see sat-imagery --help.',
  ];
  return `${lines.join('\n')}\n`;
}

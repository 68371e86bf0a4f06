// What a verb gets: its options, the terminal, the cancel signal, and the client, built on first
// use. The client module (undici, zod) is imported only then: `--help`, a usage error or an
// invalid area file never load the network stack (esbuild keeps it in dist/api-client.js).
import { homedir } from 'node:os';
import type { FullImageryClient } from '../api/client';
import { AoiCache } from '../geometry/index';
import { readAoiOrThrow } from '../workflows/engine/aoi-input';
import type { AoiSource } from '../workflows/engine/ports';
import { OptionReader } from './args';
import type { Values } from './args';
import { readAreaSource } from './area';
import { userCacheFolder } from './cache-folder';
import { readApiKey, readBaseUrl } from './credentials';
import { UsageError } from './exit-codes';
import { createCliPorts } from './ports';
import type { CliPorts, CostGuard } from './ports';
import type { Terminal } from './terminal';

export interface VerbContext {
  verb: string;
  options: OptionReader;
  /** Positionals after the verb. */
  rest: string[];
  terminal: Terminal;
  signal: AbortSignal;
  client(): Promise<FullImageryClient>;
  /** The area file named after the verb ('-' = stdin). */
  area(): Promise<AoiSource>;
  ports(guard?: CostGuard): Promise<CliPorts>;
  /** The billing options as a guard (a fresh one per run). */
  guard(): CostGuard;
  outputDirectory(): string;
  /** The service's address (--base-url, SAT_IMAGERY_BASE_URL, or the default). */
  baseUrl(): string;
  /** The user's cache folder for sat-imagery (XDG_CACHE_HOME and the platform's places). */
  cacheFolder(): string;
  /** The product's version (--version): what a cache written by another version is told by. */
  version: string;
}

export interface ContextInit {
  verb: string;
  values: Values;
  rest: string[];
  terminal: Terminal;
  signal: AbortSignal;
  env: NodeJS.ProcessEnv;
  version: string;
}

export function createContext(init: ContextInit): VerbContext & { close(): Promise<void> } {
  const options = new OptionReader(init.values);
  const uploadUrl = options.string('upload-url');
  if (uploadUrl !== undefined) init.terminal.redactUploadUrl(uploadUrl);
  let client: FullImageryClient | undefined;
  const context = {
    verb: init.verb,
    options,
    rest: init.rest,
    terminal: init.terminal,
    signal: init.signal,
    async client(): Promise<FullImageryClient> {
      if (client) return client;
      const baseUrl = context.baseUrl();
      const key = await readApiKey(options.string('api-key-file'), init.env);
      init.terminal.redact(key);
      const { createClient } = await import('../api/client');
      client = createClient({
        baseUrl,
        getApiKey: () => key,
        userAgent: `sat-imagery-cli/${init.version} node/${process.versions.node}`,
      });
      return client;
    },
    async area(): Promise<AoiSource> {
      // Read and checked before the client exists: a bad file never loads the network stack.
      const source: AoiSource = { ...(await readAreaSource(init.rest[0], init.verb)), reader: new AoiCache(1) };
      readAoiOrThrow(source);
      return source;
    },
    async ports(guard: CostGuard = context.guard()): Promise<CliPorts> {
      return createCliPorts({
        client: await context.client(),
        terminal: init.terminal,
        signal: init.signal,
        guard,
        outputDirectory: context.outputDirectory(),
      });
    },
    guard: (): CostGuard => ({ yes: options.flag('yes'), maxCost: options.number('max-cost'), spent: {} }),
    outputDirectory: (): string => options.string('output-directory') ?? process.cwd(),
    baseUrl: (): string => readBaseUrl(options.string('base-url'), init.env),
    cacheFolder: (): string => userCacheFolder(init.env, homedir(), process.platform),
    version: init.version,
    close: async (): Promise<void> => {
      await client?.close();
    },
  };
  return context;
}

/** Refuses positionals a verb does not take (a typo would otherwise be ignored). */
export function expectPositionals(context: VerbContext, max: number): void {
  if (context.rest.length > max)
    throw new UsageError(
      `'${context.verb}' takes ${max === 0 ? 'no arguments' : `at most ${max} argument(s)`}; got: ${context.rest.join(' ')}.`,
    );
}

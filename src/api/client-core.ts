// What every endpoint method shares: the pipeline (gate, transport, retry), the cached
// specification document, and the local validation of a JSON body against the schemas and the
// specification document (the requests themselves are sent by endpoint-call.ts, from the table).
import { watchAbort } from './abort-watch';
import { endpoints } from './endpoints';
import { ApiError } from './errors';
import { execute, readRawJson } from './pipeline';
import type { PipelineDeps } from './pipeline';
import type { RequestKind } from './schemas/requests';
import { localValidationError, validateRequest } from './schemas/validate';
import { loadPatternTest } from './safe-pattern';
import { alignFieldNames, checkAgainstSpecification, needsPatterns } from './spec-rules';
import { fallbackFacts, readSpecification } from './specification';
import type { SpecificationFacts } from './specification';
import type { DownloadLimits, SpecificationDocument } from './types';

const SPECIFICATION_PATH = endpoints.getSpecification.path;

/** Waits for a shared promise, giving up (with an 'aborted' ApiError) when the caller cancels. */
function untilAborted<T>(shared: Promise<T>, signal: AbortSignal | undefined, endpoint: string): Promise<T> {
  if (!signal) return shared;
  const aborted = () => new ApiError({ kind: 'aborted', message: `${endpoint} was cancelled.`, endpoint });
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    const unwatch = watchAbort(signal, () => reject(aborted()));
    shared.then(resolve, reject).finally(unwatch);
  });
}

export class ClientCore {
  private specification: Promise<{ document: SpecificationDocument; facts: SpecificationFacts }> | undefined;

  constructor(
    readonly deps: PipelineDeps,
    /** When an image download is given up on (rate floor, overall deadline). */
    readonly downloadLimits: DownloadLimits,
    /** Waits between reads of the order list after a create whose answer was lost. */
    readonly lookupDelaysMs: readonly number[] = [1000, 2000, 3000, 4000],
  ) {}

  /** The specification document, fetched once; a failed fetch is forgotten so the next call retries.
   * The fetch is shared by every caller, so one caller's cancellation only stops its own wait. */
  loadSpecification(signal?: AbortSignal): Promise<{ document: SpecificationDocument; facts: SpecificationFacts }> {
    if (!this.specification) {
      const endpoint = `GET ${SPECIFICATION_PATH}`;
      this.specification = execute(this.deps, {
        request: { method: endpoints.getSpecification.method, path: SPECIFICATION_PATH },
        mode: endpoints.getSpecification.retry,
        consume: (response) => readRawJson(response, endpoint),
      }).then((json) => {
        if (json === null || typeof json !== 'object' || Array.isArray(json)) {
          throw new ApiError({
            kind: 'protocol',
            message: `${endpoint} did not answer with a specification document.`,
            endpoint,
          });
        }
        const document = json as SpecificationDocument;
        return { document, facts: readSpecification(document) };
      });
      this.specification.catch(() => (this.specification = undefined));
    }
    return untilAborted(this.specification, signal, `GET ${SPECIFICATION_PATH}`);
  }

  /** The facts the client follows; the interface document's defaults when the description cannot
   * be had (the request itself will then report what is wrong, e.g. a missing key). */
  async facts(signal?: AbortSignal): Promise<SpecificationFacts> {
    try {
      return (await this.loadSpecification(signal)).facts;
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'aborted') throw err;
      this.deps.log(
        'warn',
        `specification document unavailable (${err instanceof ApiError ? err.kind : 'error'}); using the interface document's defaults`,
      );
      return fallbackFacts;
    }
  }

  /** Validates a body locally (schema, then the specification's names, enums and limits) and
   * returns it as it will be sent. Nothing is sent when it is refused. */
  async prepareBody(
    kind: RequestKind | undefined,
    path: string,
    body: object,
    signal?: AbortSignal,
    rename?: (facts: SpecificationFacts, body: Record<string, unknown>) => Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const endpoint = `POST ${path}`;
    if (kind) await validateRequest(kind, body, endpoint);
    const facts = await this.facts(signal);
    let wire = { ...(body as Record<string, unknown>) };
    for (const key of Object.keys(wire)) if (wire[key] === undefined) delete wire[key];
    if (rename) wire = rename(facts, wire);
    const specKey = `POST ${path}`;
    wire = alignFieldNames(wire, facts.requestFields[specKey]);
    const patternTest = needsPatterns(wire, specKey, facts) ? await loadPatternTest(this.deps.log) : undefined;
    const problems = checkAgainstSpecification(wire, specKey, facts, patternTest);
    if (Object.keys(problems).length > 0) throw localValidationError(endpoint, problems);
    return wire;
  }
}

// Exit codes by kind of failure, so a script can tell "fix your command" from "try again later"
// from "look at the account before sending again". They are part of the CLI's interface (listed
// in --help and the README): never renumber one.
import { isApiError } from '../api/errors';
import type { GeometryProblem } from '../geometry/types';
import { isFolderBusyError } from '../ledger/folder-busy';
import { StatsError } from '../stats/errors';
import { isWorkflowError } from '../request/workflow-error';
import type { Outcome } from '../workflows/engine/results';
import { localFileCode } from './file-errors';

export const ExitCode = {
  ok: 0,
  /** Anything unexpected (a bug, a local file error). A folder in use by another run (its lock),
   * and `unlock` of a lock it does not clear (a run of this machine that still runs). */
  failure: 1,
  /** Bad command line: unknown verb or option, a value that does not parse, a missing value.
   * For `plan`, 2 means only "changes to make" (as terraform plan -detailed-exitcode, whose
   * users read 2 as a plan that succeeded): its --json output then holds the plan, never an
   * `error`, and plan's own usage errors exit `planUsage`. For `alerts`, 2 means "alerts found"
   * (its --json then holds them), and its usage errors exit `planUsage` too. */
  usage: 2,
  /** The area file is not a valid area of interest, or the imagery file has problems (each at its
   * line and column): nothing was sent. */
  invalidGeometry: 3,
  /** No key, a key file others can read, or the service refused the key (401/403). */
  auth: 4,
  /** The imagery is not available (not ordered, no imagery on that date, no dates found). */
  notAvailable: 5,
  /** A billed call whose answer was lost: it may have been charged; it is not sent again. */
  mayHaveBeenCharged: 6,
  /** The network or the service failed (connection, timeout, 5xx, rate limit after retries). */
  network: 7,
  /** A billed verb without --yes or a budget, above the budget (also when priced again right before sending), or priced below zero, not finite or in two currencies: nothing billed was sent. `orders cancel` without --yes: nothing sent. `unlock` without --yes: nothing cleared. */
  notConfirmed: 8,
  /** The service refused the request (validation, not enough credits, unknown order). */
  refused: 9,
  /** A local file or folder could not be read or written (area file missing, disk full,
   * permission denied): the message names it and says what to do. `verify`: a locked image is
   * missing or differs, or a declared field table does not list exactly the locked images (each
   * one named). `apply`: the images were bought, but a declared field table could not be updated. */
  localFile: 10,
  /** `plan` and `alerts` only: what exits 2 (usage) elsewhere — an unknown option, a bad value, a
   * setting of the imagery file the service's checks refuse — so that 2 stays plan's "changes to
   * make" and alerts' "alerts found". */
  planUsage: 11,
  /** Interrupted (Ctrl-C, SIGTERM). */
  interrupted: 130,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** Lines for --help: code and meaning. */
export const exitCodeHelp: [number, string][] = [
  [ExitCode.ok, 'done'],
  [ExitCode.failure, 'unexpected failure (also: a folder in use by another run; a lock unlock does not clear)'],
  [
    ExitCode.usage,
    'usage: unknown verb or option, bad or missing value (plan, alerts: 11); plan: changes to make; alerts: alerts found',
  ],
  [ExitCode.invalidGeometry, 'invalid geometry in the area file or an invalid imagery file (nothing sent)'],
  [ExitCode.auth, 'authentication: no key, key file unreadable or readable by others, key refused'],
  [ExitCode.notAvailable, 'not available: not ordered, no imagery, no dates'],
  [ExitCode.mayHaveBeenCharged, 'may have been charged: a billed answer was lost (not re-sent)'],
  [ExitCode.network, 'network or service failure (after retries)'],
  [
    ExitCode.notConfirmed,
    'billed verb, cancel or forget not confirmed (--yes, --max-cost; unlock without --yes) or a price unusable: nothing sent',
  ],
  [ExitCode.refused, 'refused by the service (validation, credits, unknown id)'],
  [
    ExitCode.localFile,
    'a local file could not be read or written (missing, disk full, permission); verify: an image or a field table differs; apply: bought, but a field table not updated',
  ],
  [
    ExitCode.planUsage,
    "plan's and alerts' usage error (unknown option, bad value, a setting the service refuses): 2 is their finding",
  ],
  [ExitCode.interrupted, 'interrupted'],
];

/** A command-line mistake: the message says which option and what is expected. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A failure the CLI decides itself, with its exit code (key file, budget, not available). */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: ExitCodeValue,
  ) {
    super(message);
  }
}

/** Service codes meaning "not available" (live-service notes): 1002 no imagery, 1006 not ordered. */
const notAvailableServiceCodes = new Set([1002, 1006]);

/** What a verb knows when its workflow has returned, besides the outcome. */
export interface FinishedFacts {
  /** Ctrl-C or SIGTERM stopped the run. */
  interrupted: boolean;
  /** Units (dates, tiles, parts) that failed for a reason of their own. */
  failed?: number;
  /** Units not sent because the service has no imagery for them (not ordered, not covered). */
  notAvailable?: number;
  /** Units held or lost as possibly charged. */
  uncertain?: number;
}

/**
 * The exit code of a workflow's outcome, the one mapping every verb uses (README's table):
 * interrupted 130; possibly charged 6 (an order whose creation is unknown too); nothing
 * available 5; a unit that failed 1; a run whose only misses are units without imagery 5.
 */
export function exitCodeOfOutcome(outcome: Outcome, facts: FinishedFacts): ExitCodeValue {
  if (facts.interrupted) return ExitCode.interrupted;
  if (outcome === 'may-have-been-charged' || outcome === 'unknown' || (facts.uncertain ?? 0) > 0)
    return ExitCode.mayHaveBeenCharged;
  if (outcome === 'not-available') return ExitCode.notAvailable;
  if ((facts.failed ?? 0) > 0) return ExitCode.failure;
  if ((facts.notAvailable ?? 0) > 0) return ExitCode.notAvailable;
  // A cancel the person did not ask for (there are no prompts here): unexpected, not an interrupt.
  return outcome === 'completed' ? ExitCode.ok : ExitCode.failure;
}

/** The verbs whose 2 means what they found: `plan` changes to make, `alerts` alerts. */
const VERBS_OF_TWO = new Set(['plan', 'alerts']);

/** The code a verb exits with for a thrown value: `plan` keeps 2 for "changes to make", `alerts`
 * for the alerts it found. */
export function exitCodeOfVerb(verb: string, error: unknown): ExitCodeValue {
  const code = exitCodeOf(error);
  return VERBS_OF_TWO.has(verb) && code === ExitCode.usage ? ExitCode.planUsage : code;
}

/** The problems of an invalid area file, whether a workflow or the statistics read it; undefined
 * for any other error. */
export function invalidAreaProblems(error: unknown): GeometryProblem[] | undefined {
  const invalid = (isWorkflowError(error) || error instanceof StatsError) && error.kind === 'invalid-geometry';
  return invalid ? error.problems : undefined;
}

/** Maps any thrown value to its exit code. */
export function exitCodeOf(error: unknown): ExitCodeValue {
  if (error instanceof UsageError) return ExitCode.usage;
  if (error instanceof CliError) return error.exitCode;
  if (localFileCode(error) !== undefined) return ExitCode.localFile;
  if (invalidAreaProblems(error)) return ExitCode.invalidGeometry;
  if (isFolderBusyError(error)) return ExitCode.failure;
  if (isWorkflowError(error)) {
    switch (error.kind) {
      case 'invalid-option':
        return ExitCode.usage;
      case 'needs-confirmation':
      case 'invalid-price':
      case 'price-rose':
        return ExitCode.notConfirmed;
      case 'no-dates':
        return ExitCode.notAvailable;
      default:
        return ExitCode.failure;
    }
  }
  if (isApiError(error)) {
    // The "may have been charged" outcome of billed calls is being added to the client; an error
    // that says so maps to its own code whatever its transport kind.
    const marked = error as { mayHaveBeenCharged?: unknown; kind: string };
    if (marked.mayHaveBeenCharged === true || marked.kind === 'may-have-been-charged')
      return ExitCode.mayHaveBeenCharged;
    if (error.code !== undefined && notAvailableServiceCodes.has(error.code)) return ExitCode.notAvailable;
    switch (error.kind) {
      case 'auth':
        return ExitCode.auth;
      case 'local-validation':
        return ExitCode.usage;
      case 'validation':
      case 'not-found':
        return ExitCode.refused;
      case 'aborted':
        return ExitCode.interrupted;
      case 'network':
      case 'timeout':
      case 'server':
      case 'rate-limited':
      case 'protocol':
        return ExitCode.network;
    }
  }
  return ExitCode.failure;
}

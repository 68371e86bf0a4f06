// The workflows' ports without a person at a keyboard. Nobody is asked: a question the command
// line left open is settled by Resolve (cliSettling) with the workflow's own default when it has
// one (said on stderr), and is a usage error naming the option otherwise (the model is never
// guessed). The cost panel becomes the budget
// guard: a billed call proceeds only with --yes and every part of its price within --max-cost (the
// extension's cost decision, cost-decision.ts: credits, and an order's dearer month in its
// currency); otherwise the estimate is kept for printing and the workflow is told "cancel", so
// nothing billed is sent.
import { SpendGuard } from '../buying/spend-guard';
import type { ImageryClient } from '../api/types';
import type { EstimateDecision, EstimateModel } from '../pricing/estimate-view-model';
import { addSpent, orderFigure, overBudget, priceOf } from '../pricing/cost-decision';
import type { Price } from '../pricing/cost-decision';
import type { WorkflowPorts } from '../workflows/engine/ports';
import type { DefaultAnswerRules } from '../workflows/engine/default-answers';
import { askingNobody } from '../workflows/engine/resolve';
import type { Settling } from '../workflows/engine/resolve';
import { optionTable } from './args';
import { UsageError } from './exit-codes';
import type { Terminal } from './terminal';

/** Question ids whose option is not the id in kebab case. */
const renamedQuestions: Record<string, string> = {
  tiles: 'tile-guids',
  expandTile: 'tile-guid-for-mini-tiles',
  epsgCode: 'epsg-projection',
  bandExpression: 'bandnames',
};

/** Questions no flag answers alone: "keep the output fields or change them" is answered by the
 * output flags together (--data-type, --allow-partial-image …), a series' window by --from and
 * --to, its thinning by --every and --nth, so their defaults are taken silently. */
export const questionsOfAllFlags = new Set(['output', 'window', 'thinning']);

/** The option that answers a workflow question: the id (its last part after a dot) in kebab case,
 * 'imageFrequency' → --image-frequency, 'output.DataType' → --data-type; or the option named above. */
export function flagOfQuestion(id: string): string {
  const name = id.slice(id.lastIndexOf('.') + 1);
  return `--${renamedQuestions[name] ?? name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`;
}

export interface CostGuard {
  yes: boolean;
  /** --max-cost: for a series, the budget of the whole run. */
  maxCost: number | undefined;
  /** Spent so far in this run (estimates that were let through), per unit: credits, a currency. */
  spent: Record<string, number>;
}

export interface StoppedEstimate {
  model: EstimateModel;
  cost: number | undefined;
  /** Every part of the price, each in its unit. */
  price: Price;
  reason: string;
}

export interface CliPorts extends WorkflowPorts {
  /** Set when the guard stopped a billed call: what it would have cost and why it was not sent. */
  stopped: StoppedEstimate | undefined;
}

export interface CliPortOptions {
  client: ImageryClient;
  terminal: Terminal;
  signal: AbortSignal;
  guard: CostGuard;
  outputDirectory: string;
}

export function createCliPorts(options: CliPortOptions): CliPorts {
  const { terminal, guard } = options;
  const ports: CliPorts = {
    client: options.client,
    // Nobody is asked: each verb resolves its questions through cliSettling before a step asks.
    ask: askingNobody,
    progress: terminal,
    notify: {
      info: async (message) => (terminal.note(message), undefined),
      warn: async (message) => (terminal.note(`warning: ${message}`), undefined),
    },
    confirmCost: async (model: EstimateModel): Promise<EstimateDecision> => {
      if (model.kind === 'tiles') return { action: 'proceed', selectedTiles: model.preselected };
      const price = priceOf(model);
      const reason = refusal(guard, price);
      if (reason !== undefined) {
        ports.stopped = { model, cost: costOf(model), price, reason };
        return { action: 'cancel' };
      }
      addSpent(guard.spent, price);
      return { action: 'proceed' };
    },
    signal: options.signal,
    // --max-cost is the run's budget: every billed call's fresh price is held within it.
    spending: new SpendGuard(guard.yes ? guard.maxCost : undefined),
    settings: () => ({
      defaults: {},
      confirmCostAbove: guard.maxCost,
      outputDirectory: options.outputDirectory,
      workspaceFolder: process.cwd(),
    }),
    log: (message) => terminal.note(message),
    stopped: undefined,
  };
  return ports;
}

/** Why a billed call may not go, or undefined when it may: the flags, then (given a price) the one
 * cost decision, every part within what is left of --max-cost in its own unit. */
export function refusal(guard: CostGuard, price?: Price): string | undefined {
  if (!guard.yes && guard.maxCost === undefined) return 'a billed request: add --yes and --max-cost AMOUNT to send it';
  if (!guard.yes) return 'not confirmed: add --yes to send it';
  if (guard.maxCost === undefined) return 'no budget: add --max-cost AMOUNT to send it';
  return price === undefined
    ? undefined
    : overBudget(price, { amount: guard.maxCost, name: '--max-cost', inclusive: true, spent: guard.spent });
}

/** One figure for scripts (--json `cost`): the images' credits, or an order's dearer month; every
 * part is in `price`. */
function costOf(model: EstimateModel): number | undefined {
  const price = priceOf(model);
  return price.images ? price.images.credits : price.order ? orderFigure(price.order) : undefined;
}

/** How the command line takes a default for a question its options left open: said on stderr in
 * the flags' words; a question without one (the model) is a usage error naming its flag. */
function cliAnswerRules(terminal: Terminal): DefaultAnswerRules {
  // A boolean flag's default is its absence: "Using --tile-deduplication No" would read as if set.
  // A pick answered by a set of flags (the output step, a series' window) says nothing.
  const said = (id: string, shown: string, value: unknown, kind: 'pick' | 'many' | 'text'): void => {
    if (kind === 'pick' && questionsOfAllFlags.has(id)) return;
    const name = flagOfQuestion(id);
    if (optionTable[name.slice(2)]?.type !== 'boolean') terminal.note(`Using ${name} ${shown} (the default).`);
    else
      terminal.note(
        value === true ? `Using ${name}: ${shown} (the default).` : `Without ${name}: ${shown} (the default).`,
      );
  };
  return { flagOf: flagOfQuestion, said, refuse: (message: string) => new UsageError(message) };
}

/** The command line's Resolve (engine/resolve.ts): every question its options left open takes
 * its step's default, said in the flags' words; nobody is asked. */
export function cliSettling(terminal: Terminal): Settling {
  return { mode: 'defaults', rules: cliAnswerRules(terminal) };
}

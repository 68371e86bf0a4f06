// Failures the workflows decide themselves, before or between requests. Service and transport
// failures stay ApiErrors (src/api/errors.ts); these carry what the VS Code layer needs to show
// the problem where it is (a geometry position, the differing fields).
import type { GeometryProblem } from '../geometry/types';

export type WorkflowErrorKind =
  | 'invalid-geometry' // the AOI has errors: nothing was sent
  | 'invalid-option' // an options field or a model name the service would refuse
  | 'needs-confirmation' // the cost is above the budget and nobody may confirm
  | 'invalid-price' // the service's price is below zero, not finite, or in two currencies: nothing was sent
  | 'profile-mismatch' // the process payload differs from the estimate's
  | 'no-dates' // the date search found nothing usable
  | 'insufficient-credits' // the account holds less than the estimate: nothing was sent
  | 'price-rose'; // priced again right before sending, above what was confirmed: nothing was sent

export class WorkflowError extends Error {
  readonly kind: WorkflowErrorKind;
  /** For 'invalid-geometry': every problem, each at its position. */
  readonly problems: GeometryProblem[];

  constructor(kind: WorkflowErrorKind, message: string, problems: GeometryProblem[] = []) {
    super(message);
    this.name = 'WorkflowError';
    this.kind = kind;
    this.problems = problems;
  }
}

export function isWorkflowError(value: unknown): value is WorkflowError {
  return value instanceof WorkflowError;
}

// The cancel's test and the "answer, or a fallback unless cancelled" helper live in src/common,
// for the client too; the workflows take them from here with their other failures.
export { isCancellation, unlessCancelled } from '../common/cancellation';

// Which answers to a billed call (the process calls, order creation) prove that it did not run.
// The service charges when it runs a billed call, whether or not its answer arrives, so a failure
// frees the call (the ledger's `refused`: free to buy again) only when the answer proves the work
// was not done; anything else after the request may have reached the service is "possibly
// charged": never sent again unasked (the ledger's `lost`). This file is the one table that says
// which is which; the pipeline asks it about every billed failure (pipeline.ts).

export type BilledClass = 'charged' | 'not-run' | 'possibly-charged';

/** What was seen of one billed call's attempt. */
export interface BilledObservation {
  /** False when the request never left: refused locally (no key, a payload refused before
   * sending) or cancelled while it waited for the gate or a back-off. */
  sent: boolean;
  /** The connection was never made (ECONNREFUSED, a connect timeout, an unknown host). */
  neverConnected?: boolean;
  /** The HTTP status of the answer, when one arrived. */
  status?: number;
  /** The body was the service's envelope with Succeeded=false, read from a JSON content type. */
  jsonEnvelope?: boolean;
  /** That envelope's Error.Code. */
  code?: number;
  /** A 2xx answer was what was asked for (the image, the order): saved, or refused by the disk
   * here, which happens only after the service ran the call. */
  answerAsAsked?: boolean;
}

export interface BilledAnswerRow {
  /** The answer's shape. */
  answer: string;
  class: BilledClass;
  /** Why the answer is of that class, in one line. */
  reason: string;
  /** An answer of this shape (what the table's unit test classifies). */
  example: BilledObservation;
  matches(seen: BilledObservation): boolean;
}

/** Codes the service documents as a refusal of the request itself (live-service notes: 992 and
 * 993 validation, 994 not enough credits, 1002 no imagery, 1003 too many concurrent requests,
 * 1004 area too large, 1005 too many bands, 1006 not covered by an order): none runs anything. */
const REFUSED_BEFORE_WORK_CODES: ReadonlySet<number> = new Set([992, 993, 994, 1002, 1003, 1004, 1005, 1006]);

const isSuccess = (status: number | undefined) => status !== undefined && status >= 200 && status < 300;
const isClientError = (status: number | undefined) => status !== undefined && status >= 400 && status < 500;

/** Read top to bottom: the first row that matches decides. */
export const BILLED_ANSWERS: readonly BilledAnswerRow[] = [
  {
    answer: 'never sent: refused locally, or cancelled before it left',
    class: 'not-run',
    reason: 'Nothing reached the service, so nothing can have run.',
    example: { sent: false },
    matches: (seen) => !seen.sent,
  },
  {
    answer: 'a connection never made (ECONNREFUSED, a connect timeout, an unknown host)',
    class: 'not-run',
    reason: 'No byte of the request was written, so the service never saw it.',
    example: { sent: true, neverConnected: true },
    matches: (seen) => seen.neverConnected === true,
  },
  {
    answer: 'no status at all: a timeout, a reset, a cancel after sending',
    class: 'possibly-charged',
    reason: 'The request may have reached the service and run while its answer was lost.',
    example: { sent: true },
    matches: (seen) => seen.status === undefined,
  },
  {
    answer: 'a 2xx answer that is what was asked for (saved, or refused by the local disk)',
    class: 'charged',
    reason: 'The service ran the call and answered with its result: it is paid for.',
    example: { sent: true, status: 200, answerAsAsked: true },
    matches: (seen) => isSuccess(seen.status) && seen.answerAsAsked === true,
  },
  {
    answer:
      'any other 2xx: an error envelope in an image body, an empty body, HTML, a part, a cut body, not a TIFF, Succeeded=false',
    class: 'possibly-charged',
    reason:
      'A 2xx says the service ran it; a body that contradicts the status proves nothing either way (the simulator charges such answers).',
    example: { sent: true, status: 200, code: 1002 },
    matches: (seen) => isSuccess(seen.status),
  },
  {
    answer: '429 Too Many Requests',
    class: 'not-run',
    reason: 'The service refuses the request before any work when the key is over its rate (spec section 7).',
    example: { sent: true, status: 429 },
    matches: (seen) => seen.status === 429,
  },
  {
    answer: '503 Service Unavailable',
    class: 'not-run',
    reason:
      'The service is not taking requests, so it did not process this one (an order create checks the list first).',
    example: { sent: true, status: 503 },
    matches: (seen) => seen.status === 503,
  },
  {
    answer: '401 or 403, whatever the body',
    class: 'not-run',
    reason: 'The key was refused, so no account was identified to run anything for or to charge.',
    example: { sent: true, status: 401 },
    matches: (seen) => seen.status === 401 || seen.status === 403,
  },
  {
    answer: 'status >= 400 with a JSON envelope carrying a code documented as refused before work',
    class: 'not-run',
    reason: "The service's own words (992-994, 1002-1006) that it refused the request rather than ran it.",
    example: { sent: true, status: 400, jsonEnvelope: true, code: 1002 },
    matches: (seen) =>
      seen.status !== undefined &&
      seen.status >= 400 &&
      seen.jsonEnvelope === true &&
      seen.code !== undefined &&
      REFUSED_BEFORE_WORK_CODES.has(seen.code),
  },
  {
    answer: 'another 4xx with a JSON envelope (Succeeded=false), any code or none (400, 404, 405)',
    class: 'not-run',
    reason:
      'A 4xx in the service\'s own envelope is its refusal of the request as sent (validation, unknown path): "the client\'s fault" means not run.',
    example: { sent: true, status: 404, jsonEnvelope: true, code: 404 },
    matches: (seen) => isClientError(seen.status) && seen.jsonEnvelope === true,
  },
  {
    answer: "a 4xx without a readable JSON envelope (a proxy's HTML page, an empty body)",
    class: 'possibly-charged',
    reason: 'Not the service speaking: a proxy may have said it after the service ran the call.',
    example: { sent: true, status: 400 },
    matches: (seen) => isClientError(seen.status),
  },
  {
    answer: 'a 3xx redirect (the client follows none for a billed call)',
    class: 'possibly-charged',
    reason: 'A redirect is not a refusal: whatever stands at the address may have run the call first.',
    example: { sent: true, status: 302 },
    matches: (seen) => seen.status !== undefined && seen.status >= 300 && seen.status < 400,
  },
  {
    answer: 'a 5xx other than 503, with or without an envelope (500, 502, 504)',
    class: 'possibly-charged',
    reason: 'A gateway or a crash answers this after the service may have run and charged the call.',
    example: { sent: true, status: 502, jsonEnvelope: true, code: 502 },
    matches: (seen) => seen.status !== undefined && seen.status >= 500,
  },
  {
    answer: 'any other answer (a 1xx, a status out of range)',
    class: 'possibly-charged',
    reason: 'Only an answer that proves the work was not done frees a billed call.',
    example: { sent: true, status: 102 },
    matches: () => true,
  },
];

/** The row that decides a billed call's outcome. */
export function billedAnswerRow(seen: BilledObservation): BilledAnswerRow {
  // The last row matches everything, so the search always ends on a row.
  return BILLED_ANSWERS.find((row) => row.matches(seen)) ?? BILLED_ANSWERS[BILLED_ANSWERS.length - 1]!;
}

/** Whether a billed call ran: charged, proven not run, or possibly charged. */
export function classifyBilled(seen: BilledObservation): BilledClass {
  return billedAnswerRow(seen).class;
}

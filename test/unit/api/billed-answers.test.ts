// The one table of billed answers (src/api/billed-answers.ts): each row decides its own example,
// and the answers named in issue #38 land in the class the issue gives them. Only an answer that
// proves the work was not done frees a billed call.
import * as assert from 'node:assert/strict';
import { BILLED_ANSWERS, billedAnswerRow, classifyBilled } from '../../../src/api/billed-answers';
import type { BilledClass, BilledObservation } from '../../../src/api/billed-answers';

describe('api client: the table of billed answers', () => {
  for (const [index, row] of BILLED_ANSWERS.entries()) {
    it(`row ${index + 1}, ${row.answer}: ${row.class}`, () => {
      assert.equal(billedAnswerRow(row.example), row, 'the row itself decides its example, no row above it');
      assert.equal(classifyBilled(row.example), row.class);
      assert.match(row.reason, /^[^\n]{10,160}$/, 'a one-line reason');
    });
  }

  it('names each shape once, and has rows of all three classes', () => {
    assert.equal(new Set(BILLED_ANSWERS.map((r) => r.answer)).size, BILLED_ANSWERS.length);
    assert.deepEqual([...new Set(BILLED_ANSWERS.map((r) => r.class))].sort(), [
      'charged',
      'not-run',
      'possibly-charged',
    ]);
  });

  const cases: Array<[string, BilledObservation, BilledClass]> = [
    [
      'a 200 octet-stream body holding the envelope, code 1002',
      { sent: true, status: 200, code: 1002 },
      'possibly-charged',
    ],
    [
      'a 200 JSON envelope with Succeeded=false, code 994',
      { sent: true, status: 200, jsonEnvelope: true, code: 994 },
      'possibly-charged',
    ],
    [
      'a 200 with a 1003 inside (not a rate limit when it says it ran)',
      { sent: true, status: 200, code: 1003 },
      'possibly-charged',
    ],
    ['an empty 200, an HTML 200, a cut body', { sent: true, status: 200 }, 'possibly-charged'],
    ['a 206 part of the image', { sent: true, status: 206 }, 'possibly-charged'],
    ['the image saved (or the disk refused it)', { sent: true, status: 200, answerAsAsked: true }, 'charged'],
    ['a 400 envelope, code 992', { sent: true, status: 400, jsonEnvelope: true, code: 992 }, 'not-run'],
    ['a 400 envelope, code 1003', { sent: true, status: 400, jsonEnvelope: true, code: 1003 }, 'not-run'],
    ['a 400 envelope without a code', { sent: true, status: 400, jsonEnvelope: true }, 'not-run'],
    ['a 405 envelope, code 405', { sent: true, status: 405, jsonEnvelope: true, code: 405 }, 'not-run'],
    ['a 400 HTML page from a proxy', { sent: true, status: 400 }, 'possibly-charged'],
    ['a 404 HTML page from a proxy', { sent: true, status: 404 }, 'possibly-charged'],
    ['a 400 whose envelope came as text/html', { sent: true, status: 400, code: 1002 }, 'possibly-charged'],
    ['a 401 HTML page', { sent: true, status: 401 }, 'not-run'],
    ['a 403 envelope', { sent: true, status: 403, jsonEnvelope: true, code: 403 }, 'not-run'],
    ['a 429 from a proxy', { sent: true, status: 429 }, 'not-run'],
    ['a 503 without a body', { sent: true, status: 503 }, 'not-run'],
    ['a 500 envelope, code 500', { sent: true, status: 500, jsonEnvelope: true, code: 500 }, 'possibly-charged'],
    ['a 502 HTML page', { sent: true, status: 502 }, 'possibly-charged'],
    ['a 504', { sent: true, status: 504 }, 'possibly-charged'],
    [
      'a 500 envelope with a documented refusal, code 1004',
      { sent: true, status: 500, jsonEnvelope: true, code: 1004 },
      'not-run',
    ],
    ['a redirect the client refused', { sent: true, status: 302 }, 'possibly-charged'],
    ['a timeout, a reset, a cancel after sending', { sent: true }, 'possibly-charged'],
    ['a refused connection', { sent: true, neverConnected: true }, 'not-run'],
    ['no key, a payload refused, a cancel before sending', { sent: false }, 'not-run'],
  ];
  for (const [name, seen, expected] of cases) {
    it(`${name}: ${expected}`, () => assert.equal(classifyBilled(seen), expected));
  }
});

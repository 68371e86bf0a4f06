// A table's records are the same whatever pieces its text arrives in (a file is read a megabyte at
// a time, and a piece may end anywhere: inside a cell, a quoted line break, between CR and LF):
// seeded documents of plain, quoted, doubled-quote and multi-line cells ending lines with LF, CRLF
// or a lone CR, each read whole and cut at random places, must give the same records.
import * as assert from 'node:assert/strict';
import { CsvRecords } from '../../../src/stats/csv-records';

/** A small linear congruential generator: the same documents on every run. */
function numbers(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const CELLS = ['123456', 'abc', '"a,b"', '"x""y"', '"line\nbreak"', '"cr\r\nlf"', ''];
const ENDS = ['\n', '\r\n', '\r'];

function documentOf(random: () => number): string {
  const lines = Array.from({ length: 1 + Math.floor(random() * 20) }, () =>
    Array.from({ length: 1 + Math.floor(random() * 5) }, () => CELLS[Math.floor(random() * CELLS.length)]).join(','),
  );
  const text = lines.map((line) => line + ENDS[Math.floor(random() * ENDS.length)]).join('');
  return random() < 0.3 ? text.slice(0, -1) : text;
}

function recordsOf(text: string, cuts: number[]): string[][] {
  const records: string[][] = [];
  const reader = new CsvRecords((record) =>
    records.push(Array.from({ length: record.length }, (_, c) => record.cell(c))),
  );
  let at = 0;
  for (const cut of cuts) {
    reader.push(text.slice(at, cut));
    at = cut;
  }
  reader.push(text.slice(at), true);
  return records;
}

describe('stats: table records from pieces', () => {
  it('are the same whole and cut anywhere', () => {
    const random = numbers(40);
    for (let n = 0; n < 3000; n++) {
      const text = documentOf(random);
      const cuts = Array.from({ length: Math.floor(random() * 6) }, () => Math.floor(random() * (text.length + 1)));
      cuts.sort((a, b) => a - b);
      assert.deepEqual(recordsOf(text, cuts), recordsOf(text, []), `${JSON.stringify(text)} cut at ${cuts.join(', ')}`);
    }
  });
});

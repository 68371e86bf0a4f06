// The one filter of everything the CLI prints (terminal.ts): the key in any letter case or
// percent-encoded, an upload URL's query and known signature parameters, and every control
// character a server could send, shown as its \u escape (newline and tab kept).
import * as assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { printable } from '../../../src/cli/printable';
import { Terminal } from '../../../src/cli/terminal';

function capture(): { terminal: Terminal; out(): string; err(): string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
  return { terminal: new Terminal(false, { stdout, stderr }), out: () => out, err: () => err };
}

describe('CLI output filter', () => {
  it('shows every control character as its escape; newline, tab and ordinary text untouched', () => {
    assert.equal(
      printable('a\x1b[31mb\x07c\rd\x9be\u202ef\u2066g\u200fh\u2028i\x00j\x7fk'),
      'a\\u001b[31mb\\u0007c\\u000dd\\u009be\\u202ef\\u2066g\\u200fh\\u2028i\\u0000j\\u007fk',
    );
    // A CRLF line end (the CSV of `stats`) stays; a carriage return alone would overwrite the line.
    assert.equal(printable('a,b\r\nc\rd\r'), 'a,b\r\nc\\u000dd\\u000d');
    assert.equal(printable('line 1\n\tline 2 ø € 😀 km²'), 'line 1\n\tline 2 ø € 😀 km²');
    const json = JSON.stringify({ text: 'x\x9b\u202ey\x1b' }, null, 2);
    assert.deepEqual(JSON.parse(printable(json)), { text: 'x\x9b\u202ey\x1b' }, 'still the same JSON');
  });

  it('the key in another letter case or percent-encoded never reaches stdout or stderr', () => {
    const { terminal, out, err } = capture();
    terminal.redact('Sk-Live-Ab12Cd34');
    terminal.out('host sk-live-ab12cd34.echo.invalid, query Sk%2DLive%2DAb12Cd34');
    terminal.note('SK-LIVE-AB12CD34');
    assert.equal(out(), 'host [api-key].echo.invalid, query [api-key]\n');
    assert.equal(err(), '[api-key]\n');
  });

  it('an upload URL prints without its query; signature parameters of any URL are redacted', () => {
    const { terminal, out } = capture();
    terminal.redactUploadUrl('https://bucket.example.com/a.tif?sv=2024&sig=AbCdEf0123456789%2B%3D&se=2026-12-01');
    terminal.out('{"UploadUrl": "https://bucket.example.com/a.tif?sv=2024&sig=AbCdEf0123456789%2B%3D&se=2026-12-01"}');
    terminal.out('decoded AbCdEf0123456789+=');
    terminal.out('other https://s3.example.com/b.tif?X-Amz-Date=1&X-Amz-Signature=ffff0000&X-Amz-SignedHeaders=host');
    assert.equal(
      out(),
      '{"UploadUrl": "https://bucket.example.com/a.tif?[redacted]"}\ndecoded [redacted]\nother https://s3.example.com/b.tif?X-Amz-Date=1&X-Amz-Signature=[redacted]&X-Amz-SignedHeaders=host\n',
    );
  });
});

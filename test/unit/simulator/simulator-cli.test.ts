import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..');

describe('simulator: command line', () => {
  it('npm run simulator starts it, prints the URL and the demo key, and stops cleanly on SIGTERM', async function () {
    this.timeout(30_000);
    const child = spawn(process.execPath, [join(root, 'scripts', 'simulator.mjs'), '--port', '0', '--seed', '3'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString('utf8');
          const m = /Simulator listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (m && output.includes('API key:')) resolve(m[1] as string);
        });
        child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${output}`)));
      });
      assert.match(output, /API key: demo-key/);
      const orders = await fetch(`${url}/api/tasking/orders`, { headers: { 'x-api-key': 'demo-key' } });
      const body = (await orders.json()) as { Data: { TaskOrders: unknown[] } };
      assert.ok(body.Data.TaskOrders.length > 0, 'demo data is on by default');
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = await exited;
      assert.equal(code, 0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});

// Entry point of the bundled executable (dist/cli.js): run, then let node exit on its own once
// stdout is flushed, with the verb's exit code.
import { main } from './main';

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});

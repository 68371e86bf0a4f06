// A progress message says what is happening now. "Loading models…" must not stand above the
// constellations question once the models are loaded: while a prompt is showing, the work is
// waiting for the person, so the message is cleared (the notification keeps only its title) and
// the next piece of work reports its own. Every workflow entry wraps its ports once.
import type { AskPort, WorkflowPorts } from './ports';

const WRAPPED = Symbol('honest-progress');

/** The ports with every prompt clearing the progress message before it shows. */
export function honestProgress(ports: WorkflowPorts): WorkflowPorts {
  if ((ports as { [WRAPPED]?: true })[WRAPPED]) return ports;
  const clear = (): void => ports.progress.report({ message: '' });
  const ask: AskPort = {
    pick: (question) => (clear(), ports.ask.pick(question)),
    pickMany: (question) => (clear(), ports.ask.pickMany(question)),
    input: (question) => (clear(), ports.ask.input(question)),
  };
  return { ...ports, ask, [WRAPPED]: true } as WorkflowPorts;
}

// A workflow command on an area document (Download Composite, Download Time Series, Find Available
// Dates, Search Tiles): its option names checked before anything else, the workflow run on the
// document through runWorkflow, then what the person is told about the run (`after`), whose answer
// is the command's.
import type * as vscode from 'vscode';
import type { AoiSource, WorkflowPorts } from '../../workflows/engine/ports';
import type { ExtensionServices } from '../extension-services';
import { runWorkflow } from '../runners/run-workflow';
import { workflowCommand } from './command';
import type { Command } from './command';

/** A run that started: the workflow's result and the document it ran on. */
export interface AreaRun<R> {
  result: R;
  uri: vscode.Uri | undefined;
}

export function areaWorkflowCommand<O extends { skipConfirmation?: boolean }, R>(
  command: { id: string; /** The progress notification's title. */ title: string; optionNames: Record<string, true> },
  workflow: (ports: WorkflowPorts, source: AoiSource, options: O) => Promise<R>,
  after: (services: ExtensionServices, run: AreaRun<R>, options: O | undefined) => Promise<R> | R,
): Command {
  return workflowCommand(
    {
      id: command.id,
      async run(services, uri?: unknown, options?: unknown): Promise<R | undefined> {
        const run = await runWorkflow<O, R>(services, command.title, uri, options, (ports, source, o) =>
          workflow(ports, source!, o),
        );
        return run ? after(services, run, options as O | undefined) : undefined;
      },
    },
    command.optionNames,
  );
}

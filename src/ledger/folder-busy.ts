// The one failure the ledger room decides itself: another run holds the folder's lock. It keeps
// the kind the workflows' errors had ('folder-busy'), so the CLI's --json error and its exit
// code (1) read as before; the room cannot use WorkflowError, which lives above it.
export class FolderBusyError extends Error {
  readonly kind = 'folder-busy';

  constructor(message: string) {
    super(message);
    this.name = 'FolderBusyError';
  }
}

export function isFolderBusyError(value: unknown): value is FolderBusyError {
  return value instanceof FolderBusyError;
}

import type * as vscode from 'vscode';

export function activate(_context: vscode.ExtensionContext): void {
  // Features are registered by the VS Code surface (src/ui).
}

export function deactivate(): void {}

// A minimal stand-in for the `vscode` module, enough for activate() to run outside VS Code in the
// activation benchmark. Every property is a callable proxy that returns another proxy, so any
// registration call succeeds; awaited values resolve to undefined (no thenable), and SecretStorage
// holds nothing. It measures load and activation cost, not behaviour.
'use strict';

function stub(name, awaitable = false) {
  const target = function () {};
  const assigned = new Map(); // values the extension sets on stub objects (item.label = ...)
  return new Proxy(target, {
    set(_t, prop, value) {
      assigned.set(prop, value);
      return true;
    },
    defineProperty(_t, prop, descriptor) {
      assigned.set(prop, descriptor.value);
      return true;
    },
    get(_t, prop) {
      if (assigned.has(prop)) return assigned.get(prop);
      // What a call returns may be awaited (showErrorMessage(), secrets.get()): it resolves to
      // undefined. Namespaces and properties are not thenables.
      if (prop === 'then') return awaitable ? (resolve) => resolve(undefined) : undefined;
      if (prop === Symbol.toPrimitive) return () => `[stub ${name}]`;
      if (prop === 'dispose') return () => {};
      return stub(`${name}.${String(prop)}`);
    },
    apply() {
      return stub(`${name}()`, true);
    },
    construct() {
      return stub(`new ${name}`);
    },
  });
}

// Real own properties for every top-level export of the API (read from @types/vscode), since a
// bundler's ESM interop copies the module's own keys.
const fs = require('node:fs');
const path = require('node:path');
const typesFile = path.join(__dirname, '..', '..', 'node_modules', '@types', 'vscode', 'index.d.ts');
const names = new Set();
for (const m of fs
  .readFileSync(typesFile, 'utf8')
  .matchAll(/^\t?export (?:namespace|class|enum|const|let|function) (\w+)/gm))
  names.add(m[1]);
const vscode = {};
for (const name of names) vscode[name] = stub(name);

function makeContext(root) {
  const memento = { get: (_k, d) => d, update: async () => {}, keys: () => [], setKeysForSync: () => {} };
  return {
    subscriptions: [],
    extensionUri: { fsPath: root, scheme: 'file', path: root, toString: () => `file://${root}` },
    extensionPath: root,
    globalState: memento,
    workspaceState: memento,
    secrets: {
      get: async () => undefined,
      store: async () => {},
      delete: async () => {},
      onDidChange: () => ({ dispose() {} }),
    },
    globalStorageUri: { fsPath: root, scheme: 'file', path: root },
    storageUri: undefined,
    logUri: { fsPath: root, scheme: 'file', path: root },
    extensionMode: 1,
    extension: {
      id: 'sat-imagery-team.sat-imagery',
      packageJSON: require(path.join(__dirname, '..', '..', 'package.json')),
      extensionUri: { fsPath: root, scheme: 'file', path: root },
      extensionPath: root,
    },
    asAbsolutePath: (p) => `${root}/${p}`,
  };
}

module.exports = { vscode, makeContext };

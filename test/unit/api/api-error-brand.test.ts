import * as assert from 'node:assert/strict';

// The client is bundled apart from the extension (dist/api-client.js), so an ApiError reaching the
// VS Code layer comes from another copy of the errors module. isApiError must still know it.
describe('ApiError across module copies', () => {
  it('isApiError recognises an ApiError made by another copy of the module, and nothing else', () => {
    const path = require.resolve('../../../src/api/errors');
    const first = require(path) as typeof import('../../../src/api/errors');
    const cached = require.cache[path];
    delete require.cache[path];
    const second = require(path) as typeof import('../../../src/api/errors');
    // The copy every other module holds goes back, so a file run after this one in the same
    // process (mocha's parallel workers run several) sees one ApiError, not this test's second.
    require.cache[path] = cached;
    assert.notEqual(first.ApiError, second.ApiError, 'two distinct copies of the class');
    const foreign = new second.ApiError({ kind: 'auth', message: 'The service refused the API key.' });
    assert.equal(foreign instanceof first.ApiError, false);
    assert.equal(first.isApiError(foreign), true);
    assert.equal(first.isApiError(new Error('plain')), false);
    assert.equal(first.isApiError({ kind: 'auth', message: 'look-alike' }), false);
    assert.equal(first.isApiError(undefined), false);
  });
});

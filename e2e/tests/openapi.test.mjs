// The OpenAPI document third-party clients are generated from (`ironsight openapi`, the same document the server
// serves) is valid OpenAPI 3.1, checked against the specification's own JSON Schema by a validator from the
// registry (@seriousme/openapi-schema-validator): a generated client or an API fuzzer stops on an invalid one.
// Needs no browser; it lives with the browser tests because they are where the built binary is run.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { repoRoot } from '../lib/harness.mjs';

const bin = process.env.IRONSIGHT_BIN ?? join(repoRoot, 'target', 'debug', 'ironsight');

test('the OpenAPI document is valid OpenAPI 3.1 and declares every path parameter', async () => {
  const document = JSON.parse(execFileSync(bin, ['openapi'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }));
  assert.equal(document.openapi, '3.1.0');
  const validator = new Validator();
  const result = await validator.validate(document);
  assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2)?.slice(0, 4000));

  // The validator checks the shape; a path's `{name}` without its declared parameter is a semantic rule of the
  // specification it does not enforce, so it is checked here too.
  const paths = Object.entries(document.paths);
  assert.ok(paths.length > 90, `${paths.length} paths`);
  for (const [path, operations] of paths) {
    const named = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    for (const [method, operation] of Object.entries(operations)) {
      const declared = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      assert.deepEqual(declared, named, `${method} ${path}`);
    }
  }
});

// Validates Kubernetes objects whose schema module is an ES module (kubernetes-model-modules.ts),
// in a plain Node process because Jest's CommonJS runtime cannot import it. Reads a JSON array of
// { specifier, kind, object } on stdin; writes a JSON array with, for each, null when the object
// is valid, the string "no-model" when no module exports the kind, or the Ajv errors.

import { Buffer } from 'node:buffer';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const requests = JSON.parse(Buffer.concat(chunks).toString('utf8'));

const results = [];
for (const { specifier, kind, object } of requests) {
  let Model;
  try {
    Model = (await import(specifier))[kind];
  } catch {
    Model = undefined;
  }
  if (typeof Model !== 'function') {
    results.push('no-model');
    continue;
  }
  try {
    new Model(object).validate();
    results.push(null);
  } catch (error) {
    if (!Array.isArray(error?.errors)) throw error;
    results.push(error.errors);
  }
}
process.stdout.write(JSON.stringify(results));

import type { z } from 'zod';
import { ApiError } from '../common';

/** `watched[0].name` from `['watched', 0, 'name']`: the field as the caller wrote it. */
function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) =>
      typeof key === 'number' ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`,
    )
    .join('');
}

/** The first schema issue as a 400 naming the field (docs/hf-clients.md "Errors": `{"error": ...}`). */
export function badRequestFromIssues(issues: readonly z.core.$ZodIssue[]): ApiError {
  const issue = issues[0];
  if (!issue || issue.path.length === 0)
    return ApiError.badRequest(issue?.message ?? 'the body is invalid');
  const field = fieldPath(issue.path);
  return ApiError.badRequest(`${field}: ${issue.message}`, field);
}

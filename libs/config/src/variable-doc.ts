import type { z } from 'zod';

/** What the README says of one environment variable, kept on the schema that reads it. */
export interface VariableDoc {
  description: string;
  /** The default as the README shows it, when the schema's own default does not say it well (or differs by app). */
  shownDefault?: string;
}

const DOC_KEY = 'gatehouseVariable';

/**
 * The schema of one variable with its documentation: every variable is declared once, in its
 * section, with its description; the README table (`npm run readme:config`) is built from these.
 */
export function documented<S extends z.ZodType>(schema: S, doc: VariableDoc): S {
  return schema.meta({ [DOC_KEY]: doc }) as S;
}

/** The documentation `documented` attached, or undefined. */
export function variableDocOf(schema: z.ZodType): VariableDoc | undefined {
  return schema.meta()?.[DOC_KEY] as VariableDoc | undefined;
}

import { Body, PipeTransform, Query } from '@nestjs/common';
import { z } from 'zod';
import { InputSource, parseOrThrow } from './zod-validation';

/** Validates and converts one handler argument with a zod schema (see `ZodBody`). */
export class ZodValidationPipe<T extends z.ZodType> implements PipeTransform<unknown, z.output<T>> {
  constructor(
    private readonly schema: T,
    private readonly source: InputSource = 'input',
  ) {}

  transform(value: unknown): z.output<T> {
    return parseOrThrow(this.schema, value, undefined, this.source);
  }
}

/** `@ZodBody(schema) body: Input`: the request body, parsed; a failure is a 400 naming the field. */
export const ZodBody = (schema: z.ZodType) => Body(new ZodValidationPipe(schema, 'body'));

/** `@ZodQuery(schema) query: Input`: the query string, parsed. */
export const ZodQuery = (schema: z.ZodType) => Query(new ZodValidationPipe(schema, 'query'));

import { BodyParseFailureKind } from '../request/body-parsers';

/**
 * Input errors raised by the platform itself (body parsing, schema validation). They carry no
 * HTTP shape: the exception filter answers them in the shape of the route they hit.
 */
export class RequestValidationError extends Error {
  constructor(
    message: string,
    /** Dotted path of the offending field, when there is one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'RequestValidationError';
  }
}

export class BodyParseError extends Error {
  constructor(readonly kind: BodyParseFailureKind) {
    super(BODY_PARSE_MESSAGES[kind]);
    this.name = 'BodyParseError';
  }
}

const BODY_PARSE_MESSAGES: Record<BodyParseFailureKind, string> = {
  malformed: 'The request body could not be parsed',
  too_large: 'The request body is too large',
  unsupported_encoding: 'The request body encoding or charset is not supported',
};

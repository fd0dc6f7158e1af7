import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';

// Checks an HTTP answer against the OpenAPI document: the operation of its method and path, the
// status (or `default`), and, for a JSON answer, the body against the response schema. Schemas
// are compiled once, on first use.

type Schema = Record<string, unknown>;
type Responses = Record<string, { content?: Record<string, { schema?: Schema }> }>;

interface Operation {
  method: string;
  path: string;
  pattern: RegExp;
  responses: Responses;
}

/** What the check reads of an OpenAPI 3.1 document (docs/openapi.json). */
export interface OpenApiResponseDocument {
  paths?: Record<string, Record<string, unknown> | undefined>;
  components?: Record<string, unknown>;
}

const DOCUMENT_ID = 'gatehouse-openapi.json';

function pathPattern(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

export interface AnswerToCheck {
  method: string;
  /** The request path, without the query. */
  path: string;
  status: number;
  contentType: string | null;
  /** The body's text. */
  body: string;
}

export class OpenApiResponseCheck {
  private readonly operations: Operation[] = [];
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  private readonly compiled = new Map<Schema, ValidateFunction>();

  constructor(document: OpenApiResponseDocument) {
    this.ajv.addSchema({ $id: DOCUMENT_ID, components: document.components ?? {} });
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item ?? {})) {
        const responses = (operation as { responses?: Responses }).responses;
        if (!responses) continue;
        this.operations.push({
          method: method.toUpperCase(),
          path,
          pattern: pathPattern(path),
          responses,
        });
      }
    }
  }

  /** The documented operation a request reaches, if any. */
  documents(method: string, path: string): boolean {
    return this.operationOf(method, path) !== undefined;
  }

  /** Null when the answer is what the document says, else what differs. */
  problemWith(answer: AnswerToCheck): string | null {
    const operation = this.operationOf(answer.method, answer.path);
    if (!operation) return null;
    const where = `${answer.method} ${answer.path} (${operation.method} ${operation.path}) answered ${answer.status}`;
    const response = operation.responses[String(answer.status)] ?? operation.responses.default;
    if (!response) return `${where}: the document lists no such status`;
    const mediaType = answer.contentType?.split(';')[0]?.trim().toLowerCase();
    if (mediaType !== 'application/json') return null;
    const schema = response.content?.['application/json']?.schema;
    if (!schema) return `${where} with a JSON body the document does not describe`;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return `${where}: the body is not JSON`;
    }
    const validate = this.validatorOf(schema);
    if (validate(body)) return null;
    return `${where}: ${this.ajv.errorsText(validate.errors, { separator: '; ' })}\nbody: ${answer.body.slice(0, 2000)}`;
  }

  private operationOf(method: string, path: string): Operation | undefined {
    const upper = method.toUpperCase();
    return this.operations.find(
      (operation) => operation.method === upper && operation.pattern.test(path),
    );
  }

  private validatorOf(schema: Schema): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) {
      const rooted = JSON.parse(
        JSON.stringify(schema).replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`),
      ) as Schema;
      validate = this.ajv.compile(rooted);
      this.compiled.set(schema, validate);
    }
    return validate;
  }
}

import { OpenApiResponseCheck, type OpenApiResponseDocument } from './openapi-response-check';

const DOCUMENT: OpenApiResponseDocument = {
  paths: {
    '/api/things/{id}': {
      get: {
        responses: {
          '200': {
            description: 'The thing.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
          '204': { description: 'Nothing.' },
          default: {
            description: 'An error.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { error: { type: 'string' } },
                  required: ['error'],
                },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        properties: { id: { type: 'string' }, size: { type: 'integer' } },
        required: ['id', 'size'],
        additionalProperties: false,
      },
    },
  },
};

const check = new OpenApiResponseCheck(DOCUMENT);
const answer = (
  status: number,
  body: unknown,
  contentType = 'application/json; charset=utf-8',
) => ({
  method: 'GET',
  path: '/api/things/abc',
  status,
  contentType,
  body: JSON.stringify(body),
});

describe('OpenApiResponseCheck', () => {
  it('passes an answer that matches its operation, components included', () => {
    expect(check.problemWith(answer(200, { id: 'abc', size: 3 }))).toBeNull();
  });

  it('names the operation and the field of a body that does not match', () => {
    expect(check.problemWith(answer(200, { id: 'abc', size: 'big' }))).toMatch(
      /^GET \/api\/things\/abc \(GET \/api\/things\/\{id\}\) answered 200: .*size must be integer/,
    );
    expect(check.problemWith(answer(200, { id: 'abc', size: 3, extra: true }))).toMatch(
      /must NOT have additional properties/,
    );
  });

  it('checks an error status against the default answer', () => {
    expect(check.problemWith(answer(404, { error: 'Not found' }))).toBeNull();
    expect(check.problemWith(answer(404, { message: 'Not found' }))).toMatch(
      /must have required property 'error'/,
    );
  });

  it('refuses a JSON body where the document describes none', () => {
    expect(check.problemWith(answer(204, { id: 'abc' }))).toMatch(
      /with a JSON body the document does not describe/,
    );
  });

  it('leaves alone what the document does not describe: other paths, methods and media types', () => {
    expect(check.documents('GET', '/api/other')).toBe(false);
    expect(check.documents('DELETE', '/api/things/abc')).toBe(false);
    expect(check.documents('GET', '/api/things/abc/more')).toBe(false);
    expect(check.problemWith(answer(200, 'x', 'text/html'))).toBeNull();
  });
});

import { gatehouseOpenApiDocument } from './gatehouse-openapi';

/** The rendered copy of the document of every service, what the gateway serves (docs/openapi.md). */
export const OPENAPI_FILE = 'docs/openapi.json';

export function openApiFileText(): string {
  return `${JSON.stringify(gatehouseOpenApiDocument(), null, 2)}\n`;
}

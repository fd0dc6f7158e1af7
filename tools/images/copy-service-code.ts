import { resolve } from 'node:path';
import { IMAGE_SERVICES, isImageService } from './image-services';
import { copyServiceCode } from './service-code';

// The Dockerfile's `code` stage, after the build: copies what one process loads out of dist/
// into <out>/dist, for the image of that process alone.
//   node --require ./libs/testing/src/infra/register-swc.js tools/images/copy-service-code.ts <service> <out>
const [service = '', out] = process.argv.slice(2);
if (!isImageService(service) || !out) {
  console.error(
    `usage: copy-service-code.ts <service> <out>, the service one of ${IMAGE_SERVICES.join(', ')} (got '${service}')`,
  );
  process.exit(2);
}
const files = copyServiceCode(service, resolve(out));
console.log(`copied ${files.length} built files of ${service} into ${out}`);

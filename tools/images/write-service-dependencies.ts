import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGE_SERVICES, manifestDirectory } from './image-services';
import { jsonText, serviceDependencies } from './service-dependencies';

// Writes deploy/images/<service>/package.json and package-lock.json for every image
// (`npm run images:dependencies`; service-dependencies.spec.ts fails when they are stale).
const ROOT = join(__dirname, '..', '..');
for (const service of IMAGE_SERVICES) {
  const { packages, manifest, lock } = serviceDependencies(service);
  const directory = join(ROOT, manifestDirectory(service));
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, 'package.json'), jsonText(manifest));
  writeFileSync(join(directory, 'package-lock.json'), jsonText(lock));
  const installed = Object.keys(lock.packages).length - 1;
  console.log(`${service}: ${packages.size} dependencies, ${installed} packages installed`);
}

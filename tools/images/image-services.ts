// The processes that get an image of their own, built from the one Dockerfile with
// `--build-arg SERVICE=<name>`: the four services, the all-in-one and the CLI (which runs the
// migration Job and the other admin commands). Each image holds the files its main file reaches
// (module-graph.ts) and the packages deploy/images/<name>/ lists (service-dependencies.ts).

export const IMAGE_SERVICES = [
  'auth',
  'token-exchange',
  'webhook-management',
  'delivery-worker',
  'gatehouse',
  'cli',
] as const;

export type ImageService = (typeof IMAGE_SERVICES)[number];

export function isImageService(name: string): name is ImageService {
  return (IMAGE_SERVICES as readonly string[]).includes(name);
}

/**
 * Built files a process reads by path rather than requires, so no walk finds them: the settings
 * app `auth` and the all-in-one serve (GATEHOUSE_WEB_DIR), and the all-in-one's demo seed.
 */
export const READ_BY_PATH: Record<ImageService, readonly string[]> = {
  auth: ['dist/apps/web'],
  'token-exchange': [],
  'webhook-management': [],
  'delivery-worker': [],
  gatehouse: ['dist/apps/web', 'dist/libs/persistence/seed'],
  cli: [],
};

/** The directory of a service's generated package.json and package-lock.json. */
export function manifestDirectory(service: ImageService): string {
  return `deploy/images/${service}`;
}

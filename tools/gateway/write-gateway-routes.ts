import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gatehouseRoutes } from '../manifests/gatehouse-routes';
import { GATEWAY_ROUTES_FILE, gatewayRoutesConf } from './gateway-routes';

// `npm run gateway:routes`: writes deploy/gateway/routes.conf from the controllers.
const root = join(__dirname, '../..');
writeFileSync(join(root, GATEWAY_ROUTES_FILE), gatewayRoutesConf(gatehouseRoutes(root)));
process.stdout.write(`wrote ${GATEWAY_ROUTES_FILE}\n`);

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WORKSPACE_ROOT } from '../process/node-process';
import { waitUntil } from '../wait/wait-until';

export const NGINX = '/usr/sbin/nginx';
export const NGINX_INSTALL_HINT = "install Debian's nginx package (apt-get install nginx)";
/** Generated from the controllers by `npm run gateway:routes` (tools/gateway). */
/** How long a graceful stop (SIGQUIT) may take before nginx is killed. */
const QUIT_GRACE_MS = 5_000;

export const GATEWAY_ROUTES = join(WORKSPACE_ROOT, 'deploy/gateway/routes.conf');
/** Where the routes' `location = /openapi.json` finds the file: docs/openapi.json (`npm run openapi`). */
const GATEWAY_ROOT = join(WORKSPACE_ROOT, 'docs');

export interface GatewayOptions {
  port: number;
  /** `host:port` of each replica, by nginx upstream name (`auth`, `token_exchange`, `webhook_management`). */
  upstreams: Record<string, string[]>;
}

export interface RunningGateway {
  url: string;
  pid: number | undefined;
  /** nginx's error log so far (access logs are off). */
  output(): string;
  stop(): Promise<void>;
}

/** The nginx configuration of a gateway on loopback: upstreams of local replicas around the generated routes. */
export function gatewayNginxConf(options: GatewayOptions, prefix: string): string {
  const upstreams = Object.entries(options.upstreams).map(
    // max_fails=0: a replica that refuses a connection (stopped, restarting) is skipped for that
    // request only, never marked down for a while; marking down made both replicas of a rolling
    // restart "down" at once (502 "no live upstreams") when the second stopped within fail_timeout
    // of the first one's last refusal. Idle upstream connections are dropped before Node's own 5 s
    // keep-alive timeout would close them under a request nginx is just sending.
    ([name, servers]) =>
      `  upstream ${name} {\n${servers.map((server) => `    server ${server} max_fails=0;`).join('\n')}\n    keepalive 16;\n    keepalive_timeout 4s;\n  }`,
  );
  return `daemon off;
master_process on;
worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${join(prefix, 'client_body')};
  proxy_temp_path ${join(prefix, 'proxy')};
  fastcgi_temp_path ${join(prefix, 'fastcgi')};
  uwsgi_temp_path ${join(prefix, 'uwsgi')};
  scgi_temp_path ${join(prefix, 'scgi')};
${upstreams.join('\n')}
  server {
    listen 127.0.0.1:${options.port};
    root ${GATEWAY_ROOT};
    include ${GATEWAY_ROUTES};
  }
}
`;
}

/** Debian's nginx as a plain process in front of the given replicas; fails naming the package when missing. */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: ${NGINX_INSTALL_HINT}`);
  const prefix = mkdtempSync(join(tmpdir(), 'gatehouse-gateway-'));
  for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(join(prefix, dir));
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(conf, gatewayNginxConf(options, prefix));
  const errorLog = join(prefix, 'error.log');
  const output = () => (existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '');
  const child: ChildProcess = spawn(NGINX, ['-p', prefix, '-c', conf, '-e', errorLog], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${options.port}`;
  await waitUntil(
    `nginx to answer on ${url}`,
    async () => {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(
          `nginx exited with ${child.exitCode ?? child.signalCode}:\n${stderr}${output()}`,
        );
      return fetch(`${url}/gateway-probe`).then(
        () => true,
        () => false,
      );
    },
    { detail: () => `${stderr}${output()}` },
  );
  return {
    url,
    pid: child.pid,
    output: () => stderr + output(),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        const timer = setTimeout(() => child.kill('SIGKILL'), QUIT_GRACE_MS);
        await exited;
        clearTimeout(timer);
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

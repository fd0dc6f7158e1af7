import { AddressRefusedError } from './address-refused.error';
import { guardedConnector } from './guarded-agent';

describe('guardedConnector', () => {
  function connectTo(hostname: string, allowLoopback = false) {
    const connect = guardedConnector({ allowLoopback, connectTimeoutMs: 1_000, resolve: async () => [] });
    return new Promise<Error | null>((resolve) =>
      connect({ hostname, protocol: 'http:', port: '9' }, (error, socket) => {
        socket?.destroy();
        resolve(error);
      }),
    );
  }

  it.each(['127.0.0.1', '[::1]', '10.0.0.1', '[::ffff:192.168.0.1]'])('refuses the literal address %s before dialling', async (host) => {
    await expect(connectTo(host)).resolves.toBeInstanceOf(AddressRefusedError);
  });
});

import { kafkaConnectionOf } from './kafka-connection';

describe('kafkaConnectionOf', () => {
  it('is empty for a plaintext, anonymous connection', () => {
    expect(kafkaConnectionOf({})).toEqual({});
  });

  it('passes the SASL mechanism and credentials as kafkajs names them', () => {
    expect(
      kafkaConnectionOf({
        sasl: { mechanism: 'scram-sha-512', username: 'gatehouse-auth', password: 'pw' },
      }),
    ).toEqual({
      sasl: { mechanism: 'scram-sha-512', username: 'gatehouse-auth', password: 'pw' },
    });
  });

  it('turns TLS on with the system CAs, or with the configured CA and client certificate', () => {
    expect(kafkaConnectionOf({ tls: {} })).toEqual({ ssl: true });
    expect(kafkaConnectionOf({ tls: { ca: 'CA PEM', cert: 'CERT PEM', key: 'KEY PEM' } })).toEqual({
      ssl: { ca: 'CA PEM', cert: 'CERT PEM', key: 'KEY PEM' },
    });
  });
});

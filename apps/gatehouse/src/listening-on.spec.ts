import { listeningOn } from './listening-on';

describe('listeningOn', () => {
  it.each([
    [{ address: '127.0.0.1', family: 'IPv4', port: 8080 }, '127.0.0.1:8080, this machine only'],
    [{ address: '::1', family: 'IPv6', port: 8080 }, '[::1]:8080, this machine only'],
    [{ address: '0.0.0.0', family: 'IPv4', port: 8080 }, '0.0.0.0:8080, every IPv4 interface'],
    [{ address: '::', family: 'IPv6', port: 8080 }, '[::]:8080, every interface'],
    [{ address: '192.168.1.20', family: 'IPv4', port: 80 }, '192.168.1.20:80, this interface'],
  ])('%j', (address, expected) => {
    expect(listeningOn(address)).toBe(expected);
  });
});

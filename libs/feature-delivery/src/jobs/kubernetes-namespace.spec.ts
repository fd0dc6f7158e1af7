import { inClusterNamespace, SERVICE_ACCOUNT_NAMESPACE_FILE } from './kubernetes-namespace';

describe('inClusterNamespace', () => {
  it("reads the service account's namespace", () => {
    const read = jest.fn(() => 'gatehouse-prod\n');
    expect(inClusterNamespace(read)).toBe('gatehouse-prod');
    expect(read).toHaveBeenCalledWith(SERVICE_ACCOUNT_NAMESPACE_FILE);
  });

  it('is undefined outside a cluster', () => {
    expect(
      inClusterNamespace(() => {
        throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      }),
    ).toBeUndefined();
    expect(inClusterNamespace(() => '  \n')).toBeUndefined();
  });
});

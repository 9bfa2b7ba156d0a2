import { CONTRACTS_VERSION, contractsCompatible } from '@portal/contracts';
import { mockApi } from '@portal/web-core/testing';
import { checkRemote, incompatibility } from './compat';

const PROVIDED = ['react', 'react-dom', '@portal/web-core'];
const built = (over: object = {}) => ({
  contractsVersion: CONTRACTS_VERSION,
  shared: [...PROVIDED, 'antd/es/table'],
  ...over,
});

describe('which remotes the shell loads', () => {
  it('talks to contracts of the same major, and of the same minor while the major is 0', () => {
    expect(contractsCompatible('1.2.0', '1.9.3')).toBe(true);
    expect(contractsCompatible('2.0.0', '1.9.3')).toBe(false);
    expect(contractsCompatible('0.2.0', '0.2.7')).toBe(true);
    expect(contractsCompatible('0.3.0', '0.2.0')).toBe(false);
    expect(contractsCompatible('not a version', '0.2.0')).toBe(false);
  });

  it('refuses other contracts, a missing shared singleton or no contracts version, saying which', () => {
    expect(incompatibility(built(), PROVIDED)).toBeNull();
    expect(incompatibility(built({ contractsVersion: '9.0.0' }), PROVIDED)).toBe(
      `it was built against contracts 9.0.0; this portal speaks ${CONTRACTS_VERSION}`,
    );
    expect(incompatibility(built({ shared: ['react'] }), PROVIDED)).toBe(
      "it does not expect the portal's shared react-dom, @portal/web-core",
    );
    expect(incompatibility({ shared: PROVIDED }, PROVIDED)).toBe('its version.json names no contracts version');
  });

  it('reads version.json beside the entry; an incompatible or missing one is refused and logged', async () => {
    const calls = mockApi({
      'GET /remotes/mfe-mentee/version.json': built(),
      'GET /cdn/v9/version.json': built({ contractsVersion: '9.0.0' }),
    });
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(checkRemote('mfe_mentee', '/remotes/mfe-mentee/remoteEntry.js')).resolves.toBeUndefined();
      expect(calls.map((c) => c.url.pathname)).toEqual(['/remotes/mfe-mentee/version.json']);
      await expect(checkRemote('mfe_mentee', '/cdn/v9/remoteEntry.js')).rejects.toThrow(
        `This part of the portal could not be loaded: it was built against contracts 9.0.0; this portal speaks ${CONTRACTS_VERSION}.`,
      );
      await expect(checkRemote('mfe_chat', '/cdn/none/remoteEntry.js')).rejects.toThrow('no version.json (404)');
      expect(logged.mock.calls.map((c) => String(c[0]))).toEqual([
        expect.stringContaining('Remote mfe_mentee (/cdn/v9/remoteEntry.js) refused'),
        expect.stringContaining('Remote mfe_chat (/cdn/none/remoteEntry.js) refused: no version.json (404)'),
      ]);
    } finally {
      logged.mockRestore();
    }
  });
});

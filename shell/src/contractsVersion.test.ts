import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTRACTS_VERSION } from '@portal/contracts';

const contracts = join(__dirname, '..', '..', 'libs', 'contracts');

/**
 * The contracts as of their current version: when this hash changes, a contract changed, and remotes built before it
 * may not understand the new shell (or the reverse). Bump the version (libs/contracts/package.json and src/version.ts;
 * a new minor while 0.x, a new major after) and write the new hash here.
 */
const CONTRACTS_AT_VERSION = {
  version: '0.8.0',
  sha256: '245d448e2c1ac528b7858969282d37cf5da7f38486dfa9fcf18927ec12992431',
};

const hashOfContracts = () => {
  const hash = createHash('sha256');
  for (const file of readdirSync(join(contracts, 'src'))
    .filter((f) => f.endsWith('.ts') && f !== 'version.ts')
    .sort())
    hash.update(file).update(readFileSync(join(contracts, 'src', file)));
  return hash.digest('hex');
};

describe('the contracts version', () => {
  it('is the package version', () => {
    expect(CONTRACTS_VERSION).toBe(JSON.parse(readFileSync(join(contracts, 'package.json'), 'utf8')).version);
  });

  it('changes whenever a contract does', () => {
    expect({ version: CONTRACTS_VERSION, sha256: hashOfContracts() }).toEqual(CONTRACTS_AT_VERSION);
  });
});

import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';

/** argon2id at OWASP's minimum recommended parameters (19 MiB, t=2, p=1). */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** No more hashes at once than cores: more add no throughput under a sign-in storm, only starve the event loop. */
const limited = pLimit(availableParallelism());

/**
 * A fixed argon2id hash, with OPTIONS' parameters, of a random password nobody was told. Checked instead when there is
 * nothing to check against (no account, or an account without a password yet: an imported one, whose stored value is
 * no hash), so that sign-in costs one full verification whether or not the account exists or has a password.
 */
const DUMMY_HASH = '$argon2id$v=19$m=19456,p=1,t=2$eIbkCGl+Gq29JupfXGbadA$Gp/eJSAVbaNf/Qzdk5FLzrzK0XAcNgPtRah9LLCKlD8';

/** A stored value that can be a password's hash (argon2): imported accounts hold a marker instead until they choose one. */
const isHash = (hash: string | null | undefined): hash is string =>
  typeof hash === 'string' && hash.startsWith('$argon2');

@Injectable()
export class PasswordService {
  hash(password: string): Promise<string> {
    return limited(() => argon2.hash(password, OPTIONS));
  }

  /**
   * Whether `password` matches what the account stores: always exactly one argon2 verification (`verify`), against
   * DUMMY_HASH (and then false) when there is no hash to check (no account, no password yet), so that the answer
   * takes as long whether or not the account exists or has a password.
   */
  async matches(stored: string | null | undefined, password: string): Promise<boolean> {
    const real = isHash(stored);
    const ok = await this.verify(real ? stored : DUMMY_HASH, password);
    return real && ok;
  }

  /** One argon2 verification of `password` against an argon2 `hash` (false, not an error, when it is malformed). */
  verify(hash: string, password: string): Promise<boolean> {
    return limited(() => argon2.verify(hash, password)).catch(() => false);
  }
}

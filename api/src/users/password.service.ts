import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';

/** argon2id at OWASP's minimum recommended parameters (19 MiB, t=2, p=1). */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** No more hashes at once than cores: more add no throughput under a sign-in storm, only starve the event loop. */
const limited = pLimit(availableParallelism());

@Injectable()
export class PasswordService {
  private dummyHash?: Promise<string>;

  hash(password: string): Promise<string> {
    return limited(() => argon2.hash(password, OPTIONS));
  }

  verify(hash: string, password: string): Promise<boolean> {
    return limited(() => argon2.verify(hash, password)).catch(() => false);
  }

  /** Spends the same time as a real check, so unknown e-mails cannot be told apart by timing. */
  async verifyAgainstNothing(password: string): Promise<false> {
    this.dummyHash ??= this.hash('not-a-real-password-' + Date.now());
    await this.verify(await this.dummyHash, password);
    return false;
  }
}

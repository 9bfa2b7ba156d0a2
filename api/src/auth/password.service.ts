import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';

/** argon2id at OWASP's minimum recommended parameters (19 MiB, t=2, p=1). */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordService {
  private dummyHash?: Promise<string>;

  hash(password: string): Promise<string> {
    return argon2.hash(password, OPTIONS);
  }

  verify(hash: string, password: string): Promise<boolean> {
    return argon2.verify(hash, password).catch(() => false);
  }

  /** Spends the same time as a real check, so unknown e-mails cannot be told apart by timing. */
  async verifyAgainstNothing(password: string): Promise<false> {
    this.dummyHash ??= this.hash('not-a-real-password-' + Date.now());
    await this.verify(await this.dummyHash, password);
    return false;
  }
}

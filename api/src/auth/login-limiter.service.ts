import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AuthException } from './auth.exception';

/**
 * Brute-force limits on sign-in: every attempt counts against the caller's address,
 * failed attempts count against the account. Successful sign-in clears the account's count.
 */
@Injectable()
export class LoginLimiterService {
  private readonly perIp: RateLimiterMemory;
  private readonly perAccount: RateLimiterMemory;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const { perIpPerMinute, failuresPerAccount } = config.loginLimits;
    this.perIp = new RateLimiterMemory({
      keyPrefix: 'login_ip',
      points: perIpPerMinute,
      duration: 60,
      blockDuration: 60,
    });
    this.perAccount = new RateLimiterMemory({
      keyPrefix: 'login_acct',
      points: failuresPerAccount,
      duration: 15 * 60,
      blockDuration: 5 * 60,
    });
  }

  async beforeAttempt(ip: string, email: string): Promise<void> {
    const account = await this.perAccount.get(email);
    if (account && account.remainingPoints <= 0) throw tooMany(account);
    try {
      await this.perIp.consume(ip);
    } catch (res) {
      if (res instanceof RateLimiterRes) throw tooMany(res);
      throw res;
    }
  }

  async failed(email: string): Promise<void> {
    await this.perAccount.consume(email).catch(() => undefined);
  }

  async succeeded(email: string): Promise<void> {
    await this.perAccount.delete(email);
  }
}

function tooMany(res: RateLimiterRes): AuthException {
  return AuthException.tooManyAttempts(Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
}

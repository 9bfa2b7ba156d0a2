import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AuthException } from './auth.exception';

/** Failures a (account, address) pair gets before each further attempt waits. */
export const FREE_FAILURES = 3;

/** The wait after a pair's `failures`-th failure: none for the first three, then 1 s doubling, capped. */
export function delayAfter(failures: number, maxSeconds: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(maxSeconds, 2 ** Math.min(30, failures - FREE_FAILURES));
}

const WINDOW_SECONDS = 15 * 60;
// Memory limiters expire keys with setTimeout: keep below its 24.8-day maximum.
const TRUST_SECONDS = 14 * 24 * 3600;

/**
 * Brute-force limits on sign-in that an attacker cannot turn against the account's owner:
 * - every attempt counts against the caller's address (per minute);
 * - failures count per (account, address) pair: after three, that pair waits 1 s, then 2, 4, ... up to a cap, so an
 *   attacker elsewhere is slowed while the owner from their own address still signs in;
 * - a generous per-account ceiling is the backstop against guessing from many addresses: past it, only addresses the
 *   account has signed in from before may try.
 */
@Injectable()
export class LoginLimiterService {
  private readonly perIp: RateLimiterMemory;
  private readonly pairFailures: RateLimiterMemory;
  private readonly pairWait: RateLimiterMemory;
  private readonly accountFailures: RateLimiterMemory;
  private readonly trustedPairs: RateLimiterMemory;
  private readonly maxDelay: number;
  private readonly accountCeiling: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const { perIpPerMinute, failuresPerAccount, maxDelaySeconds } = config.loginLimits;
    this.maxDelay = maxDelaySeconds;
    this.accountCeiling = failuresPerAccount;
    this.perIp = new RateLimiterMemory({
      keyPrefix: 'login_ip',
      points: perIpPerMinute,
      duration: 60,
      blockDuration: 60,
    });
    this.pairFailures = new RateLimiterMemory({ keyPrefix: 'login_pair', points: 1e9, duration: WINDOW_SECONDS });
    this.pairWait = new RateLimiterMemory({ keyPrefix: 'login_wait', points: 1, duration: 1 });
    this.accountFailures = new RateLimiterMemory({ keyPrefix: 'login_acct', points: 1e9, duration: WINDOW_SECONDS });
    this.trustedPairs = new RateLimiterMemory({ keyPrefix: 'login_trusted', points: 1e9, duration: TRUST_SECONDS });
  }

  async beforeAttempt(ip: string, email: string): Promise<void> {
    const pair = pairKey(email, ip);
    const wait = await this.pairWait.get(pair);
    if (wait && wait.consumedPoints > 1) throw tooMany(wait);
    const account = await this.accountFailures.get(email);
    if (account && account.consumedPoints >= this.accountCeiling && !(await this.trustedPairs.get(pair)))
      throw tooMany(account);
    try {
      await this.perIp.consume(ip);
    } catch (res) {
      if (res instanceof RateLimiterRes) throw tooMany(res);
      throw res;
    }
  }

  async failed(ip: string, email: string): Promise<void> {
    const pair = pairKey(email, ip);
    const [res] = await Promise.all([this.pairFailures.consume(pair), this.accountFailures.consume(email)]);
    const delay = delayAfter(res.consumedPoints, this.maxDelay);
    if (delay > 0) await this.pairWait.block(pair, delay);
  }

  async succeeded(ip: string, email: string): Promise<void> {
    const pair = pairKey(email, ip);
    await Promise.all([
      this.pairFailures.delete(pair),
      this.pairWait.delete(pair),
      this.trustedPairs.set(pair, 1, TRUST_SECONDS),
    ]);
  }
}

const pairKey = (email: string, ip: string) => `${email.toLowerCase()}|${ip}`;

function tooMany(res: RateLimiterRes): AuthException {
  return AuthException.tooManyAttempts(Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
}

import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AuthException } from './auth.exception';

/** Public sign-ups per address per hour: mass account creation is refused with 429. */
@Injectable()
export class RegistrationLimiterService {
  private readonly perIp: RateLimiterMemory;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.perIp = new RateLimiterMemory({
      keyPrefix: 'register_ip',
      points: config.registerLimitPerHour,
      duration: 3600,
    });
  }

  async consume(ip: string): Promise<void> {
    try {
      await this.perIp.consume(ip);
    } catch (res) {
      if (res instanceof RateLimiterRes)
        throw AuthException.tooManyRegistrations(Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
      throw res;
    }
  }
}

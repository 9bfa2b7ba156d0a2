import 'reflect-metadata';
import { Logger, Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { hostname, userInfo } from 'node:os';
import { AuditModule } from './audit/audit.module';
import { AdminAuthenticator, AdminRecoveryCode } from './auth/entities/admin-mfa.entity';
import { AdminCommandError, MfaAdmin } from './auth/mfa/mfa-admin';
import { ConfigModule } from './config/config.module';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config';
import { dataSourceOptions } from './database/data-source-options';
import { DatesModule } from './dates/dates.module';
import { ObservabilityModule } from './observability/observability.module';
import { User } from './users/entities/user.entity';
import { UserSession } from './users/entities/user-session.entity';
import { TokenUsersCache } from './users/token-users.cache';
import { SessionsModule } from './sessions/sessions.module';
import { SessionsService } from './sessions/sessions.service';

const USAGE = `Usage: npm run admin -- <command>
  reset-mfa <email>           remove an admin's second factor (a lost phone): audited, their sessions end, and they
                              set up a new authenticator at their next sign-in
Uses the configuration npm start uses (DATA_DIR or DATABASE_URL).`;

/** Only what the commands need: the configured database, the accounts, sessions and the audit log (no HTTP, no jobs). */
@Module({})
class AdminCliModule implements OnModuleInit {
  constructor(
    private readonly sessions: SessionsService,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  // Tokens end as the users module ends them, by the account's token version (the token-users cache carries the write to
  // the running API through Redis; without Redis it sees it within its TTL). The running API's sockets are another
  // process's: its periodic session check (SOCKET_RECHECK_MS) ends them.
  onModuleInit(): void {
    this.sessions.useTokenRevoker(async (userId, manager) => {
      await (manager?.withRepository(this.users) ?? this.users).increment({ id: userId }, 'tokenVersion', 1);
      await (manager ?? this.users.manager).delete(UserSession, { userId });
    });
    this.sessions.useSocketEnder(() => undefined);
  }

  /** An admin account by its address (an operator's command reads the account as the users module stores it). */
  admin(email: string): Promise<User | null> {
    return this.users.findOneBy({ email: email.trim().toLowerCase(), role: 'admin' });
  }

  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AdminCliModule,
      imports: [
        ConfigModule.forRoot(config),
        DatesModule,
        ObservabilityModule,
        TypeOrmModule.forRoot(dataSourceOptions(config.database)),
        TypeOrmModule.forFeature([AdminAuthenticator, AdminRecoveryCode, User, UserSession]),
        SessionsModule,
        AuditModule,
      ],
      providers: [MfaAdmin, TokenUsersCache],
    };
  }
}

/** `npm run admin -- …`: see USAGE. Exits 0 when the command did what it said, 1 with a message otherwise. */
async function main(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  if (!command || command === 'help' || command === '--help') return void console.log(USAGE);
  const config = loadConfig();
  const context = await NestFactory.createApplicationContext(AdminCliModule.forRoot(config), { logger: ['error'] });
  try {
    const operator = `${userInfo().username}@${hostname()}`;
    if (command === 'reset-mfa' && rest.length === 1) {
      const admin = await context.get(AdminCliModule).admin(rest[0]);
      if (!admin) throw new AdminCommandError(`No admin account has the address ${rest[0]}.`);
      console.log(await context.get(MfaAdmin).reset(admin, operator));
    } else throw new AdminCommandError(`Unknown command or wrong arguments: ${args.join(' ')}\n\n${USAGE}`);
  } finally {
    await context.close();
  }
}

main(process.argv.slice(2)).catch((e) => {
  if (e instanceof AdminCommandError || e instanceof ConfigError) console.error(e.message);
  else new Logger('admin').error(e);
  process.exit(1);
});

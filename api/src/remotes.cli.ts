import 'reflect-metadata';
import { Logger, Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { hostname, userInfo } from 'node:os';
import { ConfigModule } from './config/config.module';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config';
import { dataSourceOptions } from './database/data-source-options';
import { DatesModule } from './dates/dates.module';
import { RemotesAdmin, RemotesCommandError } from './remotes/remotes-admin';
import { RemotesModule } from './remotes/remotes.module';

const USAGE = `Usage: npm run remotes -- <command>
  list                        each remote's entry in force, where it comes from, and its history
  set <remote> <url>          serve <remote> from <url> (the URL of its remoteEntry.js) from now on
  rollback <remote>           one step back in <remote>'s history (to REMOTE_URLS' entry after the first set)
Uses the configuration npm start uses (DATA_DIR or DATABASE_URL); the running API follows within 10 s.`;

/** Only what the commands need: the configured database, the registry and the audit log (no HTTP, no jobs). */
@Module({})
class RemotesCliModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: RemotesCliModule,
      imports: [
        ConfigModule.forRoot(config),
        DatesModule,
        TypeOrmModule.forRoot(dataSourceOptions(config.database)),
        RemotesModule,
      ],
    };
  }
}

/** `npm run remotes -- …`: see USAGE. Exits 0 when the command did what it said, 1 with a message otherwise. */
async function main(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  if (!command || command === 'help' || command === '--help') return void console.log(USAGE);
  const config = loadConfig();
  const context = await NestFactory.createApplicationContext(RemotesCliModule.forRoot(config), {
    logger: ['error'],
  });
  try {
    const admin = context.get(RemotesAdmin);
    const operator = `${userInfo().username}@${hostname()}`;
    if (command === 'list' && rest.length === 0) console.log(await admin.list());
    else if (command === 'set' && rest.length === 2) console.log(await admin.set(rest[0], rest[1], operator));
    else if (command === 'rollback' && rest.length === 1) console.log(await admin.rollback(rest[0], operator));
    else throw new RemotesCommandError(`Unknown command or wrong arguments: ${args.join(' ')}\n\n${USAGE}`);
  } finally {
    await context.close();
  }
}

main(process.argv.slice(2)).catch((e) => {
  if (e instanceof RemotesCommandError || e instanceof ConfigError) console.error(e.message);
  else new Logger('remotes').error(e);
  process.exit(1);
});

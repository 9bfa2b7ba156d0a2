import { DynamicModule, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from './app-config';

/** The validated configuration (APP_CONFIG) for every module: the application's and the command-line tools'. */
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      global: true,
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}

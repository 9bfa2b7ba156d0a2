import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options';

/** For the TypeORM CLI (migration:generate / run): DATABASE_URL=mysql://... */
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL=mysql://... is required for migrations');
export default new DataSource({ ...dataSourceOptions({ type: 'mysql', url }), migrationsRun: false });

import { Column, CreateDateColumn, PrimaryColumn, UpdateDateColumn, type ColumnOptions } from 'typeorm';

/** Column types that behave the same on SQLite and MySQL/MariaDB (see TOOLCHAIN.md item 13). */
const ts: ColumnOptions = { type: 'datetime', precision: 6 };
export const CreatedAt = () => CreateDateColumn(ts);
export const UpdatedAt = () => UpdateDateColumn(ts);
export const DateTimeColumn = (opts: ColumnOptions = {}) => Column({ ...ts, ...opts });
/** A calendar date stored as YYYY-MM-DD; TypeORM hydrates it as that string on both drivers. */
export const DateOnlyColumn = (opts: ColumnOptions = {}) => Column({ type: 'date', ...opts });
export const TextColumn = (opts: ColumnOptions = {}) => Column({ type: 'text', ...opts });
export const Varchar = (length = 255, opts: ColumnOptions = {}) => Column({ type: 'varchar', length, ...opts });

/**
 * A UUID primary key assigned in code (field initializer `= randomUUID()`), not by TypeORM: on MySQL a multi-row
 * insert with generated UUIDs re-reads ids in a different order and rebinds them to the wrong rows.
 */
export const UuidPk = () => PrimaryColumn({ type: 'varchar', length: 36 });

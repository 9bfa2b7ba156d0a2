import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { DataSource, In, type EntityManager, type ObjectLiteral } from 'typeorm';
import {
  IMPORT_COLUMNS,
  type ImportError,
  type ImportKind,
  type ImportRowResult,
  type ParentInfo,
} from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { Clock } from '../dates/clock';
import { RegisterDto } from './dto/register.dto';
import { UpdateProfileDto } from './dto/update-profile.dto';
import { UpdateUserDto } from './dto/update-user.dto';
import { MenteeProfile } from './entities/mentee-profile.entity';
import { MentorProfile } from './entities/mentor-profile.entity';
import { PairingChange } from './entities/pairing-change.entity';
import { User } from './entities/user.entity';
import { ProfilesService } from './profiles.service';
import { UserException } from './user.exception';

/** One data row of the file: its spreadsheet row number and its cells by column name (trimmed; '' when empty). */
export interface ImportRecord {
  row: number;
  cells: Record<string, string>;
}

/** A new account the import created: it is sent a link to choose its password. */
export interface ImportedAccount {
  id: string;
  email: string;
  fullName: string;
}

/** What the file will do, row by row; writes happen only through apply(). */
export interface ImportPlan {
  kind: ImportKind;
  rows: ImportRowResult[];
  errors: ImportError[];
  /** Private: what apply() writes. */
  creates: PlannedCreate[];
  updates: PlannedUpdate[];
}

interface PlannedCreate {
  row: number;
  email: string;
  fullName: string;
  phone: string;
  /** Blank: generated at apply time. */
  code: string;
  profile: Record<string, unknown>;
  mentorId: string | null;
}

interface PlannedUpdate {
  id: string;
  user: Partial<Pick<User, 'email' | 'fullName' | 'phone'>>;
  profile: Record<string, unknown>;
  /** Set when the mentor changes: from → to. */
  mentor?: { from: string | null; to: string | null };
}

const ROLE = { mentees: 'mentee', mentors: 'mentor' } as const;
/** The column holding the account's own ID, and the entity column it maps to. */
const CODE_COLUMN = { mentees: 'studentId', mentors: 'employeeId' } as const;
const CODE_LABEL = { mentees: 'Student ID', mentors: 'Employee ID' } as const;
const CODE_PREFIX = { mentees: 'STU', mentors: 'EMP' } as const;
/** Guardian columns → ParentInfo fields. */
const GUARDIAN: Record<string, keyof ParentInfo> = {
  fatherName: 'fatherName',
  motherName: 'motherName',
  guardianPhone: 'primaryContact',
  guardianPhone2: 'secondaryContact',
  guardianEmail: 'email',
  emergencyContact: 'emergencyContact',
};
const GUARDIAN_COLUMN = Object.fromEntries(Object.entries(GUARDIAN).map(([c, f]) => [f, c])) as Record<
  keyof ParentInfo,
  string
>;
/** Profile columns (beyond name, phone and the ID) each kind may set, as UpdateProfileDto names them. */
const PROFILE_COLUMNS = {
  mentees: ['class', 'section', 'academicYear', 'dateOfBirth', 'address', 'bloodGroup'],
  mentors: ['department', 'subjects', 'qualifications', 'experience', 'officeHours'],
} as const;
/** Entity property of a profile column where it differs. */
const ENTITY_FIELD: Record<string, string> = { class: 'className' };
/** Rows per INSERT and ids per IN (): well under SQLite's and MariaDB's parameter limits. */
const CHUNK = 100;
const VALIDATE = { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true } as const;

const chunks = <T>(list: T[], size = CHUNK): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/** Cell → the DTO's value: subjects split on semicolons, experience a number when it is one. */
function dtoValue(column: string, cell: string): unknown {
  if (column === 'subjects') return cell.split(';');
  if (column === 'experience') return /^\d+$/.test(cell) ? Number(cell) : cell;
  return cell;
}

/** A stored value as the dry run shows it. */
function shown(value: unknown): string {
  if (value == null) return '';
  if (Array.isArray(value)) return value.join('; ');
  return String(value);
}

/**
 * Accounts from a spreadsheet, checked the way one account is checked (the same DTOs and messages), with every lookup
 * made for the whole file at once (a school of 2,000 in a few seconds) and the writes in the caller's transaction.
 */
@Injectable()
export class AccountImportService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly profiles: ProfilesService,
    private readonly clock: Clock,
  ) {}

  async plan(kind: ImportKind, records: ImportRecord[], manager: EntityManager = this.db.manager): Promise<ImportPlan> {
    const role = ROLE[kind];
    const codeColumn = CODE_COLUMN[kind];
    const codeEntity = kind === 'mentees' ? MenteeProfile : MentorProfile;
    const emailOf = (r: ImportRecord) => r.cells.email.toLowerCase();

    // Everything the rows refer to, read in a few statements.
    const emails = [...new Set(records.map(emailOf).filter(Boolean))];
    const codes = [...new Set(records.map((r) => r.cells[codeColumn]).filter(Boolean))];
    const byEmail = new Map((await this.findIn(manager, User, 'email', emails)).map((u) => [u.email, u]));
    const byCode = new Map(
      (await this.findIn(manager, codeEntity as typeof MentorProfile, codeColumn as 'employeeId', codes)).map((p) => [
        (p as unknown as Record<string, string>)[codeColumn],
        p.id,
      ]),
    );
    const knownIds = new Set([...byEmail.values()].map((u) => u.id));
    const missingUsers = [...byCode.values()].filter((id) => !knownIds.has(id));
    const byId = new Map([...byEmail.values()].map((u) => [u.id, u]));
    for (const u of await this.findIn(manager, User, 'id', missingUsers)) byId.set(u.id, u);
    const profiles = new Map(
      (await this.findIn(manager, codeEntity as typeof MentorProfile, 'id', [...byId.keys()])).map((p) => [
        p.id,
        p as unknown as Record<string, unknown>,
      ]),
    );
    const mentorCodes =
      kind === 'mentees' ? [...new Set(records.map((r) => r.cells.mentorEmployeeId).filter(Boolean))] : [];
    const mentors = new Map(
      (await this.findIn(manager, MentorProfile, 'employeeId', mentorCodes)).map((m) => [m.employeeId, m.id]),
    );
    const mentorUsers = new Map(
      (await this.findIn(manager, User, 'id', [...mentors.values()])).map((u) => [u.id, u.isActive]),
    );

    const plan: ImportPlan = { kind, rows: [], errors: [], creates: [], updates: [] };
    const seenEmail = new Map<string, number>();
    const seenCode = new Map<string, number>();
    const seenAccount = new Map<string, number>();

    for (const rec of records) {
      const { row, cells } = rec;
      const email = emailOf(rec);
      const code = cells[codeColumn];
      const errors: ImportError[] = [];
      const fail = (column: string | null, message: string) => {
        if (!errors.some((e) => e.column === column)) errors.push({ row, column, message });
      };

      const emailOwner = byEmail.get(email);
      const codeOwner = code ? byCode.get(code) : undefined;
      const target = emailOwner ?? (codeOwner ? byId.get(codeOwner) : undefined);
      if (emailOwner && emailOwner.role !== role)
        fail('email', `This e-mail belongs to an account of role ${emailOwner.role}`);
      if (codeOwner && emailOwner && codeOwner !== emailOwner.id)
        fail(codeColumn, UserException.idTaken(CODE_LABEL[kind], code).message);
      if (email && seenEmail.has(email)) fail('email', `Duplicate e-mail: also on row ${seenEmail.get(email)}`);
      if (code && seenCode.has(code))
        fail(codeColumn, `Duplicate ${CODE_LABEL[kind]}: also on row ${seenCode.get(code)}`);
      if (target && seenAccount.has(target.id) && !errors.length)
        fail(null, `Refers to the same account as row ${seenAccount.get(target.id)}`);
      if (email) seenEmail.set(email, seenEmail.get(email) ?? row);
      if (code) seenCode.set(code, seenCode.get(code) ?? row);
      if (target) seenAccount.set(target.id, seenAccount.get(target.id) ?? row);

      let mentorId: string | null | undefined;
      if (kind === 'mentees' && cells.mentorEmployeeId) {
        mentorId = mentors.get(cells.mentorEmployeeId);
        if (!mentorId) fail('mentorEmployeeId', `No mentor has employee ID ${cells.mentorEmployeeId}`);
        else if (!mentorUsers.get(mentorId))
          fail('mentorEmployeeId', `The mentor ${cells.mentorEmployeeId} is deactivated; activate the account first`);
      }

      // The same rules as one account: RegisterDto for a new one, UpdateProfileDto (and UpdateUserDto) for a change.
      const profileInput: Record<string, unknown> = {};
      for (const c of PROFILE_COLUMNS[kind]) if (cells[c]) profileInput[c] = dtoValue(c, cells[c]);
      const guardian: Record<string, string> = {};
      if (kind === 'mentees')
        for (const [column, field] of Object.entries(GUARDIAN)) if (cells[column]) guardian[field] = cells[column];
      if (Object.keys(guardian).length) profileInput.parentInfo = guardian;

      const isUpdate = !!target && target.role === role;
      if (!isUpdate) {
        const register = {
          email: cells.email,
          // Never stored: new accounts choose theirs through the welcome link. Present only to satisfy RegisterDto.
          password: 'imported-account',
          role,
          fullName: cells.fullName,
          phone: cells.phone,
          ...(kind === 'mentees' ? { class: cells.class, section: cells.section } : { department: cells.department }),
          ...(code ? { [codeColumn]: code } : {}),
        };
        this.report(await validate(plainToInstance(RegisterDto, register), VALIDATE), fail);
      } else {
        this.report(await validate(plainToInstance(UpdateUserDto, { email: cells.email }), VALIDATE), fail);
        const change: Record<string, unknown> = { ...profileInput };
        if (cells.fullName) change.fullName = cells.fullName;
        if (cells.phone) change.phone = cells.phone;
        if (code) change[codeColumn] = code;
        this.report(await validate(plainToInstance(UpdateProfileDto, change), VALIDATE), fail);
      }
      const extras = { ...profileInput };
      delete extras.class;
      delete extras.section;
      delete extras.department;
      if (!isUpdate && Object.keys(extras).length)
        this.report(await validate(plainToInstance(UpdateProfileDto, extras), VALIDATE), fail);

      // In the file's column order, as the spreadsheet shows them.
      const order = (c: string | null) => (c === null ? -1 : IMPORT_COLUMNS[kind].findIndex((x) => x.name === c));
      errors.sort((a, b) => order(a.column) - order(b.column));
      const result: ImportRowResult = {
        row,
        action: 'error',
        email,
        fullName: cells.fullName || target?.fullName || '',
        changes: {},
        guardians: [],
        errors,
      };
      plan.rows.push(result);
      if (errors.length) {
        plan.errors.push(...errors);
        continue;
      }
      // Values as stored: validated DTOs trimmed them; subjects without empty entries.
      const profile: Record<string, unknown> = {};
      for (const c of PROFILE_COLUMNS[kind]) {
        if (!(c in profileInput)) continue;
        const v = profileInput[c];
        profile[ENTITY_FIELD[c] ?? c] = Array.isArray(v) ? v.map((s: string) => s.trim()).filter(Boolean) : v;
      }
      if (!isUpdate) {
        result.action = 'create';
        if (kind === 'mentees') profile.parentInfo = guardian;
        plan.creates.push({
          row,
          email,
          fullName: cells.fullName,
          phone: cells.phone,
          code,
          profile,
          mentorId: mentorId ?? null,
        });
        continue;
      }
      // An update: only what differs from the stored account.
      const stored = profiles.get(target.id) ?? {};
      const update: PlannedUpdate = { id: target.id, user: {}, profile: {} };
      const changed = (column: string, from: unknown, to: unknown) => {
        if (shown(from) !== shown(to)) result.changes[column] = { from: shown(from), to: shown(to) };
        return shown(from) !== shown(to);
      };
      if (changed('email', target.email, email)) update.user.email = email;
      if (cells.fullName && changed('fullName', target.fullName, cells.fullName)) update.user.fullName = cells.fullName;
      if (cells.phone && changed('phone', target.phone, cells.phone)) update.user.phone = cells.phone;
      if (code && changed(codeColumn, stored[codeColumn], code)) update.profile[codeColumn] = code;
      for (const c of PROFILE_COLUMNS[kind]) {
        const field = ENTITY_FIELD[c] ?? c;
        if (field in profile && changed(c, stored[field], profile[field])) update.profile[field] = profile[field];
      }
      if (Object.keys(guardian).length) {
        const before = (stored.parentInfo ?? {}) as Record<string, string>;
        const after = { ...before, ...guardian };
        let any = false;
        for (const f of Object.keys(guardian))
          any = changed(GUARDIAN_COLUMN[f as keyof ParentInfo], before[f], after[f]) || any;
        if (any) update.profile.parentInfo = after;
      }
      if (mentorId && changed('mentorEmployeeId', this.codeOfMentor(stored.mentorId, mentors), cells.mentorEmployeeId))
        update.mentor = { from: (stored.mentorId as string | null) ?? null, to: mentorId };
      result.action = Object.keys(result.changes).length ? 'update' : 'unchanged';
      if (result.action === 'update') plan.updates.push(update);
    }
    plan.errors.sort((a, b) => a.row - b.row);
    return plan;
  }

  /**
   * Writes a plan without errors in the caller's transaction; answers the accounts it created. A student whose mentor
   * the file changes moves through the one mentor change (ProfilesService.changeMentors), as an admin's assignment
   * does: audited in `actor`'s name, and out of the old mentor's groups. New students start with the file's mentor.
   */
  async apply(plan: ImportPlan, tx: EntityManager, actor: AuthUser): Promise<ImportedAccount[]> {
    const kind = plan.kind;
    const codes = await this.newCodes(
      kind,
      plan.creates.filter((c) => !c.code).length,
      tx,
      new Set(plan.creates.map((c) => c.code)),
    );
    const now = this.clock.now();
    const created = plan.creates.map((c) => ({ ...c, id: randomUUID(), code: c.code || codes.pop()! }));
    for (const part of chunks(created)) {
      await tx.insert(
        User,
        part.map((c) =>
          tx.create(User, {
            id: c.id,
            email: c.email,
            fullName: c.fullName,
            phone: c.phone,
            // No password can match this (not an argon2 hash): the account is opened through the welcome link.
            passwordHash: `!imported-${randomBytes(16).toString('hex')}`,
            role: ROLE[kind],
            isActive: true,
            pendingApproval: false,
            tokenVersion: 0,
            createdAt: now,
            updatedAt: now,
            lastLogin: null,
          }),
        ),
      );
      if (kind === 'mentees')
        await tx.insert(
          MenteeProfile,
          part.map((c) =>
            tx.create(MenteeProfile, {
              academicYear: '',
              dateOfBirth: null,
              address: '',
              bloodGroup: null,
              medicalConditions: '',
              hobbies: [],
              parentInfo: {},
              ...c.profile,
              id: c.id,
              studentId: c.code,
              mentorId: c.mentorId,
            }),
          ) as never,
        );
      else
        await tx.insert(
          MentorProfile,
          part.map((c) =>
            tx.create(MentorProfile, {
              subjects: [],
              qualifications: '',
              citations: '',
              experience: 0,
              officeHours: '',
              ...c.profile,
              id: c.id,
              employeeId: c.code,
            }),
          ) as never,
        );
      const paired = part.filter((c) => c.mentorId);
      if (paired.length)
        await tx.insert(
          PairingChange,
          paired.map((c) => ({ id: randomUUID(), menteeId: c.id, delta: 1, at: now })),
        );
    }
    const entity = kind === 'mentees' ? MenteeProfile : MentorProfile;
    for (const u of plan.updates) {
      if (Object.keys(u.user).length) await tx.update(User, { id: u.id }, u.user);
      if (Object.keys(u.profile).length) await tx.update(entity, { id: u.id }, u.profile as never);
    }
    const moves = plan.updates.flatMap((u) => (u.mentor ? [{ menteeId: u.id, mentorId: u.mentor.to }] : []));
    if (moves.length) await this.profiles.changeMentors(tx, moves, actor);
    return created.map((c) => ({ id: c.id, email: c.email, fullName: c.fullName }));
  }

  private codeOfMentor(mentorId: unknown, mentors: Map<string, string>): string {
    for (const [code, id] of mentors) if (id === mentorId) return code;
    return mentorId ? '(another mentor)' : '';
  }

  /** `count` free IDs (STU-123456 / EMP-123456): candidates checked against the file and the table in one query. */
  private async newCodes(kind: ImportKind, count: number, tx: EntityManager, taken: Set<string>): Promise<string[]> {
    const found = new Set<string>();
    while (found.size < count) {
      const candidates = new Set<string>();
      while (candidates.size < count - found.size) {
        const c = `${CODE_PREFIX[kind]}-${randomInt(100000, 1000000)}`;
        if (!taken.has(c) && !found.has(c)) candidates.add(c);
      }
      const column = CODE_COLUMN[kind];
      const entity = kind === 'mentees' ? MenteeProfile : MentorProfile;
      const used = new Set(
        (await this.findIn(tx, entity as typeof MentorProfile, column as 'employeeId', [...candidates])).map(
          (p) => (p as unknown as Record<string, string>)[column],
        ),
      );
      for (const c of candidates) if (!used.has(c)) found.add(c);
    }
    return [...found];
  }

  /** Rows whose column is among the values, in chunks. */
  private async findIn<T extends ObjectLiteral>(
    manager: EntityManager,
    entity: new () => T,
    column: keyof T & string,
    values: string[],
  ): Promise<T[]> {
    const out: T[] = [];
    for (const part of chunks(values, 500))
      out.push(...(await manager.find(entity, { where: { [column]: In(part) } as never })));
    return out;
  }

  /** class-validator's errors as cells: the first message of each field, nested guardian fields by their column. */
  private report(errors: ValidationError[], fail: (column: string | null, message: string) => void): void {
    for (const e of errors) {
      if (e.property === 'parentInfo' && e.children?.length) {
        this.report(
          e.children.map((c) => ({ ...c, property: GUARDIAN_COLUMN[c.property as keyof ParentInfo] ?? c.property })),
          fail,
        );
        continue;
      }
      const message = Object.values(e.constraints ?? {})[0];
      if (message) fail(e.property, message);
    }
  }
}

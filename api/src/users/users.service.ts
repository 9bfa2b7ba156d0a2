import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomInt } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import type { AnyProfile, MeResponse, RegisterRequest, Role } from '@portal/contracts';
import { AttendanceSummaryService } from '../attendance/attendance-summary.service';
import { PasswordService } from '../auth/password.service';
import { AdminProfile } from './entities/admin-profile.entity';
import { MenteeProfile } from './entities/mentee-profile.entity';
import { MentorProfile } from './entities/mentor-profile.entity';
import { User } from './entities/user.entity';
import { UserException } from './user.exception';
import { toAdminProfile, toMenteeProfile, toMentorProfile, toUserResponse } from './user.mapper';

const ID_PREFIX: Record<Role, string> = { admin: 'ADM', mentor: 'EMP', mentee: 'STU' };

@Injectable()
export class UsersService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly passwords: PasswordService,
    private readonly attendance: AttendanceSummaryService,
  ) {}

  /** Creates the user and its role profile in one transaction. */
  async createAccount(input: RegisterRequest, manager?: EntityManager): Promise<User> {
    const passwordHash = await this.passwords.hash(input.password);
    const run = async (tx: EntityManager) => {
      if (await tx.existsBy(User, { email: input.email })) throw UserException.emailTaken();
      const user = await tx.save(tx.create(User, {
        email: input.email, passwordHash, role: input.role, fullName: input.fullName, phone: input.phone, isActive: true,
      }));
      if (input.role === 'admin') {
        const employeeId = await this.uniqueId(tx, AdminProfile, 'employeeId', input.employeeId, 'admin');
        await tx.save(tx.create(AdminProfile, {
          id: user.id, employeeId,
          department: input.department || 'Administration',
          position: input.position || 'System Administrator',
        }));
      } else if (input.role === 'mentor') {
        const employeeId = await this.uniqueId(tx, MentorProfile, 'employeeId', input.employeeId, 'mentor');
        await tx.save(tx.create(MentorProfile, {
          id: user.id, employeeId, department: input.department ?? '', subjects: [], qualifications: '', citations: '', experience: 0, officeHours: '',
        }));
      } else {
        const studentId = await this.uniqueId(tx, MenteeProfile, 'studentId', input.studentId, 'mentee');
        await tx.save(tx.create(MenteeProfile, {
          id: user.id, studentId, className: input.class ?? '', section: input.section ?? '', academicYear: '', dateOfBirth: null,
          address: '', bloodGroup: null, medicalConditions: '', hobbies: [], parentInfo: {}, mentorId: null,
        }));
      }
      return user;
    };
    return manager ? run(manager) : this.db.transaction(run);
  }

  /** A given id must be free; a blank one is generated (EMP-123456, STU-123456, ADM-123456). */
  private async uniqueId(tx: EntityManager, entity: typeof AdminProfile | typeof MentorProfile | typeof MenteeProfile, field: 'employeeId' | 'studentId', given: string | undefined, role: Role): Promise<string> {
    const label = field === 'studentId' ? 'Student ID' : 'Employee ID';
    if (given) {
      if (await tx.existsBy(entity, { [field]: given })) throw UserException.idTaken(label, given);
      return given;
    }
    for (;;) {
      const candidate = `${ID_PREFIX[role]}-${randomInt(100000, 1000000)}`;
      if (!(await tx.existsBy(entity, { [field]: candidate }))) return candidate;
    }
  }

  async me(userId: string): Promise<MeResponse> {
    const user = await this.db.getRepository(User).findOneBy({ id: userId });
    if (!user) throw UserException.notFound();
    return { user: toUserResponse(user), profile: await this.profileOf(user) };
  }

  async profileOf(user: User): Promise<AnyProfile | null> {
    if (user.role === 'admin') {
      const p = await this.db.getRepository(AdminProfile).findOneBy({ id: user.id });
      return p ? toAdminProfile(user, p) : null;
    }
    if (user.role === 'mentor') {
      const p = await this.db.getRepository(MentorProfile).findOneBy({ id: user.id });
      return p ? toMentorProfile(user, p) : null;
    }
    const p = await this.db.getRepository(MenteeProfile).findOneBy({ id: user.id });
    if (!p) return null;
    const mentor = p.mentorId ? await this.mentorRef(p.mentorId) : null;
    const [summary, history] = await Promise.all([this.attendance.forMentee(p.id), this.attendance.history(p.id)]);
    return toMenteeProfile(user, p, mentor, summary, history);
  }

  async mentorRef(mentorId: string): Promise<{ id: string; fullName: string; department: string } | null> {
    // A query builder rather than findOne({ relations }), which adds a DISTINCT pre-query for the one row.
    const row = await this.db.getRepository(MentorProfile).createQueryBuilder('p').innerJoinAndSelect('p.user', 'u')
      .where('p.id = :mentorId', { mentorId }).getOne();
    return row?.user ? { id: row.id, fullName: row.user.fullName, department: row.department } : null;
  }
}

import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, MaxLength, ValidateIf } from 'class-validator';
import { MAX_NAME_LENGTH, MSG, ROLES, type RegisterRequest, type Role } from '@portal/contracts';
import { EmailField } from '../../common/is-email-address';
import { trim } from '../../common/transforms';
import { NewPassword } from './password';
import { MayOmit } from '../../common/may-omit';

/** Role-specific fields are validated when the role needs them or when they are sent non-empty. */
const present = (v: unknown) => v !== undefined && v !== null && v !== '';
const max = (n: number, label: string) => MaxLength(n, { message: `${label} must be at most ${n} characters` });

// Decorators run bottom-up and validation stops at the first failure, so "required" checks sit nearest the property.
export class RegisterDto implements RegisterRequest {
  @EmailField()
  email: string;

  @NewPassword()
  password: string;

  // Never a guardian: a guardian's account is made only by an admin's invitation (GuardiansService).
  @IsIn(ROLES.filter((r) => r !== 'guardian'), { message: MSG.roleRequired })
  role: Role;

  @max(MAX_NAME_LENGTH, 'Full name')
  @IsNotEmpty({ message: MSG.fullNameRequired })
  @IsString({ message: MSG.fullNameRequired })
  @Transform(trim)
  fullName: string;

  @max(30, 'Phone number')
  @IsNotEmpty({ message: MSG.phoneRequired })
  @IsString({ message: MSG.phoneRequired })
  @Transform(trim)
  phone: string;

  @max(100, 'Department')
  @IsNotEmpty({ message: MSG.departmentRequired })
  @IsString({ message: MSG.departmentRequired })
  @Transform(trim)
  @ValidateIf((o: RegisterDto) => o.role === 'mentor' || present(o.department))
  department?: string;

  @max(40, 'Employee ID')
  @IsString()
  @Transform(trim)
  @MayOmit()
  employeeId?: string;

  @max(100, 'Position')
  @IsString()
  @Transform(trim)
  @MayOmit()
  position?: string;

  @max(20, 'Class')
  @IsNotEmpty({ message: MSG.classRequired })
  @IsString({ message: MSG.classRequired })
  @Transform(trim)
  @ValidateIf((o: RegisterDto) => o.role === 'mentee' || present(o.class))
  class?: string;

  @max(10, 'Section')
  @IsNotEmpty({ message: MSG.sectionRequired })
  @IsString({ message: MSG.sectionRequired })
  @Transform(trim)
  @ValidateIf((o: RegisterDto) => o.role === 'mentee' || present(o.section))
  section?: string;

  @max(40, 'Student ID')
  @IsString()
  @Transform(trim)
  @MayOmit()
  studentId?: string;
}

import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  // eslint-disable-next-line no-restricted-imports -- null clears a date of birth or a blood group
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  BLOOD_GROUPS,
  MAX_TEXT_LENGTH,
  MSG,
  type BloodGroup,
  type ParentInfo,
  type UpdateProfileRequest,
} from '@portal/contracts';
import { IsEmailAddress } from '../../common/is-email-address';
import { trim } from '../../common/transforms';
import { IsCalendarDate } from '../../common/is-calendar-date';
import { MayOmit } from '../../common/may-omit';

const text = (max: number, label: string) => MaxLength(max, { message: `${label} must be at most ${max} characters` });
const trimList = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '') : value;

export class ParentInfoDto implements ParentInfo {
  @text(100, 'Father name') @IsString() @MayOmit() fatherName?: string;
  @text(100, 'Mother name') @IsString() @MayOmit() motherName?: string;
  @text(30, 'Primary contact') @IsString() @MayOmit() primaryContact?: string;
  @text(30, 'Secondary contact') @IsString() @MayOmit() secondaryContact?: string;
  @IsEmailAddress({ message: 'Parent email must be a valid e-mail address' })
  @IsString({ message: 'Parent email must be a valid e-mail address' })
  // Empty clears it; null is refused like any other non-address.
  @ValidateIf((o: ParentInfoDto) => o.email !== '')
  @Transform(trim)
  @MayOmit()
  email?: string;
  @text(30, 'Emergency contact') @IsString() @MayOmit() emergencyContact?: string;
}

/** Every profile field an admin may edit; the service refuses those that do not apply to the user's role. */
export class UpdateProfileDto implements UpdateProfileRequest {
  @text(100, 'Full name')
  @IsNotEmpty({ message: MSG.fullNameRequired })
  @IsString({ message: MSG.fullNameRequired })
  @Transform(trim)
  @MayOmit()
  fullName?: string;

  @text(30, 'Phone number')
  @IsString()
  @Transform(trim)
  @MayOmit()
  phone?: string;

  @text(100, 'Department')
  @IsString()
  @Transform(trim)
  @MayOmit()
  department?: string;

  @text(100, 'Position')
  @IsString()
  @Transform(trim)
  @MayOmit()
  position?: string;

  @text(40, 'Employee ID')
  @IsNotEmpty({ message: 'Employee ID cannot be empty' })
  @IsString()
  @Transform(trim)
  @MayOmit()
  employeeId?: string;

  @ArrayMaxSize(30, { message: 'At most 30 subjects' })
  @MaxLength(60, { each: true, message: 'Each subject must be at most 60 characters' })
  @IsString({ each: true, message: 'Subjects must be text' })
  @IsArray({ message: 'subjects must be a list' })
  @Transform(trimList)
  @MayOmit()
  subjects?: string[];

  @text(MAX_TEXT_LENGTH, 'Qualifications')
  @IsString()
  @MayOmit()
  qualifications?: string;

  @text(MAX_TEXT_LENGTH, 'Citations')
  @IsString()
  @MayOmit()
  citations?: string;

  @Max(80, { message: 'Experience must be at most 80 years' })
  @Min(0, { message: 'Experience must be 0 or more' })
  @IsInt({ message: 'Experience must be a whole number of years' })
  @MayOmit()
  experience?: number;

  @text(100, 'Office hours')
  @IsString()
  @MayOmit()
  officeHours?: string;

  @text(40, 'Student ID')
  @IsNotEmpty({ message: 'Student ID cannot be empty' })
  @IsString()
  @Transform(trim)
  @MayOmit()
  studentId?: string;

  @text(20, 'Class')
  @IsNotEmpty({ message: MSG.classRequired })
  @IsString()
  @Transform(trim)
  @MayOmit()
  class?: string;

  @text(10, 'Section')
  @IsNotEmpty({ message: MSG.sectionRequired })
  @IsString()
  @Transform(trim)
  @MayOmit()
  section?: string;

  @text(20, 'Academic year')
  @IsString()
  @MayOmit()
  academicYear?: string;

  @IsCalendarDate({ message: 'Date of birth must be a real date (YYYY-MM-DD)' })
  @ValidateIf((o: UpdateProfileDto) => o.dateOfBirth !== null)
  @IsOptional()
  dateOfBirth?: string | null;

  @text(500, 'Address')
  @IsString()
  @MayOmit()
  address?: string;

  @IsIn(BLOOD_GROUPS, { message: `Blood group must be one of ${BLOOD_GROUPS.join(', ')}` })
  @ValidateIf((o: UpdateProfileDto) => o.bloodGroup !== null)
  @IsOptional()
  bloodGroup?: BloodGroup | null;

  @text(MAX_TEXT_LENGTH, 'Medical conditions')
  @IsString()
  @MayOmit()
  medicalConditions?: string;

  @ArrayMaxSize(30, { message: 'At most 30 hobbies' })
  @MaxLength(60, { each: true, message: 'Each hobby must be at most 60 characters' })
  @IsString({ each: true, message: 'Hobbies must be text' })
  @IsArray({ message: 'hobbies must be a list' })
  @Transform(trimList)
  @MayOmit()
  hobbies?: string[];

  @ValidateNested()
  @Type(() => ParentInfoDto)
  @MayOmit()
  parentInfo?: ParentInfoDto;
}

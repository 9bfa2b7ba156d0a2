import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_TYPES,
  type CreateGrievanceRequest,
  type GrievanceCategory,
  type GrievanceType,
} from '@portal/contracts';
import { NotBlank } from '../../common/not-blank';
import { trim } from '../../common/transforms';
import { IsCalendarDate } from '../../common/is-calendar-date';
import { MayOmit } from '../../common/may-omit';

const required = (message: string) => [IsNotEmpty({ message }), IsString({ message }), Transform(trim)];
const apply =
  (...ds: PropertyDecorator[]) =>
  (t: object, k: string | symbol) =>
    ds.forEach((d) => d(t, k));

export class CreateGrievanceDto implements CreateGrievanceRequest {
  @MaxLength(100, { message: 'Name must be at most 100 characters' })
  @apply(...required('Name is required'))
  name: string;

  @MaxLength(254, { message: 'Email/Roll No/ID must be at most 254 characters' })
  @apply(...required('Email/Roll No/ID is required'))
  email: string;

  @MaxLength(40, { message: 'Roll number must be at most 40 characters' })
  @apply(...required('Roll number is required'))
  rollNo: string;

  @MaxLength(200, { message: 'Subject must be at most 200 characters' })
  @NotBlank({ message: 'Subject is required' })
  @apply(...required('Subject is required'))
  subject: string;

  @IsIn(GRIEVANCE_TYPES, { message: 'Grievance type is required' })
  grievanceType: GrievanceType;

  @IsIn(GRIEVANCE_CATEGORIES, { message: `Category must be one of ${GRIEVANCE_CATEGORIES.join(', ')}` })
  @MayOmit()
  category?: GrievanceCategory;

  @IsCalendarDate({ message: 'Date of incident must be a real date (YYYY-MM-DD)' })
  @IsNotEmpty({ message: 'Date of incident is required' })
  dateOfIncident: string;

  @MaxLength(5000, { message: 'Description must be at most 5000 characters' })
  @NotBlank({ message: 'Description is required' })
  @apply(...required('Description is required'))
  description: string;

  @IsBoolean({ message: 'aboutMentor must be true or false' })
  @MayOmit()
  aboutMentor?: boolean;

  @IsBoolean({ message: 'withholdName must be true or false' })
  @MayOmit()
  withholdName?: boolean;
}

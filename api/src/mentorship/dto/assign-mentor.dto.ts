import { ApiProperty } from '@nestjs/swagger';
import { IsUUID, ValidateIf } from 'class-validator';
import type { AssignMentorRequest } from '@portal/contracts';

export class AssignMentorDto implements AssignMentorRequest {
  @IsUUID('4', { message: 'menteeId must be the id of a mentee' })
  menteeId: string;

  /** null unassigns. Required: leaving it out is a mistake, not an unassignment. */
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, description: "The mentor's id; null unassigns." })
  @IsUUID('4', { message: 'mentorId must be the id of a mentor, or null to unassign' })
  @ValidateIf((o: AssignMentorDto) => o.mentorId !== null)
  mentorId: string | null;
}

import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ErrorCode, type AssignMentorResponse, type MenteeRecord, type MentorRecord } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { AssignMentorDto } from './dto/assign-mentor.dto';
import { MenteeSearchQueryDto, SearchQueryDto } from './dto/search.query.dto';
import { MentorshipService } from './mentorship.service';
import { ApiOperation } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../openapi/api-doc.decorators';

@Controller('admin')
@Roles('admin')
export class MentorshipController {
  constructor(private readonly mentorship: MentorshipService) {}

  @Get('mentors')
  @ApiOperation({ summary: 'Search mentors' })
  @ApiAnswer(['MentorRecord'])
  mentors(@Query() q: SearchQueryDto): Promise<MentorRecord[]> {
    return this.mentorship.mentors(q.search);
  }

  @Get('mentees')
  @ApiOperation({ summary: 'Search mentees' })
  @ApiAnswer(['MenteeRecord'])
  mentees(@Query() q: MenteeSearchQueryDto): Promise<MenteeRecord[]> {
    return this.mentorship.mentees(q.search, q.mentorId);
  }

  @Put('assign-mentor')
  @ApiOperation({ summary: 'Assign a mentor to mentees' })
  @ApiAnswer('AssignMentorResponse')
  @ApiErrors(ErrorCode.MenteeNotFound, ErrorCode.MentorInactive, ErrorCode.MentorNotFound)
  assign(@Body() dto: AssignMentorDto, @CurrentUser() me: AuthUser): Promise<AssignMentorResponse> {
    return this.mentorship.assign(dto, me);
  }
}

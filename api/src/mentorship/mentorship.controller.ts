import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import type { AssignMentorResponse, MenteeRecord, MentorRecord } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { AssignMentorDto } from './dto/assign-mentor.dto';
import { MenteeSearchQueryDto, SearchQueryDto } from './dto/search.query.dto';
import { MentorshipService } from './mentorship.service';

@Controller('admin')
@Roles('admin')
export class MentorshipController {
  constructor(private readonly mentorship: MentorshipService) {}

  @Get('mentors')
  mentors(@Query() q: SearchQueryDto): Promise<MentorRecord[]> {
    return this.mentorship.mentors(q.search);
  }

  @Get('mentees')
  mentees(@Query() q: MenteeSearchQueryDto): Promise<MenteeRecord[]> {
    return this.mentorship.mentees(q.search, q.mentorId);
  }

  @Put('assign-mentor')
  assign(@Body() dto: AssignMentorDto, @CurrentUser() me: AuthUser): Promise<AssignMentorResponse> {
    return this.mentorship.assign(dto, me);
  }
}

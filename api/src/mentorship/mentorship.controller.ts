import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ErrorCode, type AssignMentorResponse, type MenteeRecord, type MentorRecord } from '@portal/contracts';
import { AnswersArrayPage, type ArrayPage } from '../common/array-page';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { AssignMentorDto } from './dto/assign-mentor.dto';
import { MenteeSearchQueryDto, SearchQueryDto } from './dto/search.query.dto';
import { MentorshipService } from './mentorship.service';
import { ApiOperation } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../openapi/api-doc.decorators';
import { Discloses, profileList } from '../disclosures/discloses.decorator';

@Controller('admin')
@Roles('admin')
export class MentorshipController {
  constructor(private readonly mentorship: MentorshipService) {}

  @Get('mentors')
  @ApiOperation({ summary: 'Search mentors' })
  @ApiAnswer(['MentorRecord'])
  @AnswersArrayPage()
  mentors(@Query() q: SearchQueryDto): Promise<ArrayPage<MentorRecord>> {
    return this.mentorship.mentors(q);
  }

  @Discloses(profileList)
  @Get('mentees')
  @ApiOperation({ summary: 'Search mentees' })
  @ApiAnswer(['MenteeRecord'])
  @AnswersArrayPage()
  mentees(@Query() q: MenteeSearchQueryDto): Promise<ArrayPage<MenteeRecord>> {
    return this.mentorship.mentees(q);
  }

  @Put('assign-mentor')
  @ApiOperation({ summary: 'Assign a mentor to mentees' })
  @ApiAnswer('AssignMentorResponse')
  @ApiErrors(ErrorCode.MenteeNotFound, ErrorCode.MentorInactive, ErrorCode.MentorNotFound)
  assign(@Body() dto: AssignMentorDto, @CurrentUser() me: AuthUser): Promise<AssignMentorResponse> {
    return this.mentorship.assign(dto, me);
  }
}

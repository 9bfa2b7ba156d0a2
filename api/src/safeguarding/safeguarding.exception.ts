import { ErrorCode } from '@portal/contracts';
import { DomainException } from '../common/domain.exception';

export class SafeguardingException extends DomainException {
  static alreadyReported(): SafeguardingException {
    return new SafeguardingException(ErrorCode.AlreadyReported, 'You have already reported this message');
  }

  static reportNotFound(): SafeguardingException {
    return new SafeguardingException(ErrorCode.ReportNotFound, 'Report not found');
  }

  static notHandler(): SafeguardingException {
    return new SafeguardingException(
      ErrorCode.NotSafeguardingLead,
      "Only the school's safeguarding leads handle reported messages. An admin can designate leads in User Management.",
    );
  }

  static transition(from: string, to: string): SafeguardingException {
    return new SafeguardingException(
      ErrorCode.ReportTransitionNotAllowed,
      `A report that is ${from} cannot be marked ${to}. Please refresh the page.`,
    );
  }

  static outcomeRequired(): SafeguardingException {
    return new SafeguardingException(ErrorCode.ResolutionRequired, 'Say what was done before closing the report');
  }
}

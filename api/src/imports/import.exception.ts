import { ErrorCode, type ImportError } from '@portal/contracts';
import { DomainException } from '../common/domain.exception';

export class ImportException extends DomainException {
  /** A real import of a file with errors: nothing is written; the message lists them (the dry run shows them too). */
  static invalid(errors: ImportError[]): ImportException {
    const shown = errors.slice(0, 50).map((e) => `Row ${e.row}${e.column ? `, ${e.column}` : ''}: ${e.message}`);
    if (errors.length > shown.length) shown.push(`…and ${errors.length - shown.length} more`);
    return new ImportException(ErrorCode.ImportInvalid, shown);
  }

  static noFile(): ImportException {
    return new ImportException(
      ErrorCode.ValidationFailed,
      'Send the CSV as a JSON body { "csv": "..." } or as a multipart file upload',
    );
  }

  static oneFileOnly(): ImportException {
    return new ImportException(
      ErrorCode.ValidationFailed,
      'Upload one CSV file at a time: this upload has more than one file',
    );
  }

  static tooLarge(maxBytes: number): ImportException {
    return new ImportException(ErrorCode.PayloadTooLarge, `The file must be at most ${maxBytes / 1024 / 1024} MB`);
  }
}

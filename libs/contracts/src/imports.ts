/** Onboarding by CSV: POST /admin/imports/{kind}?dryRun=true|false and GET /admin/imports/{kind}/template. */
export const IMPORT_KINDS = ['mentees', 'mentors'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The CSV text (UTF-8, with or without BOM) may be at most this large, as a JSON field or a multipart file. */
export const MAX_IMPORT_BYTES = 1024 * 1024;
/** Data rows per file (a school of 2,000 onboards in one go). */
export const MAX_IMPORT_ROWS = 5000;

export interface ImportColumn {
  name: string;
  /** Needed for a new account; on an existing one an empty cell leaves the field as it is. */
  required: boolean;
  description: string;
}

/** The header row names these columns (in any order); other columns are refused. */
export const IMPORT_COLUMNS: Record<ImportKind, ImportColumn[]> = {
  mentees: [
    { name: 'email', required: true, description: 'Sign-in e-mail; an existing student is updated' },
    { name: 'fullName', required: true, description: 'Full name' },
    { name: 'phone', required: true, description: 'Phone number' },
    { name: 'class', required: true, description: 'Class, e.g. 10' },
    { name: 'section', required: true, description: 'Section, e.g. A' },
    { name: 'studentId', required: false, description: 'Generated (STU-123456) when blank' },
    { name: 'academicYear', required: false, description: 'e.g. 2024-2025' },
    { name: 'dateOfBirth', required: false, description: 'YYYY-MM-DD' },
    { name: 'address', required: false, description: 'Postal address' },
    { name: 'bloodGroup', required: false, description: 'A+, A-, B+, B-, AB+, AB-, O+ or O-' },
    { name: 'mentorEmployeeId', required: false, description: 'Employee ID of an active mentor' },
    { name: 'fatherName', required: false, description: "Father's name" },
    { name: 'motherName', required: false, description: "Mother's name" },
    { name: 'guardianPhone', required: false, description: "Guardian's primary contact" },
    { name: 'guardianPhone2', required: false, description: "Guardian's secondary contact" },
    {
      name: 'guardianEmail',
      required: false,
      description: "Guardian's e-mail: absence notices, and an invitation to the portal as the student's guardian",
    },
    { name: 'guardian2Email', required: false, description: "A second guardian's e-mail: invited to the portal too" },
    { name: 'emergencyContact', required: false, description: 'Emergency contact' },
  ],
  mentors: [
    { name: 'email', required: true, description: 'Sign-in e-mail; an existing mentor is updated' },
    { name: 'fullName', required: true, description: 'Full name' },
    { name: 'phone', required: true, description: 'Phone number' },
    { name: 'department', required: true, description: 'Department' },
    { name: 'employeeId', required: false, description: 'Generated (EMP-123456) when blank' },
    { name: 'subjects', required: false, description: 'Separated by semicolons: Maths; Physics' },
    { name: 'qualifications', required: false, description: 'Free text' },
    { name: 'experience', required: false, description: 'Whole years, 0 to 80' },
    { name: 'officeHours', required: false, description: 'e.g. 9:00 AM - 5:00 PM' },
  ],
};

/** An example line per kind, for the template and the README. */
export const IMPORT_EXAMPLE: Record<ImportKind, Record<string, string>> = {
  mentees: {
    email: 'asha.rao@example.edu',
    fullName: 'Asha Rao',
    phone: '+91 98450 12345',
    class: '10',
    section: 'A',
    studentId: 'STU-2025-001',
    academicYear: '2025-2026',
    dateOfBirth: '2010-04-17',
    bloodGroup: 'O+',
    mentorEmployeeId: 'EMP-1001',
    fatherName: 'Vikram Rao',
    guardianPhone: '+91 98450 54321',
    guardianEmail: 'vikram.rao@example.com',
  },
  mentors: {
    email: 'meera.iyer@example.edu',
    fullName: 'Meera Iyer',
    phone: '+91 98860 11111',
    department: 'Mathematics',
    employeeId: 'EMP-1001',
    subjects: 'Algebra; Geometry',
    qualifications: 'M.Sc. Mathematics',
    experience: '8',
    officeHours: '9:00 AM - 1:00 PM',
  },
};

/** A problem with one cell (or the whole row when column is null); row as the spreadsheet numbers it (header = 1). */
export interface ImportError {
  row: number;
  column: string | null;
  message: string;
}

export type ImportAction = 'create' | 'update' | 'unchanged' | 'error';

export interface ImportRowResult {
  row: number;
  action: ImportAction;
  email: string;
  fullName: string;
  /** For an update: the columns that change, from the stored value to the file's. */
  changes: Record<string, { from: string; to: string }>;
  /** Guardians' e-mails the row links to the student (a guardian already linked is not listed). */
  guardians: string[];
  errors: ImportError[];
}

/** POST /admin/imports/{kind}: a JSON body { csv } or a multipart upload of the file. */
export interface ImportRequest {
  csv: string;
}

export interface ImportResponse {
  kind: ImportKind;
  dryRun: boolean;
  /** Whether the accounts were written (never on a dry run). */
  imported: boolean;
  counts: { rows: number; create: number; update: number; unchanged: number; error: number };
  rows: ImportRowResult[];
  /** Every error of every row, and of the file itself (row 1 for the header). */
  errors: ImportError[];
  /** New accounts e-mailed a link to choose their password. */
  welcomeEmails: number;
  /** Guardians the file links to their students (guardianEmail, guardian2Email); those without a password are e-mailed an invitation. */
  guardianInvitations: number;
}

/** Limits and messages shared by the API's validation and the forms (SPEC.md sections 5 and 9). */
import isEmail from 'validator/lib/isEmail';

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_NAME_LENGTH = 100;
export const MAX_TEXT_LENGTH = 5000;
/** A password must contain something other than whitespace. */
export const NOT_BLANK_PATTERN = /\S/;
/**
 * The spec's loose e-mail pattern (non-whitespace around "@"), for signing in only: accounts stored before the strict
 * rule below keep signing in with the address they have. Every address that is entered and kept uses isEmailAddress.
 */
export const SIGN_IN_EMAIL_PATTERN = /^\S+@\S+$/;
export const MAX_EMAIL_LENGTH = 254;

/**
 * One bare address (a departure from the spec's loose pattern, which let "a@x.test,b@y.test" through to the mail
 * server as two recipients): an addr-spec of at most 254 characters as validator.js's isEmail accepts it with its
 * defaults (no display name, a domain with a top-level part, no IP literal). The API's DTOs (sign-up, user forms,
 * profiles, guardian e-mail, CSV import, forgot password) and every form use this one function.
 */
export function isEmailAddress(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_EMAIL_LENGTH && isEmail(value);
}

/**
 * Characters that show nothing: Unicode White_Space, Default_Ignorable_Code_Point, format characters (Cf), and the
 * blank-looking Braille pattern blank (U+2800) and Hangul fillers (U+3164, U+FFA0).
 */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}\u2800\u3164\uFFA0]/gu;

/** Text that shows nothing once its invisible characters are removed (a message, comment, title, subject or reason). */
export function isBlankText(value: string): boolean {
  return value.replace(INVISIBLE, '') === '';
}
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export type BloodGroup = (typeof BLOOD_GROUPS)[number];

export const MSG = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordMin: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  roleRequired: 'Please select your role.',
  fullNameRequired: 'Full name is required',
  phoneRequired: 'Phone number is required',
  departmentRequired: 'Department is required',
  classRequired: 'Class is required',
  sectionRequired: 'Section is required',
  invalidCredentials: 'Invalid email or password',
  accountInactive: 'Your account has been deactivated. Contact your administrator.',
  emailTaken: 'User with this email already exists',
  adminOnlyRegistration: 'Only an administrator can create admin accounts',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  adminPrivileges: 'Access denied. Admin privileges required.',
  adminCredentials: 'Access denied. Admin credentials required.',
  passwordBlank: 'Password cannot be blank or only spaces',
  accountPending: 'Your account is awaiting approval by an administrator. You can sign in once it is approved.',
  registeredPending: 'Account created. An administrator must approve mentor accounts before you can sign in.',
  tooManyRegistrations: 'Too many sign-ups from this address. Please try again later.',
  wrongCurrentPassword: 'Your current password is incorrect',
  resetLinkInvalid: 'This reset link is invalid, expired or already used. Ask for a new one.',
} as const;

/** Limits and messages shared by the API's validation and the forms (SPEC.md sections 5 and 9). */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_NAME_LENGTH = 100;
export const MAX_TEXT_LENGTH = 5000;
/** A password must contain something other than whitespace. */
export const NOT_BLANK_PATTERN = /\S/;
/** The spec's loose e-mail pattern, for the API and every form: non-whitespace around "@" (no dot required). */
export const EMAIL_PATTERN = /^\S+@\S+$/;
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

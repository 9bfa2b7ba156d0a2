import { emailAddressRule } from './emailAddressRule';

/** An address of `length` characters (254 at most is one address; validator.js refuses 255). */
const long = (length: number) =>
  `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(length - 197)}.com`;
const check = (value: unknown) =>
  (
    emailAddressRule('Invalid email address') as { validator: (rule: unknown, value: unknown) => Promise<void> }
  ).validator({}, value);

describe('emailAddressRule', () => {
  it('accepts one bare address (trimmed) and leaves an empty field to the required rule', async () => {
    for (const email of ['mentor@example.edu', ' Asha.Rao+school@example.co.in ', long(254), '', undefined])
      await expect(check(email)).resolves.toBeUndefined();
  });

  it('refuses lists, display names and what the loose pattern let through', async () => {
    for (const email of [
      'own@x.test,victim1@v.test',
      'a@x;b@y',
      'Asha <asha@example.edu>',
      'teacher@campus',
      'two words@campus',
      long(255),
    ])
      await expect(check(email)).rejects.toThrow('Invalid email address');
  });
});

import { generate } from 'otplib';
import { bearer, type TestApp } from './test-app';

/** The authenticator's code `steps` time steps from now (a step is 30 s; one either side is accepted). */
export const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** An admin's whole first sign-in under ADMIN_MFA=required: the challenge, enrolment and its first code. */
export async function enrolAdmin(t: TestApp, email: string, password: string) {
  const login = await t.http().post('/api/auth/login').send({ email, password }).expect(200);
  const challenge = login.body.mfa.challenge as string;
  const enrolment = await t.http().post('/api/auth/mfa/enrolment').send({ challenge }).expect(200);
  const done = await t
    .http()
    .post('/api/auth/mfa/verify')
    .send({ challenge, code: await codeAt(enrolment.body.secret) })
    .expect(200);
  return {
    secret: enrolment.body.secret as string,
    token: done.body.token as string,
    recoveryCodes: done.body.recoveryCodes as string[],
  };
}

/** A second admin account, `second.admin@example.edu` (password Admin2026xx), made by an admin's token. */
export async function registerSecondAdmin(t: TestApp, adminToken: string): Promise<void> {
  await t
    .http()
    .post('/api/auth/register')
    .set(bearer(adminToken))
    .send({
      email: 'second.admin@example.edu',
      password: 'Admin2026xx',
      role: 'admin',
      fullName: 'Second Admin',
      phone: '+1 555 0102',
      department: 'Office',
      position: 'Staff',
    })
    .expect(201);
}

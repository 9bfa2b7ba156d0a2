import { createSecretKey, type KeyObject } from 'node:crypto';

/** The HS256 secret as a KeyObject: given a string, jsonwebtoken tries to parse it as a PEM key on every sign and verify. */
export const jwtKey = (secret: string): KeyObject => createSecretKey(Buffer.from(secret, 'utf8'));

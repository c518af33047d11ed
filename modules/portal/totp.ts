import { Secret, TOTP } from 'otpauth';

/** RFC 6238 with the parameters every authenticator app understands: SHA-1, 6 digits, 30 s. */
const PERIOD_S = 30;

function totp(secret: string, label = 'portal'): TOTP {
  return new TOTP({ issuer: 'Partner Financing', label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads (typed in, or from a QR code of it). */
export function totpUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/**
 * The time step of a valid code, or undefined. One step either side is accepted (a phone's
 * clock drifts); the caller refuses a step already used, so a code works once.
 */
export function totpStep(secret: string, code: string, now: Date): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totp(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
}

/** The current code (tests and the screenshot script sign in with it). */
export function totpCode(secret: string, now: Date): string {
  return totp(secret).generate({ timestamp: now.getTime() });
}

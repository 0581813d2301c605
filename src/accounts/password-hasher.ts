import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

// argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): strong against offline
// guessing while keeping a sign-in around 40 ms and bounded in memory under concurrent sign-ins.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// The only place that imports argon2.
@Injectable()
export class PasswordHasher {
  // Compared against when the email is unknown, so a miss costs as long as a wrong password.
  private readonly decoy = argon2.hash('decoy-password-never-used', OPTIONS);

  hash(password: string): Promise<string> {
    return argon2.hash(password, OPTIONS);
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    try {
      const matches = await argon2.verify(hash ?? (await this.decoy), password);
      return hash !== null && matches;
    } catch {
      return false; // a malformed stored hash never matches
    }
  }

  // True when a stored hash was made with other parameters and should be replaced.
  needsRehash(hash: string): boolean {
    try {
      return argon2.needsRehash(hash, OPTIONS);
    } catch {
      return true;
    }
  }
}

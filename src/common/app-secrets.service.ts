import { Injectable } from '@nestjs/common';
import { AppSecretRepository } from './app-secret.repository.js';

// Named server secrets every instance shares (app_secret table), for modules that derive keys
// from one (feed links). Each is read once per process.
@Injectable()
export class AppSecretsService {
  private readonly cache = new Map<string, Promise<string>>();

  constructor(private readonly repo: AppSecretRepository) {}

  get(name: string): Promise<string> {
    let secret = this.cache.get(name);
    if (!secret) {
      secret = this.repo.loadOrCreate(name).catch((e: unknown) => {
        this.cache.delete(name);
        throw e;
      });
      this.cache.set(name, secret);
    }
    return secret;
  }
}

import { Injectable } from '@nestjs/common';

type Check = () => Promise<string | undefined>;

// Other modules register their own reachability checks (Redis, storage) here, so the health
// endpoint stays ignorant of how each outside service is reached. It sits in common (provided by
// CommonModule) so the queue and storage modules register without importing the health module.
@Injectable()
export class HealthChecks {
  private readonly checks = new Map<string, Check>();

  register(name: string, check: Check): void {
    this.checks.set(name, check);
  }

  all(): [string, Check][] {
    return [...this.checks.entries()];
  }
}

import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import { AuthService } from './auth.service.js';
import type { User } from './user.entity.js';

// Sign-in with an email address and a password, as a Passport strategy: it only says who the
// credentials belong to (or why not: wrong, too many tries, deactivated). The session is started
// by the sign-in route itself, in the app's own server-side store (sessions.ts), never by
// Passport's session support, so another strategy (Google, Microsoft) can be added beside this
// one with its own route and the same session code, and the global AuthGuard stays as it is.
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'email', passwordField: 'password', passReqToCallback: true, session: false });
  }

  validate(req: Request, email: string, password: string): Promise<User> {
    return this.auth.checkCredentials(email, password, req.ip);
  }
}

import { Controller, Get, HttpCode, Post, Put, Req, UseGuards } from '@nestjs/common';
import { AccountScope } from '../common/auth/workspace-access.js';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiResult, ok } from '../common/api-response.js';
import { ValidBody, ValidQuery } from '../common/validation/input.pipe.js';
import { ACCOUNT_MESSAGES } from './account-messages.js';
import { AuthService } from './auth.service.js';
import { CurrentUser, Public, type AuthUser } from '../common/auth/auth.decorators.js';
import { RecoveryService } from './recovery.service.js';
import { JsonOnlyGuard } from './json-only.guard.js';
import { CredentialsOwner, LocalSignInGuard } from './local-sign-in.guard.js';
import type { User } from './user.entity.js';
import { SignInDto } from './dto/sign-in.dto.js';
import { CompanySignUpDto, SignUpDto } from './dto/sign-up.dto.js';
import { ForgotPasswordQuery, ResetPasswordDto, TokenQuery } from './dto/recovery.dto.js';
import { UserViewDto } from './dto/responses.dto.js';

@ApiTags('accounts')
@AccountScope()
@Controller('accounts')
export class AccountsController {
  constructor(
    private readonly auth: AuthService,
    private readonly recovery: RecoveryService,
  ) {}

  // Having no session is a normal answer here (every signed-out page load asks), so it is a 200
  // with result false, not a 401 that browsers log as an error.
  @Public()
  @Post('trysignin')
  @HttpCode(200)
  @ApiOperation({ summary: 'The signed-in user; without a session 200 with result false and body null' })
  @ApiOkResponse({ type: UserViewDto })
  async trySignIn(@CurrentUser() user: AuthUser | undefined) {
    const view = user ? await this.auth.findCurrentUser(user.id) : null;
    return view ?? new ApiResult(null, ACCOUNT_MESSAGES.notSignedIn, false);
  }

  @Public()
  @Post('signin')
  // JSON only first (login CSRF), then the body's check and the local strategy (local-sign-in.guard.ts).
  @UseGuards(JsonOnlyGuard, LocalSignInGuard)
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in; starts a new session (30-day cookie with rememberMe, else a browser-session cookie)' })
  @ApiOkResponse({ type: UserViewDto })
  async signIn(@CredentialsOwner() user: User, @ValidBody() dto: SignInDto, @Req() req: Request) {
    return ok(await this.auth.signIn(user, dto.rememberMe === true, req), ACCOUNT_MESSAGES.signedIn);
  }

  @Public()
  @Post('signup')
  @UseGuards(JsonOnlyGuard)
  @ApiOperation({ summary: 'Create an account (tier standard = Premium, enterprise = Express), sign it in and mail a verification link' })
  @ApiCreatedResponse({ type: UserViewDto })
  async signUp(@ValidBody() dto: SignUpDto, @Req() req: Request) {
    const { user, verificationSent } = await this.auth.signUp(dto, req);
    return ok(user, verificationSent ? ACCOUNT_MESSAGES.signedUp : ACCOUNT_MESSAGES.signedUpMailFailed);
  }

  @Public()
  @Post('companysignup')
  @UseGuards(JsonOnlyGuard)
  @ApiOperation({ summary: 'Create a company and its first user (its owner), sign in and mail a verification link' })
  @ApiCreatedResponse({ type: UserViewDto })
  async companySignUp(@ValidBody() dto: CompanySignUpDto, @Req() req: Request) {
    const { user, verificationSent } = await this.auth.companySignUp(dto, req);
    return ok(user, verificationSent ? ACCOUNT_MESSAGES.signedUp : ACCOUNT_MESSAGES.signedUpMailFailed);
  }

  @Public()
  @Post('forgot-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mail a password reset link (valid 1 hour)' })
  async forgotPassword(@ValidQuery() q: ForgotPasswordQuery, @Req() req: Request) {
    await this.recovery.forgotPassword(q.email, req.ip);
    return ok(null, ACCOUNT_MESSAGES.resetLinkSent);
  }

  @Public()
  @Get('validate-reset-password-token')
  @ApiOperation({ summary: 'Whether a password reset link can still be used' })
  async validateResetToken(@ValidQuery() q: TokenQuery) {
    await this.recovery.validateResetToken(q.token);
    return ok(null, 'This password reset link is valid.');
  }

  @Public()
  @Put('reset-password')
  @UseGuards(JsonOnlyGuard)
  @ApiOperation({ summary: 'Set a new password with a reset link; ends all sessions of the user' })
  async resetPassword(@ValidBody() dto: ResetPasswordDto) {
    await this.recovery.resetPassword(dto);
    return ok(null, ACCOUNT_MESSAGES.passwordReset);
  }

  @Public()
  @Put('verify-email')
  @ApiOperation({ summary: 'Verify the email address with the link from the sign-up email (valid 48 hours, single use; used again once the address is verified, it answers body.alreadyVerified)' })
  async verifyEmail(@ValidQuery() q: TokenQuery) {
    const { alreadyVerified } = await this.recovery.verifyEmail(q.token);
    // Already verified: a body the page reads to offer sign-in.
    return alreadyVerified ? ok({ alreadyVerified: true }, ACCOUNT_MESSAGES.addressAlreadyVerified) : ok(null, ACCOUNT_MESSAGES.emailVerified);
  }

  @Post('resend-verification')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mail a new verification link to the signed-in user' })
  async resendVerification(@CurrentUser() user: AuthUser) {
    await this.recovery.resendVerification(user.id);
    return ok(null, ACCOUNT_MESSAGES.verificationSent);
  }
}

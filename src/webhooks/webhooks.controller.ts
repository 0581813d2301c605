import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../common/api-response.js';
import { CurrentUser, type AuthUser } from '../common/auth/auth.decorators.js';
import { WorkspaceScope } from '../common/auth/workspace-access.js';
import { ValidBody } from '../common/validation/input.pipe.js';
import { RESPONSE_READ_MAX, TEST_SENDS_PER_ACCOUNT, TEST_SENDS_PER_ENDPOINT, TEST_SENDS_PER_WORKSPACE } from './webhook-rules.js';
import { CreateEndpointDto, UpdateEndpointDto } from './dto/endpoint.dto.js';
import { AttemptViewDto, EndpointViewDto, NewEndpointDto, QueuedTestDto, RotatedSecretDto } from './dto/responses.dto.js';
import { WebhooksService } from './webhooks.service.js';

// The workspace's webhook endpoints, for its owner and admins (integrations), whoever made each
// (session only: API tokens read reports, they manage nothing).
// Messages follow the Standard Webhooks specification; docs/integrations.md "Webhooks" tells receivers how to
// check them.
@ApiTags('webhooks')
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @WorkspaceScope('admin')
  @ApiOperation({ summary: "The workspace's webhook endpoints (the secret only as its first characters)" })
  @ApiOkResponse({ type: EndpointViewDto, isArray: true })
  list(@CurrentUser() user: AuthUser) {
    return this.webhooks.list(user);
  }

  @Post()
  @WorkspaceScope('admin')
  @HttpCode(201)
  @ApiOperation({
    summary: "Add a webhook endpoint: it hears the events of the workspace's EyeMails",
    description:
      'The answer carries the signing secret (whsec_...) this once. Only public addresses are taken: one that is, or resolves to, a private, loopback, link-local or reserved network is refused (400), and so is any IPv6 address outside public global unicast (2000::/3 less its special-purpose blocks), such as the forms that wrap an IPv4 address (::127.0.0.1, ::ffff:0:127.0.0.1, 64:ff9b::/96, 2002::/16). The address is checked again, as resolved then, at every delivery.',
  })
  @ApiCreatedResponse({ type: NewEndpointDto })
  async create(@CurrentUser() user: AuthUser, @ValidBody() form: CreateEndpointDto) {
    return ok(await this.webhooks.create(user, form), 'Endpoint added. Copy its signing secret now: it is not shown again.');
  }

  @Put(':id')
  @WorkspaceScope('admin')
  @ApiOperation({ summary: 'Change an endpoint (any of url, events, snippetIds, description), or turn it off or on (enabled)', description: 'A new url is checked as when an endpoint is added.' })
  @ApiOkResponse({ type: EndpointViewDto })
  async update(@CurrentUser() user: AuthUser, @Param('id') id: string, @ValidBody() change: UpdateEndpointDto) {
    return ok(await this.webhooks.update(user, id, change), 'Endpoint saved.');
  }

  @Delete(':id')
  @WorkspaceScope('admin')
  @ApiOperation({ summary: 'Delete an endpoint and its delivery log' })
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.webhooks.remove(user, id);
    return ok(null, 'Endpoint deleted.');
  }

  @Post(':id/rotate-secret')
  @WorkspaceScope('admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'A new signing secret, shown this once; messages are signed with it from now on' })
  @ApiOkResponse({ type: RotatedSecretDto })
  async rotate(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return ok(await this.webhooks.rotateSecret(user, id), 'New secret made. Copy it now and give it to your receiver.');
  }

  @Post(':id/test')
  @WorkspaceScope('admin')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Send a signed webhook.test event to the endpoint (one try; see the delivery log)',
    description: `At most ${TEST_SENDS_PER_ENDPOINT.limit} a minute per endpoint and ${TEST_SENDS_PER_ACCOUNT.limit} an hour per account and ${TEST_SENDS_PER_WORKSPACE.limit} per workspace; past any, 429 with Retry-After (seconds) and a message. The delivery reads the first ${RESPONSE_READ_MAX / 1024} KB of the receiver's answer, then closes the connection; the try counts by its status code.`,
  })
  @ApiAcceptedResponse({ type: QueuedTestDto })
  async test(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return ok(await this.webhooks.sendTest(user, id), 'Test event queued.');
  }

  @Get(':id/deliveries')
  @WorkspaceScope('admin')
  @ApiOperation({ summary: "The endpoint's latest 50 tries: event, time, status, time taken, start of the answer" })
  @ApiOkResponse({ type: AttemptViewDto, isArray: true })
  deliveries(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.webhooks.deliveries(user, id);
  }
}

import { ApiProperty } from '@nestjs/swagger';
import { sameShape } from '../../common/response-shape.js';
import type { AttemptView, EndpointView, NewEndpoint, QueuedTest, RotatedSecret } from '../../shared/integration-types.js';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../shared/webhook-events.js';

// Response shapes of the webhooks API, for the OpenAPI document: each tied to the type of
// src/shared the service returns (sameShape), so the two cannot drift apart.
export class EndpointViewDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'https://hooks.example.com/eyemail' }) url: string;
  @ApiProperty({ nullable: true, type: String }) description: string | null;
  @ApiProperty({ enum: [...WEBHOOK_EVENTS], enumName: 'WebhookEvent', isArray: true }) events: WebhookEvent[];
  @ApiProperty({ type: [String], format: 'uuid', nullable: true, description: 'null: every EyeMail, now and later' }) snippetIds: string[] | null;
  @ApiProperty({ description: 'false: turned off, by its owner or after 3 days of failed deliveries' }) enabled: boolean;
  @ApiProperty({ nullable: true, type: String, description: 'Why it is off (by its owner, or failing for days)' }) disabledReason: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'Since when every delivery has failed' }) failingSince: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ example: 'whsec_AbCd…', description: 'The first characters of the signing secret' }) secretHint: string;
}
sameShape<EndpointViewDto, EndpointView>(true);

export class NewEndpointDto extends EndpointViewDto {
  @ApiProperty({ example: 'whsec_...', description: 'The signing secret, shown this once' }) secret: string;
}
sameShape<NewEndpointDto, NewEndpoint>(true);

export class AttemptViewDto {
  @ApiProperty({ example: 'msg_2f1c...', description: 'The webhook-id header, the same for every try of one message' }) messageId: string;
  @ApiProperty({ example: 'eyemail.opened' }) eventType: string;
  @ApiProperty({ description: "The message's state now (its later tries included)" }) deliveryState: string;
  @ApiProperty({ format: 'date-time' }) attemptedAt: string;
  @ApiProperty({ description: 'A 2xx answer' }) succeeded: boolean;
  @ApiProperty({ nullable: true, type: Number }) statusCode: number | null;
  @ApiProperty() durationMs: number;
  @ApiProperty({ nullable: true, type: String, description: "The start of the receiver's answer" }) responseStart: string | null;
  @ApiProperty({ nullable: true, type: String, description: "Why the try failed (HTTP and the status when the receiver answered); null when it succeeded" }) error: string | null;
}
sameShape<AttemptViewDto, AttemptView>(true);

export class RotatedSecretDto {
  @ApiProperty({ example: 'whsec_...', description: 'The new signing secret, shown this once' }) secret: string;
}
sameShape<RotatedSecretDto, RotatedSecret>(true);

export class QueuedTestDto {
  @ApiProperty({ example: 'msg_2f1c...' }) messageId: string;
}
sameShape<QueuedTestDto, QueuedTest>(true);

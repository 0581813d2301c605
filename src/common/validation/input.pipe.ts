import { Body, Query, ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import { InvalidInputError } from '../domain-error.js';
import { fieldErrors } from './field-errors.js';
import { readInput } from './transforms.js';

// Nest's ValidationPipe for the DTO classes (class-validator with the shared rules, see
// rule.decorator.ts), answering a bad request as every other 400: the envelope with the first
// message and each field's own. Unknown fields are dropped (never refused: older clients send
// extra ones), so nothing a client adds reaches a service. No implicit type conversion: the
// rules read form and query strings themselves, as the dashboard's do. The DTO is filled by
// readInput (transforms.ts), not class-transformer, which copies nested values recursively. A
// body that is an array is refused as a whole ("Validation failed (object is expected)"); no
// body reads as {}.
export const OBJECT_EXPECTED = 'Validation failed (object is expected)';

export class InputPipe extends ValidationPipe {
  constructor(options: { validateCustomDecorators?: boolean } = {}) {
    super({
      transform: true,
      whitelist: true,
      forbidNonWhitelisted: false,
      forbidUnknownValues: false,
      stopAtFirstError: true,
      validateCustomDecorators: options.validateCustomDecorators ?? false,
      transformerPackage: { plainToInstance: <T>(cls: new () => T, sent: unknown) => readInput(cls, sent) as T, classToPlain: (dto) => dto as Record<string, unknown> },
      exceptionFactory: (errors) => {
        const fields = fieldErrors(errors);
        return new InvalidInputError(Object.values(fields)[0] ?? 'Invalid request', fields);
      },
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (Array.isArray(value) && metadata.metatype && this.toValidate(metadata)) {
      throw new InvalidInputError(OBJECT_EXPECTED, { [metadata.data ?? (metadata.type === 'query' ? 'query' : 'body')]: OBJECT_EXPECTED });
    }
    return super.transform(value, metadata);
  }
}

export const INPUT_PIPE = new InputPipe();
// For a custom parameter decorator whose value is a DTO (the snippets' tiered body).
export const CUSTOM_INPUT_PIPE = new InputPipe({ validateCustomDecorators: true });

// `@ValidBody() dto: SignUpDto`: the body checked against the DTO class named by the type.
export const ValidBody = (): ParameterDecorator => Body(INPUT_PIPE);
export const ValidQuery = (): ParameterDecorator => Query(INPUT_PIPE);

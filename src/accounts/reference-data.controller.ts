import { Controller, Get } from '@nestjs/common';
import { AccountScope } from '../common/auth/workspace-access.js';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ReferenceDataService } from './reference-data.service.js';
import { CountryItemDto, TimezoneItemDto } from './dto/responses.dto.js';

@ApiTags('profile')
@AccountScope()
@Controller()
export class ReferenceDataController {
  constructor(private readonly reference: ReferenceDataService) {}

  @Get('countries')
  @ApiOperation({ summary: 'Every ISO 3166-1 country, sorted by name' })
  @ApiOkResponse({ type: CountryItemDto, isArray: true })
  countries() {
    return this.reference.countries();
  }

  @Get('timezones')
  @ApiOperation({ summary: 'IANA time zones, sorted by name' })
  @ApiOkResponse({ type: TimezoneItemDto, isArray: true })
  timezones() {
    return this.reference.timezones();
  }
}

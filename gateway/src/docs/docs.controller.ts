import { Controller } from '@nestjs/common';
import { Routes } from '@curbside/contracts';
import { ApiRoute } from '../http/api-route.decorator';
import { buildOpenApiDocument } from './openapi';

@Controller()
export class DocsController {
  private readonly document = buildOpenApiDocument();

  @ApiRoute(Routes.docs)
  docs() {
    return this.document;
  }
}

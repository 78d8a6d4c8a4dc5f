import { Controller, Res } from '@nestjs/common';
import { Routes } from '@curbside/contracts';
import type { HttpReply } from '../http/http-request';
import { ApiRoute } from '../http/api-route.decorator';
import { REFERENCE_PAGE } from './api-reference';
import { buildOpenApiDocument } from './openapi';

@Controller()
export class DocsController {
  private readonly document = buildOpenApiDocument();

  @ApiRoute(Routes.openApiDocument)
  openApiDocument() {
    return this.document;
  }

  @ApiRoute(Routes.docs)
  docs(@Res({ passthrough: true }) reply: HttpReply): string {
    reply.type('text/html; charset=utf-8');
    return REFERENCE_PAGE;
  }
}

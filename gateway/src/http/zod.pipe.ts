import { Injectable, PipeTransform } from '@nestjs/common';
import { parseOrThrow } from '@curbside/contracts';
import type { z } from 'zod';

/** Validates a body, query or params against its contract schema: 400 with a readable message otherwise. */
@Injectable()
export class ZodPipe<T extends z.ZodType> implements PipeTransform<unknown, z.infer<T>> {
  constructor(private readonly schema: T) {}

  transform(value: unknown): z.infer<T> {
    return parseOrThrow(this.schema, value ?? {});
  }
}

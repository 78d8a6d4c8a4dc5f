import { z } from 'zod';

/** Every event on the bus. The id is the idempotency key: consumers apply an id once. */
export interface EventEnvelope<TPayload = unknown> {
  id: string;
  subject: string;
  occurredAt: string;
  payload: TPayload;
}

export interface EventDefinition<TSchema extends z.ZodType = z.ZodType> {
  /** Versioned subject: a breaking change gets a new version, old consumers keep working. */
  subject: string;
  schema: TSchema;
}

export type EventPayload<D extends EventDefinition> = z.infer<D['schema']>;

export function defineEvent<TSchema extends z.ZodType>(subject: string, schema: TSchema): EventDefinition<TSchema> {
  return { subject, schema };
}

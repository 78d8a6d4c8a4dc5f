import type { ReadPacket, Serializer, WritePacket } from '@nestjs/microservices';
import { IncomingResponseDeserializer } from '@nestjs/microservices/deserializers/incoming-response.deserializer';
import { NatsRecordSerializer } from '@nestjs/microservices/serializers/nats-record.serializer';

/** A reply's top-level string fields from this length on travel as raw bytes after the envelope. */
export const DETACH_FROM_CHARS = 1024;
/** The envelope's field that lists the detached fields: [name, bytes] in the order their bytes follow. */
const DETACHED = '$detached';
const NEWLINE = 0x0a;
const decoder = new TextDecoder();

/**
 * A NATS reply as the envelope's JSON, a newline, then the bytes of its long strings, unescaped. A reply that
 * carries a page its service already serialised (the feed's `itemsJson`) would otherwise have that text escaped
 * into the envelope's JSON (every quote of it) and unescaped again by the caller. JSON never holds a raw
 * newline, so the first one ends the envelope; a reply without one is plain JSON, as NestJS sends it.
 */
export class DetachedStringsSerializer implements Serializer<ReadPacket | WritePacket, { data: Uint8Array; headers?: unknown }> {
  private readonly plain = new NatsRecordSerializer();

  serialize(packet: WritePacket & { id?: string }): { data: Uint8Array; headers?: unknown } {
    const response: unknown = packet?.response;
    if (typeof response !== 'object' || response === null || Array.isArray(response)) return this.plain.serialize(packet);
    const kept: Record<string, unknown> = {};
    const detached: [string, string][] = [];
    for (const [key, value] of Object.entries(response)) {
      if (typeof value === 'string' && value.length >= DETACH_FROM_CHARS) detached.push([key, value]);
      else kept[key] = value;
    }
    if (detached.length === 0) return this.plain.serialize(packet);
    const lengths = detached.map(([key, value]) => [key, Buffer.byteLength(value)] as const);
    const envelope = JSON.stringify({ ...packet, response: kept, [DETACHED]: lengths });
    const envelopeBytes = Buffer.byteLength(envelope);
    const data = Buffer.allocUnsafe(envelopeBytes + 1 + lengths.reduce((n, [, bytes]) => n + bytes, 0));
    let offset = data.write(envelope, 0);
    data[offset++] = NEWLINE;
    for (const [, value] of detached) offset += data.write(value, offset);
    return { data };
  }
}

/** The caller's side of DetachedStringsSerializer: puts the detached strings back into the reply. */
export class DetachedStringsResponseDeserializer extends IncomingResponseDeserializer {
  override deserialize(value: Uint8Array, options?: Record<string, unknown>): ReturnType<IncomingResponseDeserializer['deserialize']> {
    const end = value.indexOf(NEWLINE);
    if (end < 0) return super.deserialize(JSON.parse(decoder.decode(value)), options);
    const packet = JSON.parse(decoder.decode(value.subarray(0, end))) as { response: Record<string, unknown>; [DETACHED]?: [string, number][] };
    let offset = end + 1;
    for (const [key, bytes] of packet[DETACHED] ?? []) {
      packet.response[key] = decoder.decode(value.subarray(offset, offset + bytes));
      offset += bytes;
    }
    delete packet[DETACHED];
    return super.deserialize(packet, options);
  }
}

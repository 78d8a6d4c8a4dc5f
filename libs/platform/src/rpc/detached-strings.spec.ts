import 'reflect-metadata';
import { NatsRecordSerializer } from '@nestjs/microservices/serializers/nats-record.serializer';
import { DETACH_FROM_CHARS, DetachedStringsResponseDeserializer, DetachedStringsSerializer } from './detached-strings';

const serializer = new DetachedStringsSerializer();
const deserializer = new DetachedStringsResponseDeserializer();
const roundTrip = (packet: Record<string, unknown>) => deserializer.deserialize(serializer.serialize(packet).data);
const text = (data: Uint8Array) => Buffer.from(data).toString('utf8');

describe('replies with detached strings', () => {
  const page = JSON.stringify(Array.from({ length: 60 }, (_, i) => ({ id: `item-${i}`, title: `Chair "${i}" — très bien 🪑`, note: 'line one\nline two\\' })));

  it('carries a long string unescaped after the envelope and gives the reply back as it was', () => {
    const packet = { id: 'r1', response: { itemsJson: page, nextCursor: 'c'.repeat(20), radiusCap: 100 }, isDisposed: true };
    const data = serializer.serialize(packet).data;
    const newline = data.indexOf(0x0a);
    expect(newline).toBeGreaterThan(0);
    expect(text(data.subarray(newline + 1))).toBe(page);
    expect(JSON.parse(text(data.subarray(0, newline)))).toEqual({
      id: 'r1',
      response: { nextCursor: 'c'.repeat(20), radiusCap: 100 },
      isDisposed: true,
      $detached: [['itemsJson', Buffer.byteLength(page)]],
    });
    expect(roundTrip(packet)).toEqual(packet);
  });

  it('puts several long strings back in their fields', () => {
    const other = 'é'.repeat(DETACH_FROM_CHARS);
    const packet = { id: 'r2', response: { a: page, b: 'short', c: other }, isDisposed: true };
    expect(roundTrip(packet)).toEqual(packet);
  });

  it('sends short replies, lists and errors as the plain JSON NestJS sends', () => {
    const plain = new NatsRecordSerializer();
    for (const packet of [
      { id: 'r3', response: { title: 'short' }, isDisposed: true },
      { id: 'r4', response: [page], isDisposed: true },
      { id: 'r5', err: { code: 'ITEM.NOT_FOUND', message: 'No such item' }, isDisposed: true },
      { id: 'r6', response: 'x'.repeat(DETACH_FROM_CHARS), isDisposed: true },
    ]) {
      expect(text(serializer.serialize(packet).data)).toBe(text(plain.serialize(packet).data));
      expect(roundTrip(packet)).toEqual(packet);
    }
  });

  it("reads the plain JSON of a service that sends NestJS's own replies", () => {
    const packet = { id: 'r7', response: { itemsJson: page }, isDisposed: true };
    expect(deserializer.deserialize(new NatsRecordSerializer().serialize(packet).data)).toEqual(packet);
  });
});

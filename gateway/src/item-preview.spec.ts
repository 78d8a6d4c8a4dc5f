import { DomainError, ItemError } from '@curbside/contracts';
import { findItemPreview } from './create-gateway-app';
import { AdmissionGate, admissionLimits } from './http/admission';
import { ServiceClient } from './http/service-client';

describe(findItemPreview.name, () => {
  const sofa = { title: 'Green sofa', description: 'Comfy', imageUrl: '/api/media/photos/a.webp', latitude: 47.6 };
  const asking = (answer: () => Promise<unknown>) => {
    const asked: unknown[] = [];
    const services = { call: async (_contract: unknown, body: unknown) => (asked.push(body), answer()) } as unknown as ServiceClient;
    return { services, asked };
  };

  it('asks the items service through a place at the gate, gives it back, and keeps three fields of the public view', async () => {
    const gate = new AdmissionGate(admissionLimits(1, 100));
    const { services, asked } = asking(async () => sofa);
    expect(await findItemPreview(services, gate, 'id-1')).toEqual({ title: 'Green sofa', description: 'Comfy', imageUrl: '/api/media/photos/a.webp' });
    expect(asked).toEqual([{ itemId: 'id-1' }]);
    expect(gate.running).toBe(0);
    const missing = asking(async () => {
      throw new DomainError(ItemError.NOT_FOUND, 'Item not found');
    });
    expect(await findItemPreview(missing.services, gate, 'id-2')).toBeNull();
    expect(gate.running).toBe(0);
  });

  it('does not ask while the gate is full (the page then goes without its tags)', async () => {
    const gate = new AdmissionGate(admissionLimits(1, 100));
    const held = gate.tryEnter();
    const { services, asked } = asking(async () => sofa);
    await expect(findItemPreview(services, gate, 'id-1')).rejects.toThrow(/capacity/);
    expect(asked).toEqual([]);
    held?.release();
  });
});

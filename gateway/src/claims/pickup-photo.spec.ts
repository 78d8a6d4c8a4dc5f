import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { decodePickupPhoto } from './pickup-photo';

describe(decodePickupPhoto.name, () => {
  it('decodes a base64 JPEG, with or without a data: prefix, and hashes its bytes', async () => {
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    const plain = decodePickupPhoto(jpeg.toString('base64'));
    expect(plain).toMatchObject({ type: 'jpeg', hash: createHash('sha256').update(jpeg).digest('hex') });
    expect(decodePickupPhoto(`data:image/jpeg;base64,${jpeg.toString('base64')}`).hash).toBe(plain.hash);
  });

  it('refuses what is not an image, not base64, or over 5 MB', () => {
    expect(() => decodePickupPhoto(Buffer.from('hello, not an image').toString('base64'))).toThrow('Please select an image file.');
    expect(() => decodePickupPhoto('***')).toThrow('Please select an image file.');
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0xff);
    expect(() => decodePickupPhoto(big.toString('base64'))).toThrow('Please select an image smaller than 5MB.');
  });
});

import { uploadPhoto } from './upload-photo';

/** An XHR that fails the first `failures` sends for want of an answer, then answers with the photo's URL. */
function fakeXhr(failures: number) {
  const sent: { headers: Record<string, string> }[] = [];
  class FakeXhr {
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    statusText = '';
    responseText = '';
    responseType = '';
    withCredentials = false;
    private readonly headers: Record<string, string> = {};
    open() {}
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send() {
      sent.push({ headers: this.headers });
      queueMicrotask(() => {
        if (sent.length <= failures) return this.onerror?.();
        this.status = 201;
        this.responseText = JSON.stringify({
          imageUrl: '/api/media/photos/a.webp',
          url: '/api/media/photos/a.webp',
          thumbnailUrl: '/api/media/photos/a-thumb.webp',
        });
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('uploadPhoto', () => {
  const file = new File(['x'], 'shelf.jpg', { type: 'image/jpeg' });

  it('sends the photo with one Idempotency-Key, and the same key again when the first answer was lost', async () => {
    const sent = fakeXhr(1);

    expect(await uploadPhoto(file, undefined, [0, 0])).toBe('/api/media/photos/a.webp');

    expect(sent).toHaveLength(2);
    expect(sent[0].headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1].headers['Idempotency-Key']).toBe(sent[0].headers['Idempotency-Key']);
  });

  it('says so when no answer comes after its retries', async () => {
    fakeXhr(3);
    await expect(uploadPhoto(file, undefined, [0, 0])).rejects.toThrow('Network error while uploading');
  });
});

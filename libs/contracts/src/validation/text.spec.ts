import { findUnstorableText, isVisiblyEmpty, unstorableTextMessage } from './text';

describe('text PostgreSQL can store', () => {
  it('finds a NUL or a lone surrogate anywhere in a JSON value, naming where', () => {
    expect(findUnstorableText({ title: 'Chair', location: { description: 'by the\u0000 door' } })).toEqual({ path: 'location.description', problem: 'nul' });
    expect(findUnstorableText({ tags: ['ok', 'bad \ud83d'] })).toEqual({ path: 'tags[1]', problem: 'surrogate' });
    expect(findUnstorableText({ ['k\u0000']: 1 })).toEqual({ path: '(the body)', problem: 'nul' });
    expect(findUnstorableText('\udc00')).toEqual({ path: '(the body)', problem: 'surrogate' });
  });

  it('lets emoji, right-to-left text and marks through', () => {
    expect(findUnstorableText({ title: 'Sofa 🛋️ \u200fكنبة\u200e', n: 3, ok: true, none: null })).toBeNull();
  });

  it('says what to do', () => {
    expect(unstorableTextMessage({ path: 'title', problem: 'nul' })).toBe('title contains a NUL character (\\u0000); remove it and try again');
  });

  it('treats a title of zero-width and direction characters as empty', () => {
    expect(isVisiblyEmpty('\u200b\u200c\u200d\u2060\ufeff \u200f')).toBe(true);
    expect(isVisiblyEmpty('\u200bLamp')).toBe(false);
    expect(isVisiblyEmpty('🛋️')).toBe(false);
  });
});

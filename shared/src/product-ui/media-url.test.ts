import { setRuntimeConfig, type RuntimeConfig } from '../browser/runtime-config';
import { mediaUrl } from './media-url';

describe('mediaUrl', () => {
  it('puts root-relative photo paths on the API origin and leaves the rest alone', () => {
    setRuntimeConfig({ apiBaseUrl: 'http://api.test:4000/' } as RuntimeConfig);
    expect(mediaUrl('/uploads/p/a.webp')).toBe('http://api.test:4000/uploads/p/a.webp');
    expect(mediaUrl('https://cdn.example/a.webp')).toBe('https://cdn.example/a.webp');
    expect(mediaUrl('//cdn.example/a.webp')).toBe('//cdn.example/a.webp');
    expect(mediaUrl('data:image/png;base64,AA')).toBe('data:image/png;base64,AA');
    expect(mediaUrl(null)).toBeUndefined();
    expect(mediaUrl('')).toBeUndefined();
  });
});

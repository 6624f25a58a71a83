// The readings a resource URI is matched in: RFC 3986 normalisation (scheme and host case, escapes of
// unreserved characters, dot segments) and the lenient reading a careless server might open.
import { describe, expect, it } from 'vitest';
import { removeDotSegments, resourceSubjects, resourceUriReadings, sameResourceUri } from '../../../src/main/policy/resource-uri';

describe('remove_dot_segments (RFC 3986 §5.2.4)', () => {
  it('gives the RFC examples', () => {
    expect(removeDotSegments('/a/b/c/./../../g')).toBe('/a/g');
    expect(removeDotSegments('mid/content=5/../6')).toBe('mid/6');
    expect(removeDotSegments('/../../etc/passwd')).toBe('/etc/passwd');
    expect(removeDotSegments('/a/b/..')).toBe('/a/');
    expect(removeDotSegments('/a/./b/.')).toBe('/a/b/');
    expect(removeDotSegments('/a..b/.c/..d')).toBe('/a..b/.c/..d');
    expect(removeDotSegments('')).toBe('');
  });
});

describe('the normalised reading', () => {
  it('lower-cases scheme and host, and nothing else', () => {
    expect(resourceUriReadings('HTTPS://User@Example.COM:8443/Path/File?Q=A#Frag').normalised).toBe('https://User@example.com:8443/Path/File?Q=A#Frag');
    expect(resourceUriReadings('HTTP://[::1]:80/x').normalised).toBe('http://[::1]:80/x');
  });

  it('decodes escaped unreserved characters and upper-cases the hex of the others', () => {
    expect(resourceUriReadings('file:///%7euser/%41%2d%5f%2E%7E').normalised).toBe('file:///~user/A-_.~');
    expect(resourceUriReadings('file:///a%2fb%20c?x=%3d').normalised).toBe('file:///a%2Fb%20c?x=%3D');
  });

  it('removes dot segments, including escaped dots', () => {
    expect(resourceUriReadings('file:///etc/../etc/./passwd').normalised).toBe('file:///etc/passwd');
    expect(resourceUriReadings('file:///x/%2e%2E/etc/passwd').normalised).toBe('file:///etc/passwd');
  });

  it('reads file://localhost/ as file:///', () => {
    expect(resourceUriReadings('file://LOCALHOST/etc/passwd').normalised).toBe('file:///etc/passwd');
    expect(resourceUriReadings('http://localhost/x').normalised).toBe('http://localhost/x');
  });

  it('leaves URIs without a hierarchy, and odd escapes, alone', () => {
    expect(resourceUriReadings('urn:isbn:0451450523').normalised).toBe('urn:isbn:0451450523');
    expect(resourceUriReadings('test://static/resource/1').normalised).toBe('test://static/resource/1');
    expect(resourceUriReadings('file:///100%/%zz').normalised).toBe('file:///100%/%zz');
  });
});

describe('the decoded reading', () => {
  it('decodes every escape, repeatedly, and then resolves the path', () => {
    expect(resourceUriReadings('file:///tmp/..%2F..%2Fetc/passwd')).toMatchObject({ normalised: 'file:///tmp/..%2F..%2Fetc/passwd', decoded: 'file:///etc/passwd', hiddenDots: true });
    expect(resourceUriReadings('file:///tmp/%252E%252E/etc/passwd')).toMatchObject({ decoded: 'file:///etc/passwd', hiddenDots: true });
    expect(resourceUriReadings('file:///tmp/..%5C..%5Cetc/passwd')).toMatchObject({ decoded: 'file:///etc/passwd', hiddenDots: true });
  });

  it('cuts at a NUL, folds repeated and trailing slashes', () => {
    expect(resourceUriReadings('file:///etc/passwd%00.txt').decoded).toBe('file:///etc/passwd');
    expect(resourceUriReadings('file:////etc//passwd/').decoded).toBe('file:///etc/passwd');
    expect(resourceUriReadings('file:///').decoded).toBe('file:///');
  });

  it('reports no hidden dots when decoding only changes characters', () => {
    expect(resourceUriReadings('file:///home/my%20notes%2Fa.txt')).toMatchObject({ decoded: 'file:///home/my notes/a.txt', hiddenDots: false });
    expect(resourceUriReadings('file:///a/../b').hiddenDots).toBe(false);
    expect(resourceUriReadings('file:///%E2%82%AC').decoded).toBe('file:///€');
    expect(resourceUriReadings('file:///%FF').decoded).toBe('file:///%FF');
  });
});

describe('subjects and sameness', () => {
  it('denies on every reading and allows on the normalised one, plus the decoded one when it hides dots', () => {
    expect(resourceSubjects('fs', 'FILE:///a/%62')).toEqual({ deny: ['fs::FILE:///a/%62', 'fs::file:///a/b'], allow: ['fs::file:///a/b'] });
    expect(resourceSubjects('fs', 'file:///a/..%2Fb')).toEqual({
      deny: ['fs::file:///a/..%2Fb', 'fs::file:///b'],
      allow: ['fs::file:///a/..%2Fb', 'fs::file:///b'],
    });
  });

  it('treats two spellings of one resource as the same', () => {
    expect(sameResourceUri('FILE:///etc/%70asswd', 'file:///etc/passwd')).toBe(true);
    expect(sameResourceUri('file:///etc/passwd', 'file:///etc/shadow')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { attachmentHeader, downloadFileName } from './products.downloads';

describe('downloadFileName (issue 26 §4.14: a download is named after its product)', () => {
  it('takes the product name and the uploaded file extension', () => {
    expect(downloadFileName('Sunset session', 'audio-77.mp3', 'audio/mpeg')).toBe('Sunset session.mp3');
    expect(downloadFileName('Live at the Roxy.MP3', 'audio-77.mp3', 'audio/mpeg')).toBe('Live at the Roxy.MP3');
    expect(downloadFileName('Été à Lyon', 'x.PDF', 'application/pdf')).toBe('Été à Lyon.pdf');
  });
  it('an upload without a usable extension: the stored type decides, else none', () => {
    expect(downloadFileName('Novel', 'novel', 'application/pdf')).toBe('Novel.pdf');
    expect(downloadFileName('Novel', '', 'application/octet-stream')).toBe('Novel');
    expect(downloadFileName('Novel', 'weird.name with space', 'image/png')).toBe('Novel.png');
  });
  it('characters a file system refuses become _; an empty name falls back to the file', () => {
    expect(downloadFileName('AC/DC: "Back" <live>?', 'a.mp3', 'audio/mpeg')).toBe('AC_DC_ _Back_ _live__.mp3');
    expect(downloadFileName('   ', 'audio-77.mp3', 'audio/mpeg')).toBe('audio-77.mp3');
  });
  it('the header carries an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentHeader('Été.pdf')).toBe(`attachment; filename="_t_.pdf"; filename*=UTF-8''%C3%89t%C3%A9.pdf`);
  });
});

import { describe, expect, it } from 'vitest';
import { mediaErrorText, toOptions } from './devices';

describe('toOptions', () => {
  it('keeps one kind, drops duplicates and empty ids, names unnamed devices', () => {
    const list = [
      { deviceId: 'c1', kind: 'videoinput' as const, label: 'Front camera' },
      { deviceId: 'm1', kind: 'audioinput' as const, label: '' },
      { deviceId: 'c2', kind: 'videoinput' as const, label: '' },
      { deviceId: 'c1', kind: 'videoinput' as const, label: 'Front camera' },
      { deviceId: '', kind: 'videoinput' as const, label: 'hidden' },
      { deviceId: 'o1', kind: 'audiooutput' as const, label: 'Speakers' },
    ];
    expect(toOptions(list, 'videoinput')).toEqual([
      { deviceId: 'c1', label: 'Front camera' },
      { deviceId: 'c2', label: 'Camera 2' },
    ]);
    expect(toOptions(list, 'audioinput')).toEqual([{ deviceId: 'm1', label: 'Microphone 1' }]);
  });
});

describe('mediaErrorText', () => {
  it('explains a refused permission and a missing device differently', () => {
    expect(mediaErrorText({ name: 'NotAllowedError' })).toMatch(/not allowed/);
    expect(mediaErrorText({ name: 'NotFoundError' })).toMatch(/No camera/);
    expect(mediaErrorText({ name: 'NotReadableError' })).toMatch(/in use/);
  });
});

/**
 * Cameras and microphones: labels are only known after the permission prompt, so the pickers are
 * filled from enumerateDevices once getUserMedia succeeded.
 */
export interface DeviceOption {
  deviceId: string;
  label: string;
}

export interface MediaDevicesList {
  cameras: DeviceOption[];
  microphones: DeviceOption[];
}

/** Device options of a kind; unnamed devices get "Camera 2", "Microphone 1"… */
export function toOptions(devices: ReadonlyArray<Pick<MediaDeviceInfo, 'deviceId' | 'kind' | 'label'>>, kind: 'videoinput' | 'audioinput'): DeviceOption[] {
  const noun = kind === 'videoinput' ? 'Camera' : 'Microphone';
  const seen = new Set<string>();
  const out: DeviceOption[] = [];
  for (const d of devices) {
    if (d.kind !== kind || !d.deviceId || seen.has(d.deviceId)) continue;
    seen.add(d.deviceId);
    out.push({ deviceId: d.deviceId, label: d.label || `${noun} ${out.length + 1}` });
  }
  return out;
}

export async function listDevices(): Promise<MediaDevicesList> {
  const all = await navigator.mediaDevices.enumerateDevices();
  return { cameras: toOptions(all, 'videoinput'), microphones: toOptions(all, 'audioinput') };
}

/** The camera and microphone (the chosen devices, else the defaults). */
export function openMedia(cameraId?: string, microphoneId?: string): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    video: { ...(cameraId ? { deviceId: { exact: cameraId } } : {}), width: { ideal: 1280 }, height: { ideal: 720 } },
    audio: microphoneId ? { deviceId: { exact: microphoneId } } : true,
  });
}

/** What to tell the creator when the camera or microphone cannot be opened. */
export function mediaErrorText(e: unknown): string {
  const name = typeof e === 'object' && e !== null && 'name' in e ? String((e as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'The browser was not allowed to use your camera and microphone. Allow them in the address bar, then try again.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera or microphone was found. Plug one in, then try again.';
  if (name === 'NotReadableError') return 'Your camera or microphone is in use by another app. Close it, then try again.';
  if (typeof navigator !== 'undefined' && !navigator.mediaDevices) return 'This browser cannot use a camera here (a secure https address is needed).';
  return 'Your camera and microphone could not be opened.';
}

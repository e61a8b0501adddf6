import { fieldErrors, errorText } from '@/lib/api';

export interface SettingChange {
  key: string;
  value: unknown;
}
export interface SettingError {
  /** The form field: the key, or a path inside it (`['menus', 0, 'path']`). */
  name: Array<string | number>;
  message: string;
}

/**
 * Saves changed settings one by one (the API takes one key per call). A write refused only because
 * of another pending one (a minimum raised above the old maximum that is being raised too) is
 * retried once the others went through; what still fails is returned with the API's field errors
 * mapped onto the form (`value` → the key, `value.2.path` → [key, 2, 'path']).
 */
export async function saveSettings(changes: SettingChange[], put: (key: string, value: unknown) => Promise<unknown>): Promise<{ saved: SettingChange[]; errors: SettingError[] }> {
  const saved: SettingChange[] = [];
  let pending = changes;
  let failures: Array<{ change: SettingChange; error: unknown }> = [];
  for (;;) {
    failures = [];
    for (const c of pending) {
      try {
        await put(c.key, c.value);
        saved.push(c);
      } catch (error) {
        failures.push({ change: c, error });
      }
    }
    // Retry only while some write went through in this round (it may have unblocked the others).
    if (!failures.length || failures.length === pending.length) break;
    pending = failures.map((f) => f.change);
  }
  const errors = failures.flatMap(({ change, error }): SettingError[] => {
    const fields = Object.entries(fieldErrors(error));
    if (!fields.length) return [{ name: [change.key], message: errorText(error) }];
    return fields.map(([field, message]) => ({
      name: [change.key, ...field.split('.').slice(1).map((p) => (/^\d+$/.test(p) ? Number(p) : p))],
      message,
    }));
  });
  return { saved, errors };
}

import { GENDERS, GENDER_LABELS, ORIENTATIONS } from '@stagepass/shared';

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const genderOptions = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));
export const orientationOptions = ORIENTATIONS.map((o) => ({ value: o, label: cap(o) }));

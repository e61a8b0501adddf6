import type { Gender } from '@stagepass/shared';
import type { Messages } from '@/i18n/messages';

/** Each gender's name in the `forms` messages (shipped with the shell): the profile fields, the profile's About tab and the search filter. */
export const GENDER_KEYS: Record<Gender, keyof Messages['forms']> = {
  female: 'genderFemale',
  male: 'genderMale',
  'non-binary': 'genderNonBinary',
  transgender: 'genderTransgender',
  genderfluid: 'genderGenderfluid',
  agender: 'genderAgender',
  other: 'genderOther',
  'prefer-not-to-say': 'genderPreferNot',
};

/** The key of a gender worth showing (none for "prefer not to say" or an unknown value). */
export function genderKey(gender: string | null | undefined): keyof Messages['forms'] | null {
  if (!gender || gender === 'prefer-not-to-say') return null;
  return (GENDER_KEYS as Record<string, keyof Messages['forms']>)[gender] ?? null;
}

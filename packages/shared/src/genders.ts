/**
 * Genders, without zod: pages that only show or offer them (search filters, profiles) import this
 * small module, not the user schemas (which pull zod into the page's first load).
 */
/** Gender is optional everywhere (fans and creators); `prefer-not-to-say` is a choice of its own. */
export const GENDERS = ['male', 'female', 'transgender', 'non-binary', 'genderfluid', 'agender', 'other', 'prefer-not-to-say'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = {
  female: 'Female', male: 'Male', 'non-binary': 'Non-binary', transgender: 'Transgender', genderfluid: 'Genderfluid',
  agender: 'Agender', other: 'Other', 'prefer-not-to-say': 'Prefer not to say',
};
/** The genders a creator search may filter by (not "prefer not to say"). */
export const SEARCH_GENDERS = GENDERS.filter((g) => g !== 'prefer-not-to-say');
/** A stored gender in words; null when there is none to show (none given, "prefer not to say", or an unknown value). */
export function genderLabel(gender: string | null | undefined): string | null {
  if (!gender || gender === 'prefer-not-to-say') return null;
  return (GENDER_LABELS as Record<string, string>)[gender] ?? null;
}

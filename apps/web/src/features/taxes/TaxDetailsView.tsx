'use client';
/**
 * Saved tax details, read-only (the creator's page above the form, the operator console): the
 * form, who, the tax id masked as the API answers it (never in full), the address and when it was
 * certified.
 */
import { TAX_FORM_LABELS, W9_CLASSIFICATION_LABELS, type TaxDetailsView as View } from '@stagepass/shared';
import { fullDate } from '@/lib/format';
import { useCountryOptions } from '@/components/form/useCountries';
import css from './taxes.module.css';

export default function TaxDetailsView({ view, label = 'Saved tax details' }: { view: View; label?: string }) {
  const countries = useCountryOptions();
  const name = (code: string) => countries.options.find((o) => o.value === code)?.label ?? code;
  const address = [view.addressLine1, view.addressLine2, [view.city, view.region, view.postalCode].filter(Boolean).join(' '), view.form === 'w9' ? 'United States' : name(view.addressCountry)]
    .filter(Boolean)
    .join(', ');
  return (
    <dl className={css.facts} aria-label={label}>
      <dt>Form</dt>
      <dd>{TAX_FORM_LABELS[view.form]}</dd>
      <dt>Individual or business</dt>
      <dd>{view.entityType === 'business' ? 'Business' : 'Individual'}</dd>
      <dt>Legal name</dt>
      <dd>{view.legalName}</dd>
      {view.form === 'w9' ? (
        <>
          {view.businessName && (
            <>
              <dt>Business name</dt>
              <dd>{view.businessName}</dd>
            </>
          )}
          <dt>Federal tax classification</dt>
          <dd>{W9_CLASSIFICATION_LABELS[view.classification]}</dd>
          <dt>{view.tinType.toUpperCase()}</dt>
          <dd className={css.mono}>{view.tin}</dd>
        </>
      ) : (
        <>
          <dt>Country of citizenship</dt>
          <dd>{name(view.citizenshipCountry)}</dd>
          <dt>Foreign tax id</dt>
          <dd className={css.mono}>{view.foreignTaxId}</dd>
          <dt>Treaty country</dt>
          <dd>{view.treatyCountry ? name(view.treatyCountry) : 'None claimed'}</dd>
        </>
      )}
      <dt>Address</dt>
      <dd>{address}</dd>
      <dt>Certified</dt>
      <dd>
        {fullDate(view.certifiedAt)} — signed “{view.signature}”
      </dd>
    </dl>
  );
}

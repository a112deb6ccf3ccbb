import type { ReactNode } from 'react';

/** One line of a staff card's facts (`<dl className="staff-facts">`): its name, then its value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A fact the record may not have: left out, rather than shown empty, when it has no value. */
export function OptionalFact({
  label,
  value,
}: {
  label: string;
  value: string | number | null | undefined;
}) {
  if (value === null || value === undefined || value === '') return null;
  return <Fact label={label}>{value}</Fact>;
}

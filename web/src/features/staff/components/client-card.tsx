import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTER_CODE_LENGTH, staffCan, type StaffClient } from '@store/contract/staff/schemas';
import { TextField } from '../../../components/form-fields';
import { useStaff } from './staff-context';
import { OptionalFact } from './fact';
import { RedeemPanel } from './redeem-panel';
import { ProductsPanel } from './products-panel';
import { PointsPanel, StampsPanel } from './balance-panels';
import type { Proof } from './proof';

/** The found client: who they are, their balances in each program and what staff can do for them. */
export function ClientCard({
  client,
  onNewSearch,
  scannedQr = null,
}: {
  client: StaffClient;
  onNewSearch: () => void;
  /** The member QR the client was found by, sent along as the proof. */
  scannedQr?: string | null;
}) {
  const { t } = useTranslation();
  const { me } = useStaff();
  const [code, setCode] = useState('');
  const [qrSpent, setQrSpent] = useState(false);
  const typed = code.replace(/\D/g, '');
  const qr = qrSpent ? null : scannedQr;
  const proof: Proof = {
    value: typed || qr || undefined,
    used: () => (typed ? setCode('') : setQrSpent(true)),
  };
  const fullName = `${client.first_name} ${client.last_name}`.trim();
  return (
    <>
      <section
        className="staff-panel staff-client"
        aria-labelledby="staff-client-name"
        data-testid="staff-client"
      >
        <div className="staff-client__head">
          <div>
            <h2 id="staff-client-name" className="staff-panel__title">
              {fullName || t('staff.noName')}
            </h2>
            <dl className="staff-facts">
              <OptionalFact
                label={
                  client.document_type
                    ? t(`auth.documentTypes.${client.document_type}`)
                    : t('staff.documentNumber')
                }
                value={client.document_number}
              />
              <OptionalFact label={t('staff.email')} value={client.email} />
              <OptionalFact label={t('staff.mobilePhone')} value={client.mobile_phone} />
            </dl>
          </div>
          <button type="button" className="button button--ghost" onClick={onNewSearch}>
            {t('staff.newSearch')}
          </button>
        </div>
        <h3 className="staff-panel__subtitle">{t('staff.memberships')}</h3>
        {client.memberships.length === 0 ? (
          <p className="staff-muted">{t('staff.noMemberships')}</p>
        ) : (
          <ul className="staff-memberships">
            {client.memberships.map((m) => (
              <li key={m.program_uid} className="staff-membership" data-program={m.program_uid}>
                <strong>{m.program_name}</strong>
                {m.level ? (
                  <span className="staff-membership__level">
                    {t('staff.level', { level: m.level })}
                  </span>
                ) : null}
                <dl className="staff-balances">
                  <div>
                    <dt>{t('staff.points')}</dt>
                    <dd data-testid="balance-points">{m.points}</dd>
                  </div>
                  <div>
                    <dt>{t('staff.coins')}</dt>
                    <dd data-testid="balance-coins">{m.coins}</dd>
                  </div>
                  <div>
                    <dt>{t('staff.stamps')}</dt>
                    <dd data-testid="balance-stamps">{m.stamps}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>
      {client.memberships.length && staffCan(me.role, 'redeem') ? (
        <section className="staff-panel staff-proof" data-testid="staff-proof">
          {scannedQr ? (
            <p className="staff-muted" data-testid="staff-proof-qr">
              {qrSpent ? t('staff.proofQrUsed') : t('staff.proofByQr')}
            </p>
          ) : null}
          <TextField
            label={t('staff.proofLabel')}
            hint={t('staff.proofHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={COUNTER_CODE_LENGTH}
            name="counter-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </section>
      ) : null}
      {client.memberships.length ? (
        <div className="staff-actions">
          {staffCan(me.role, 'redeem') ? <RedeemPanel client={client} proof={proof} /> : null}
          {staffCan(me.role, 'redeem') ? <ProductsPanel client={client} proof={proof} /> : null}
          {staffCan(me.role, 'stamps') ? <StampsPanel client={client} /> : null}
          {staffCan(me.role, 'points') ? <PointsPanel client={client} /> : null}
        </div>
      ) : null}
    </>
  );
}

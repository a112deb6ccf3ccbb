import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderNotificationSettings } from '@store/contract/admin/orders';
import { ApiError } from '../../../api/client';
import { CheckboxField, FormAlert, TextField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { useMe } from '../../../api/get-me';
import { serverFormErrors } from '../../../lib/form-errors';
import { useOrderNotifications, useSaveOrderNotifications } from './api/order-notifications';

/**
 * "Avisos de pedidos" (owner): a mail per new order to someone of the team, and whether
 * customers are mailed when their order is accepted, on its way or ready for pickup.
 */
export function OrderNotifications() {
  const { t } = useTranslation();
  const query = useOrderNotifications();
  return (
    <section className="admin-panel" aria-labelledby="admin-order-notices-title">
      <h2 id="admin-order-notices-title" className="admin-panel__title">
        {t('admin.settings.orders.title')}
      </h2>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <p className="admin-empty">
          {t('admin.fetchError')}{' '}
          <button type="button" className="button" onClick={() => void query.refetch()}>
            {t('admin.retry')}
          </button>
        </p>
      ) : (
        <NoticesForm saved={query.data} />
      )}
    </section>
  );
}

function NoticesForm({ saved }: { saved: OrderNotificationSettings }) {
  const { t } = useTranslation();
  const me = useMe();
  const save = useSaveOrderNotifications();
  const [mailOn, setMailOn] = useState(saved.new_order_mail_to !== null);
  // Null until the owner types one: the owner's own address is then offered, whenever their
  // account arrives (it may after the box is ticked), and never saved unasked.
  const [typed, setTyped] = useState<string | null>(saved.new_order_mail_to);
  const to = typed ?? me.data?.email ?? '';
  const [customers, setCustomers] = useState(saved.customer_status_mails);
  const [version, setVersion] = useState(saved.version);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; general: string[] }>({
    fields: {},
    general: [],
  });
  const [notice, setNotice] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    setErrors({ fields: {}, general: [] });
    try {
      const answer = await save.mutateAsync({
        new_order_mail_to: mailOn ? to : null,
        customer_status_mails: customers,
        version,
      });
      setVersion(answer.version);
      setNotice(t('admin.settings.orders.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const current = (error.body as { current: OrderNotificationSettings }).current;
        setVersion(current.version);
        setMailOn(current.new_order_mail_to !== null);
        setTyped(current.new_order_mail_to);
        setCustomers(current.customer_status_mails);
        setErrors({ fields: {}, general: [t('admin.settings.orders.conflict')] });
        return;
      }
      const parsed = serverFormErrors(error, ['new_order_mail_to', 'customer_status_mails']);
      setErrors({
        fields: parsed.fields,
        general:
          parsed.general.length || Object.keys(parsed.fields).length
            ? parsed.general
            : [t('admin.settings.orders.saveError')],
      });
    }
  };

  return (
    <form className="admin-notices" onSubmit={(e) => void submit(e)} noValidate>
      <p className="admin-page__note">{t('admin.settings.orders.text')}</p>
      <CheckboxField
        label={t('admin.settings.orders.newOrderMail')}
        checked={mailOn}
        onChange={(e) => {
          setMailOn(e.target.checked);
          // Ticked with no address: the owner's own is offered again.
          if (e.target.checked && !typed) setTyped(null);
        }}
      />
      {mailOn ? (
        <TextField
          label={t('admin.settings.orders.newOrderMailTo')}
          type="email"
          autoComplete="email"
          hint={t('admin.settings.orders.newOrderMailHint')}
          value={to}
          onChange={(e) => setTyped(e.target.value)}
          error={errors.fields.new_order_mail_to}
        />
      ) : null}
      <CheckboxField
        label={t('admin.settings.orders.customerMails')}
        checked={customers}
        onChange={(e) => setCustomers(e.target.checked)}
        error={errors.fields.customer_status_mails}
      />
      <p className="admin-page__note">{t('admin.settings.orders.customerMailsHint')}</p>
      <FormAlert messages={errors.general} />
      <div className="admin-notices__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? t('admin.settings.orders.saving') : t('admin.settings.orders.save')}
        </button>
        <span role="status" className="admin-page__note">
          {notice ?? ''}
        </span>
      </div>
    </form>
  );
}

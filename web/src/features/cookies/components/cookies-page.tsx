import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { openCookieSettings } from '../consent';

/** /cookies/: what each cookie is for and how long it lasts. */
export function CookiesPage() {
  const { t } = useTranslation();
  const rows = [
    { name: '_ga', purpose: t('cookies.gaPurpose'), duration: t('cookies.gaDuration') },
    { name: '_guid', purpose: t('cookies.guidPurpose'), duration: t('cookies.guidDuration') },
    {
      name: 'cookies_accepted',
      purpose: t('cookies.acceptPurpose'),
      duration: t('cookies.acceptDuration'),
    },
  ];
  return (
    <main className="standalone-page">
      <article className="legal">
        <Link to="/" className="legal__back">
          ← {t('common.backHome')}
        </Link>
        <h1 className="legal__title">{t('cookies.pageTitle')}</h1>
        <p>{t('cookies.pageIntro')}</p>
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('cookies.colName')}</th>
                <th scope="col">{t('cookies.colPurpose')}</th>
                <th scope="col">{t('cookies.colDuration')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.name}>
                  <td>
                    <code>{row.name}</code>
                  </td>
                  <td>{row.purpose}</td>
                  <td>{row.duration}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>{t('cookies.pageOutro')}</p>
        <button type="button" className="button button--primary" onClick={openCookieSettings}>
          {t('cookies.openSettings')}
        </button>
      </article>
    </main>
  );
}
